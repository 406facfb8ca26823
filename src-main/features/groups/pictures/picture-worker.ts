/**
 * The worker thread that downloads and stores group pictures, so that tens of thousands of
 * them after a first sync never take main's thread: each download, its size and type
 * checks, the file written and the manifest all happen here. Main decides only what the
 * worker cannot (the proxy, and what a host name resolves to: see DialBook) and keeps the
 * lookup of files by group (PictureStore). The requests are in picture-protocol.ts.
 */
import type { Logger } from '../../../platform/log/log'
import { DialNotPlanned } from '../../../platform/net/planned-dial'
import { serveRequests } from '../../../platform/worker/serve-requests'
import { PictureDownloadError } from './download'
import { PictureFolder, type WorkItem } from './picture-folder'
import type { FolderSpec, LogNote, OneReply, PictureKind, PictureNote, PictureReply, PictureRequest } from './picture-protocol'
import { PictureRun } from './picture-run'

/** Lines kept for the next reply at most; a flood of them is cut, and says so. */
const MAX_NOTES = 100
const notes: LogNote[] = []
let notesCut = 0

function note(level: LogNote['level'], message: string, data?: Record<string, unknown>): void {
  if (notes.length < MAX_NOTES) notes.push({ level, message, ...(data && { data }) })
  else notesCut++
}

const log: Logger = {
  debug: () => undefined,
  info: (message, data) => note('info', message, data),
  warn: (message, data) => note('warn', message, data),
  error: (message, data) => note('warn', message, data),
}

function drained(): LogNote[] {
  // developer-only: a log line of how many picture log lines were left out
  if (notesCut > 0) notes.push({ level: 'warn', message: 'picture worker log lines left out', data: { count: notesCut } })
  notesCut = 0
  return notes.splice(0)
}

const folders = new Map<string, Promise<PictureFolder>>()
const runs = new Map<number, { folder: PictureFolder; run: PictureRun }>()

async function folderFor(spec: FolderSpec): Promise<PictureFolder> {
  let opening = folders.get(spec.dir)
  if (!opening) {
    opening = PictureFolder.open(spec, log)
    folders.set(spec.dir, opening)
    opening.catch(() => folders.delete(spec.dir))
  }
  const folder = await opening
  folder.use(spec)
  return folder
}

function reasonOf(error: unknown): string {
  return error instanceof PictureDownloadError ? error.reason : error instanceof Error ? error.message : 'unknown'
}

/** One picture now, with the stored one's ETag; one that must come through main says so. */
async function fetchOne(folder: PictureFolder, kind: PictureKind, id: string, url: string): Promise<OneReply> {
  const item: WorkItem = { id, url, previous: folder.entryOf(kind, id) }
  try {
    const entry = await folder.storeFetched(kind, item, await folder.download(kind, item))
    folder.record(kind, id, entry)
    await folder.save()
    return { file: entry.file }
  } catch (error) {
    if (error instanceof DialNotPlanned) return { viaMain: { id, url, etag: item.previous?.etag ?? null } }
    return { failed: reasonOf(error) }
  }
}

async function store(request: Extract<PictureRequest, { type: 'store' }>): Promise<OneReply> {
  const { kind, id, url, got } = request
  const folder = await folderFor(request.folder)
  const item: WorkItem = { id, url, previous: folder.entryOf(kind, id) }
  try {
    const bytes = got.status === 'downloaded' ? new Uint8Array(got.bytes) : null
    // Main read it under the same cap; a worker stores nothing it would not have read itself.
    if (bytes && bytes.byteLength > request.folder.maxBytes[kind]) throw new PictureDownloadError('too-large')
    const entry = await folder.storeFetched(
      kind,
      item,
      bytes && got.status === 'downloaded' ? { status: 'downloaded', bytes, etag: got.etag } : { status: 'unchanged' },
    )
    folder.record(kind, id, entry)
    if (request.save) await folder.save()
    return { file: entry.file }
  } catch (error) {
    return { failed: reasonOf(error) }
  }
}

/** `answer`, then the folder's pack let go when no run is writing to it (see PictureFolder.rest). */
async function thenRest<T>(spec: FolderSpec, answer: Promise<T>): Promise<T> {
  try {
    return await answer
  } finally {
    const folder = await folders.get(spec.dir)?.catch(() => undefined)
    if (folder && ![...runs.values()].some((known) => known.folder === folder)) folder.rest()
  }
}

async function handle(request: PictureRequest): Promise<unknown> {
  switch (request.type) {
    case 'open':
      return (await folderFor(request.folder)).lookup()
    case 'plan': {
      const folder = await folderFor(request.folder)
      const { reply, work } = await folder.plan(request.refs, request.trustStored)
      runs.get(request.run)?.run.cancel()
      runs.set(request.run, { folder, run: new PictureRun(folder, work, request.concurrency) })
      return reply
    }
    case 'thumbs': {
      const known = runs.get(request.run)
      // developer-only: a request for a run this worker does not know (it was started again), for the log
      if (!known) throw new Error('no such picture run')
      known.folder.dial.learn(request.dial)
      return known.run.chunk(request.from, request.to)
    }
    case 'one': {
      const folder = await folderFor(request.folder)
      folder.dial.learn(request.dial)
      return thenRest(request.folder, fetchOne(folder, request.kind, request.id, request.url))
    }
    case 'store':
      return thenRest(request.folder, store(request))
    case 'forget':
      return { entries: await (await folderFor(request.folder)).forget(request.file) }
    case 'finish': {
      runs.get(request.run)?.run.cancel()
      runs.delete(request.run)
      return {
        swept: await thenRest(
          request.folder,
          folderFor(request.folder).then((folder) => folder.finish()),
        ),
      }
    }
    case 'release':
      return release(request.folder.dir)
  }
}

async function release(dir: string): Promise<null> {
  const opening = folders.get(dir)
  folders.delete(dir)
  const folder = await opening?.catch(() => undefined)
  if (!folder) return null
  for (const [id, known] of runs) {
    if (known.folder !== folder) continue
    known.run.cancel()
    runs.delete(id)
  }
  await folder.close()
  return null
}

serveRequests<PictureRequest, PictureReply, PictureNote>({
  reply: async (request) => ({ value: await handle(request), log: drained() }),
  hear: (heard) => runs.get(heard.run)?.run.cancel(),
  transfer: ({ value }) => {
    const originOf = (value as { originOf?: unknown } | null)?.originOf
    return originOf instanceof Uint32Array ? [originOf.buffer as ArrayBuffer] : []
  },
})
