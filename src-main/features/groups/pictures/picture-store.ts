import { access } from 'node:fs/promises'
import { join } from 'node:path'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { DialBook, type GetLike, type NamedDial } from '../../../platform/net'
import { movable } from '../../../platform/worker/worker-client'
import type { PackedRefs, PictureRef } from '../index'
import { PictureDownloadError, fetchPicture, isPictureUrl } from './download'
import { packPictureRefs } from './packed-refs'
import { pictureIntact } from './picture-check'
import { MANIFEST_FILE, OLD_MANIFEST_FILE } from './picture-manifest'
import { placeOf, type PicturePlace } from './picture-names'
import {
  OFFLINE_AFTER,
  type ChunkReply,
  type FetchedBytes,
  type FolderSpec,
  type PictureKind,
  type PictureLookup,
  type PlanReply,
  type ViaMain,
} from './picture-protocol'
import { pictureThread } from './picture-thread'

export const PICTURES_DIR = 'pictures'
/** Where the renderer finds pictures on our own origin (app protocol and web mode alike). */
export const PICTURES_URL_PREFIX = '/pictures/'

export interface PictureSyncResult {
  downloaded: number
  unchanged: number
  failed: number
  removed: number
  /** True when it stopped early because the picture host could not be reached. */
  stoppedOffline: boolean
}

/** How one account reaches the URLs its server named: main's GET, and what a worker needs to dial them as main would. */
export interface PictureNet {
  get: GetLike
  dial: NamedDial
}

export interface PictureStoreOptions {
  /** The account's folder; pictures go in its `pictures/` subfolder. */
  accountDir: string
  accountId: string
  net: PictureNet
  log?: Logger
  maxThumbBytes?: number
  maxFullBytes?: number
  timeoutMs?: number
}

export interface PictureSyncOptions {
  signal?: AbortSignal
  concurrency?: number
  /** Called now and then as pictures land, so lists can show them. */
  onProgress?: (done: number, of: number) => void
}

export const DEFAULT_PICTURE_CONCURRENCY = 6
/** Pictures a request to the worker names: about a second of downloads, so the rows fill in as they come. */
const CHUNK = 128
/** Requests on their way at once, so the worker's lanes never wait for main's next one. */
const CHUNKS_AHEAD = 2

let runs = 0

type Outcome = { file: string; downloaded: boolean } | { failed: string; network: boolean }

/**
 * One account's group pictures: main's side. Thumbnails are fetched after each sync (only
 * the new and the changed: a known URL is not fetched again, a changed one is asked for
 * with the stored ETag); full-size pictures when first shown. The work (downloads, their
 * checks, the files and the manifest) is the picture worker's (picture-worker.ts); main
 * keeps the lookup of files by group that rows are made with, and decides for the worker
 * what only main can: the proxy, and each host's addresses (DialBook).
 */
export class PictureStore {
  readonly dir: string
  readonly accountId: string
  readonly #net: PictureNet
  readonly #log: Logger
  readonly #folder: FolderSpec
  /** Stored files by group: the thumbnail's, and the full picture's with the URL it came from. */
  readonly #thumbs = new Map<string, string>()
  readonly #full = new Map<string, { url: string; file: string }>()
  readonly #fullInFlight = new Map<string, Promise<string | null>>()
  /** Files whose content was checked in this run: each is read once, not at every request. */
  readonly #intact = new Set<string>()
  readonly #repairs = new Map<string, Promise<string | null>>()
  /** A sync's plan checked every stored file: later ones in this run of the app trust them. */
  #checked = false

  private constructor(options: PictureStoreOptions) {
    this.dir = join(options.accountDir, PICTURES_DIR)
    this.accountId = options.accountId
    this.#net = options.net
    this.#log = options.log ?? silentLogger
    this.#folder = {
      dir: this.dir,
      trustedBaseUrl: options.net.dial.trustedBaseUrl,
      maxBytes: { thumbs: options.maxThumbBytes ?? 2 * 1024 * 1024, full: options.maxFullBytes ?? 10 * 1024 * 1024 },
      timeoutMs: options.timeoutMs ?? 30_000,
    }
  }

  /** The account's pictures, their lookup read by the worker (none yet: no worker started). */
  static async open(options: PictureStoreOptions): Promise<PictureStore> {
    const store = new PictureStore(options)
    const exists = (name: string): Promise<boolean> =>
      access(join(store.dir, name)).then(
        () => true,
        () => false,
      )
    const stored = (await exists(MANIFEST_FILE)) || (await exists(OLD_MANIFEST_FILE))
    if (!stored) return store
    try {
      store.#take(await pictureThread.request({ type: 'open', folder: store.#folder }, store.#log))
    } catch (error) {
      // Pictures are not needed to list groups: they show initials, and the next sync fetches them.
      store.#log.warn('picture manifest not read', { reason: error instanceof Error ? error.message : 'unknown' })
    }
    return store
  }

  /** The cached thumbnail's URL on our origin, or null (the list then draws initials). */
  thumbUrl(group: PictureRef): string | null {
    if (!group.chat_pic) return null
    const file = this.#thumbs.get(group.id)
    return file === undefined ? null : this.#url(file)
  }

  /**
   * The full picture's URL on our origin: the stored file when there is one, else a route
   * that fetches it when first shown (and 404s offline; the thumbnail is the fallback).
   */
  fullUrl(group: PictureRef): string | null {
    if (!group.chat_pic_full || !isPictureUrl(group.chat_pic_full)) return null
    const entry = this.#full.get(group.id)
    if (entry && entry.url === group.chat_pic_full) return this.#url(entry.file)
    return `${PICTURES_URL_PREFIX}${encodeURIComponent(this.accountId)}/full/${encodeURIComponent(group.id)}`
  }

  /** Where a stored picture's bytes are, by its name (`path`: the file holding them); null for any name this store did not write. */
  placeOf(file: string): (PicturePlace & { path: string }) | null {
    const place = placeOf(file)
    return place === null ? null : { ...place, path: join(this.dir, place.file) }
  }

  /**
   * Where a stored picture to serve is, its content checked: a damaged one is fetched again
   * from the URL it came from (and that picture's place given), or null.
   */
  async servable(file: string): Promise<(PicturePlace & { path: string }) | null> {
    if (this.placeOf(file) === null) return null
    if (this.#intact.has(file) || (await pictureIntact(this.dir, file))) {
      this.#intact.add(file)
      return this.placeOf(file)
    }
    let repair = this.#repairs.get(file)
    if (!repair) {
      repair = this.#repair(file).finally(() => this.#repairs.delete(file))
      this.#repairs.set(file, repair)
    }
    const fresh = await repair
    return fresh === null ? null : this.placeOf(fresh)
  }

  /** Downloads the thumbnails that are new or changed and drops those of groups gone. */
  async syncThumbs(groups: readonly PictureRef[] | PackedRefs, options: PictureSyncOptions = {}): Promise<PictureSyncResult> {
    const result: PictureSyncResult = { downloaded: 0, unchanged: 0, failed: 0, removed: 0, stoppedOffline: false }
    const refs = 'ends' in groups ? groups : packPictureRefs(groups as readonly PictureRef[])
    const run = ++runs
    const { signal } = options
    const cancel = (): void => pictureThread.notify({ type: 'cancel', run })
    pictureThread.hold()
    signal?.addEventListener('abort', cancel, { once: true })
    try {
      const [bytes, ends, full] = [refs.bytes, refs.ends, refs.full].map((array) =>
        movable(new Uint8Array(array.buffer, array.byteOffset, array.byteLength)),
      ) as [ArrayBuffer, ArrayBuffer, ArrayBuffer]
      const concurrency = Math.max(1, options.concurrency ?? DEFAULT_PICTURE_CONCURRENCY)
      const plan = await pictureThread.request(
        {
          type: 'plan',
          folder: this.#folder,
          run,
          refs: { count: refs.count, bytes: new Uint8Array(bytes), ends: new Uint32Array(ends), full: new Uint8Array(full) },
          trustStored: this.#checked,
          concurrency,
        },
        this.#log,
        [bytes, ends, full],
      )
      this.#checked = true
      for (const id of plan.dropped.thumbs) this.#thumbs.delete(id)
      for (const id of plan.dropped.full) this.#full.delete(id)
      for (let i = 0; i + 1 < plan.moved.length; i += 2) this.#thumbs.set(plan.moved[i] as string, plan.moved[i + 1] as string)
      result.removed = plan.dropped.thumbs.length
      result.unchanged = plan.unchanged
      await this.#fetchRun(run, plan, result, { ...options, concurrency })
    } finally {
      signal?.removeEventListener('abort', cancel)
      await pictureThread.request({ type: 'finish', folder: this.#folder, run }, this.#log).catch((error: unknown) => {
        this.#log.warn('picture run not finished', { reason: error instanceof Error ? error.message : 'unknown' })
      })
      pictureThread.release()
    }
    return result
  }

  /** The full picture's file name, fetched now if it is not stored yet; null when it cannot be had. */
  fullFile(group: PictureRef, signal?: AbortSignal): Promise<string | null> {
    const url = group.chat_pic_full
    if (!url || !isPictureUrl(url)) return Promise.resolve(null)
    const entry = this.#full.get(group.id)
    if (entry && entry.url === url) return Promise.resolve(entry.file)
    let pending = this.#fullInFlight.get(group.id)
    if (!pending) {
      pending = this.#fetchOne('full', group.id, url, signal)
        .then((outcome) => {
          if ('file' in outcome) return outcome.file
          this.#log.info('full picture not available', { reason: outcome.failed })
          return null
        })
        .finally(() => this.#fullInFlight.delete(group.id))
      this.#fullInFlight.set(group.id, pending)
    }
    return pending
  }

  /** The account's pictures are not shown any more: the worker saves and lets go of its folder. */
  async release(): Promise<void> {
    if (!pictureThread.running) return
    await pictureThread.request({ type: 'release', folder: this.#folder }, this.#log).catch(() => undefined)
  }

  async #fetchRun(run: number, plan: PlanReply, result: PictureSyncResult, options: PictureSyncOptions & { concurrency: number }) {
    const { signal, onProgress } = options
    const book = new DialBook(this.#net.dial)
    let next = 0
    let stopped = false
    let posting: Promise<unknown> = Promise.resolve()
    const stop = (): void => {
      stopped = true
      pictureThread.notify({ type: 'cancel', run })
    }
    /** Posts the next chunk once the one before it is posted: the worker learns each origin before any request names it. */
    const send = (): Promise<ChunkReply> => {
      const from = next
      const to = (next = Math.min(plan.work, from + CHUNK))
      const origins = new Set<string>()
      for (let i = from; i < to; i++) origins.add(plan.origins[plan.originOf[i] as number] as string)
      const posted = posting.then(async () => {
        const dial = await book.plan(origins)
        return { reply: pictureThread.request({ type: 'thumbs', folder: this.#folder, run, from, to, dial }, this.#log) }
      })
      posting = posted.catch(() => undefined)
      return posted.then(({ reply }) => reply)
    }
    const pending: Promise<ChunkReply>[] = []
    const viaMain = { failures: 0 }
    try {
      while (next < plan.work && pending.length < CHUNKS_AHEAD) pending.push(send())
      while (pending.length > 0) {
        const reply = await (pending.shift() as Promise<ChunkReply>)
        this.#applyChunk(reply, result)
        if (reply.stoppedOffline) result.stoppedOffline = stopped = true
        if (!stopped && !signal?.aborted && next < plan.work) pending.push(send())
        if (!stopped && !signal?.aborted && reply.viaMain.length > 0)
          await this.#viaMainLanes(reply.viaMain, result, { ...options, failures: viaMain, stop })
        onProgress?.(result.downloaded + result.failed, plan.work)
      }
    } finally {
      // A run that failed part-way leaves no request's failure unheard.
      for (const left of pending) left.catch(() => undefined)
    }
  }

  #applyChunk(reply: ChunkReply, result: PictureSyncResult): void {
    for (let i = 0; i + 1 < reply.stored.length; i += 2) this.#thumbs.set(reply.stored[i] as string, reply.stored[i + 1] as string)
    result.downloaded += reply.downloaded
    result.unchanged += reply.unchanged
    result.failed += reply.failed
  }

  /** Pictures main fetches itself (see ViaMain), as many at once as the worker's lanes. */
  async #viaMainLanes(
    items: readonly ViaMain[],
    result: PictureSyncResult,
    options: { signal?: AbortSignal; concurrency: number; failures: { failures: number }; stop: () => void },
  ): Promise<void> {
    let next = 0
    const lane = async (): Promise<void> => {
      while (next < items.length && !options.signal?.aborted && !result.stoppedOffline) {
        const item = items[next++] as ViaMain
        const outcome = await this.#viaMain('thumbs', item, { save: false, ...(options.signal && { signal: options.signal }) })
        if ('file' in outcome) {
          this.#thumbs.set(item.id, outcome.file)
          if (outcome.downloaded) result.downloaded++
          else result.unchanged++
          options.failures.failures = 0
          continue
        }
        if (options.signal?.aborted) return
        result.failed++
        if (outcome.network && ++options.failures.failures >= OFFLINE_AFTER) {
          result.stoppedOffline = true
          options.stop()
        }
      }
    }
    await Promise.all(Array.from({ length: options.concurrency }, lane))
  }

  /** One picture now (through main when the worker cannot dial it), recorded in the lookup. */
  async #fetchOne(kind: PictureKind, id: string, url: string, signal?: AbortSignal): Promise<Outcome> {
    try {
      const dial = await new DialBook(this.#net.dial).plan([new URL(url).origin])
      const reply = await pictureThread.request({ type: 'one', folder: this.#folder, kind, id, url, dial }, this.#log)
      if ('failed' in reply) return { failed: reply.failed, network: false }
      const outcome =
        'viaMain' in reply
          ? await this.#viaMain(kind, reply.viaMain, { save: true, ...(signal && { signal }) })
          : { file: reply.file, downloaded: true }
      if ('file' in outcome) this.#remember(kind, id, url, outcome.file)
      return outcome
    } catch (error) {
      return { failed: error instanceof Error ? error.message : 'unknown', network: false }
    }
  }

  /** Fetches a picture through main's own GET (the proxy's way), for the worker to check and store. */
  async #viaMain(kind: PictureKind, item: ViaMain, options: { save: boolean; signal?: AbortSignal }): Promise<Outcome> {
    let got: FetchedBytes
    let transfer: ArrayBuffer[] = []
    try {
      const fetched = await fetchPicture(this.#net.get, item.url, {
        etag: item.etag,
        maxBytes: this.#folder.maxBytes[kind],
        timeoutMs: this.#folder.timeoutMs,
        ...(options.signal && { signal: options.signal }),
      })
      if (fetched.status === 'unchanged') got = fetched
      else {
        const bytes = movable(fetched.bytes)
        transfer = [bytes]
        got = { status: 'downloaded', bytes, etag: fetched.etag }
      }
    } catch (error) {
      const network = error instanceof PictureDownloadError && error.network
      return { failed: error instanceof PictureDownloadError ? error.reason : 'unknown', network }
    }
    const reply = await pictureThread.request(
      { type: 'store', folder: this.#folder, kind, id: item.id, url: item.url, got, save: options.save },
      this.#log,
      transfer,
    )
    return 'file' in reply
      ? { file: reply.file, downloaded: got.status === 'downloaded' }
      : { failed: 'failed' in reply ? reply.failed : 'unknown', network: false }
  }

  async #repair(file: string): Promise<string | null> {
    let named: { kind: PictureKind; id: string; url: string }[]
    try {
      ;({ entries: named } = await pictureThread.request({ type: 'forget', folder: this.#folder, file }, this.#log))
    } catch {
      return null
    }
    let fresh: string | null = null
    for (const { kind, id, url } of named) {
      if (kind === 'thumbs') this.#thumbs.delete(id)
      else this.#full.delete(id)
      const outcome = await this.#fetchOne(kind, id, url)
      if ('file' in outcome) fresh ??= outcome.file
      else this.#log.info('damaged picture not fetched again', { reason: outcome.failed })
    }
    return fresh
  }

  #remember(kind: PictureKind, id: string, url: string, file: string): void {
    if (kind === 'thumbs') this.#thumbs.set(id, file)
    else this.#full.set(id, { url, file })
  }

  #take(lookup: PictureLookup): void {
    const { thumbs, full } = lookup
    for (let i = 0; i + 1 < thumbs.length; i += 2) this.#thumbs.set(thumbs[i] as string, thumbs[i + 1] as string)
    for (let i = 0; i + 2 < full.length; i += 3)
      this.#full.set(full[i] as string, { url: full[i + 1] as string, file: full[i + 2] as string })
  }

  #url(file: string): string {
    return `${PICTURES_URL_PREFIX}${encodeURIComponent(this.accountId)}/${file}`
  }
}
