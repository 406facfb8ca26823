import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { errnoCode, nodeFiles } from '../../../platform/files/fs-port'
import type { Logger } from '../../../platform/log/log'
import { PlannedDial } from '../../../platform/net/planned-dial'
import type { BodyBuffer } from './body-buffer'
import { PictureDownloadError, fetchPicture, isPictureUrl, pictureExtension, type Fetched } from './download'
import { FIELD, RefsReader } from './packed-refs'
import { foldSparsePacks } from './pack-fold'
import { PackWriter } from './pack-writer'
import { pictureIntact } from './picture-check'
import { PictureManifest, type PictureEntry } from './picture-manifest'
import { PACK_FILE, PICTURE_FILE, isPictureName, packedName, placeOf } from './picture-names'
import type { PackedRefs } from '../index'
import type { FolderSpec, PictureKind, PictureLookup, PlanReply } from './picture-protocol'

/** A picture a run is to fetch; `previous` is the stored one whose ETag it asks with. */
export interface WorkItem {
  id: string
  url: string
  previous: PictureEntry | undefined
}

const hash = (value: string | Uint8Array, length: number): string => createHash('sha256').update(value).digest('hex').slice(0, length)

/** Stored files read at once when their content is checked. */
const CHECKS_AT_ONCE = 16

/**
 * One account's pictures folder, on the picture worker: its manifest (which file each
 * group's thumbnail and full picture are, and the URL and ETag each came from), the files
 * themselves, and the GET main planned for it. Everything that reads or writes them is
 * here, off main's thread; main keeps only the lookup of files by group (PictureStore).
 */
export class PictureFolder {
  readonly dir: string
  readonly #log: Logger
  readonly #manifest: PictureManifest
  #spec: FolderSpec
  #dial: PlannedDial
  /** Files written whose manifest entry is not in place yet: not to be swept as unreferenced. */
  readonly #unrecorded = new Set<string>()
  /** The pack thumbnails are appended to (see picture-names.ts). */
  readonly #packs: PackWriter

  private constructor(spec: FolderSpec, manifest: PictureManifest, log: Logger) {
    this.dir = spec.dir
    this.#spec = spec
    this.#manifest = manifest
    this.#log = log
    this.#dial = new PlannedDial(spec.trustedBaseUrl)
    this.#packs = new PackWriter(spec.dir)
  }

  static async open(spec: FolderSpec, log: Logger): Promise<PictureFolder> {
    return new PictureFolder(spec, await PictureManifest.load(nodeFiles, spec.dir, log), log)
  }

  get dial(): PlannedDial {
    return this.#dial
  }

  /** Takes the folder's settings as the latest request gives them (the account's server may have moved). */
  use(spec: FolderSpec): void {
    if (spec.trustedBaseUrl !== this.#spec.trustedBaseUrl) {
      void this.#dial.close()
      this.#dial = new PlannedDial(spec.trustedBaseUrl)
    }
    this.#spec = spec
  }

  lookup(): PictureLookup {
    const thumbs: string[] = []
    const full: string[] = []
    for (const [id, entry] of this.#manifest.entries('thumbs')) thumbs.push(id, entry.file)
    for (const [id, entry] of this.#manifest.entries('full')) full.push(id, entry.url, entry.file)
    return { thumbs, full }
  }

  /**
   * What a sync's thumbnails come to: entries of groups gone (or without such a picture any
   * more) dropped, stored ones whose URL is the same and whose file is intact kept, the rest
   * to fetch. `trustStored`: the stored files were checked earlier in this run of the app.
   */
  async plan(refs: PackedRefs, trustStored: boolean): Promise<{ reply: PlanReply; work: WorkItem[] }> {
    const groups = new RefsReader(refs)
    const names = await nodeFiles.readdir(this.dir).catch(() => [] as string[])
    const present = new Set(names)
    const wanted = new Map<string, string>()
    const withFull = new Set<string>()
    for (let at = 0; at < groups.count; at++) {
      const id = groups.field(at, FIELD.id)
      const url = groups.field(at, FIELD.thumb)
      if (url !== '' && isPictureUrl(url)) wanted.set(id, url)
      if (groups.hasFull(at)) withFull.add(id)
    }
    const manifest = this.#manifest
    const dropped = {
      thumbs: [...manifest.ids('thumbs')].filter((id) => !wanted.has(id)),
      full: [...manifest.ids('full')].filter((id) => !withFull.has(id)),
    }
    for (const id of dropped.thumbs) manifest.drop('thumbs', id)
    for (const id of dropped.full) manifest.drop('full', id)
    const work: WorkItem[] = []
    const stored: WorkItem[] = []
    for (const [id, url] of wanted) {
      const previous = manifest.get('thumbs', id)
      const kept = previous && present.has(placeOf(previous.file)?.file ?? '') ? previous : undefined
      if (kept && kept.url === url) stored.push({ id, url, previous: kept })
      else work.push({ id, url, previous: kept })
    }
    // The same URL is not enough: a damaged file is fetched again, whole (no ETag). It goes
    // first: the good picture has the same content hash, so it comes back under the same name.
    const intact = trustStored ? null : await this.#intactOf(stored.map((item) => (item.previous as PictureEntry).file))
    let unchanged = 0
    for (const item of stored) {
      const file = (item.previous as PictureEntry).file
      if (intact === null || intact.has(file)) unchanged++
      else {
        if (PICTURE_FILE.test(file)) await nodeFiles.unlink(join(this.dir, file)).catch(() => undefined)
        work.push({ ...item, previous: undefined })
      }
    }
    const moved: string[] = []
    for (const [id, entry] of foldSparsePacks(this.dir, manifest.entries('thumbs'), this.#packs, names)) {
      manifest.set('thumbs', id, entry)
      moved.push(id, entry.file)
    }
    const origins = new Map<string, number>()
    const originOf = new Uint32Array(work.length)
    work.forEach((item, i) => {
      const origin = new URL(item.url).origin
      let at = origins.get(origin)
      if (at === undefined) origins.set(origin, (at = origins.size))
      originOf[i] = at
    })
    return { reply: { dropped, moved, unchanged, work: work.length, origins: [...origins.keys()], originOf }, work }
  }

  /** Fetches a picture's bytes, asking with the previous one's ETag (see fetchPicture). */
  download(kind: PictureKind, item: WorkItem, options: { signal?: AbortSignal; buffer?: BodyBuffer } = {}): Promise<Fetched> {
    return fetchPicture(this.#dial.get, item.url, {
      etag: item.previous?.etag ?? null,
      maxBytes: this.#spec.maxBytes[kind],
      timeoutMs: this.#spec.timeoutMs,
      ...options,
    })
  }

  /**
   * Stores fetched bytes (checked to be a picture by their signature, whoever fetched them),
   * or keeps the previous file after a 304; the manifest entry is the caller's to record.
   */
  async storeFetched(kind: PictureKind, item: WorkItem, got: Fetched): Promise<PictureEntry> {
    if (got.status === 'unchanged') return this.#kept(item)
    const extension = await pictureExtension(got.bytes)
    if (extension === null) throw new PictureDownloadError('not-a-picture')
    if (kind === 'full') return this.#write(item, got.bytes, extension, got.etag)
    const file = packedName(this.#packs.append(got.bytes), hash(got.bytes, 16), extension)
    return { url: item.url, etag: got.etag, file }
  }

  /** Records a stored picture as the group's. */
  record(kind: PictureKind, id: string, entry: PictureEntry): void {
    this.#manifest.set(kind, id, entry)
    this.#unrecorded.delete(entry.file)
  }

  entryOf(kind: PictureKind, id: string): PictureEntry | undefined {
    return this.#manifest.get(kind, id)
  }

  /** Removes a damaged file and every entry that named it; says which they were, to fetch them again. */
  async forget(file: string): Promise<{ kind: PictureKind; id: string; url: string }[]> {
    if (!isPictureName(file)) return []
    this.#log.warn('stored picture damaged; fetching it again')
    // First: the good picture has the same content hash, so it comes back under the same name.
    // (A pack's record is left as it is: the pack holds others, and the picture comes back elsewhere.)
    if (PICTURE_FILE.test(file)) await nodeFiles.unlink(join(this.dir, file)).catch(() => undefined)
    const named: { kind: PictureKind; id: string; url: string }[] = []
    for (const kind of ['thumbs', 'full'] as const)
      for (const [id, entry] of this.#manifest.entries(kind)) if (entry.file === file) named.push({ kind, id, url: entry.url })
    for (const { kind, id } of named) this.#manifest.drop(kind, id)
    await this.save()
    return named
  }

  save(): Promise<void> {
    return this.#manifest.save()
  }

  /** Saves the manifest and removes the picture files and packs it does not name; how many went. */
  async finish(): Promise<number> {
    await this.save()
    // The run's pack is swept like any other once nothing names it (a store meanwhile opens it again, and keeps it).
    this.#packs.close()
    const keep = new Set([...this.#manifest.referenced()].map((name) => placeOf(name)?.file))
    const names = await nodeFiles.readdir(this.dir).catch(() => [] as string[])
    let swept = 0
    for (const name of names) {
      const ours = PICTURE_FILE.test(name) || PACK_FILE.test(name)
      if (!ours || keep.has(name) || this.#unrecorded.has(name) || this.#packs.current === name) continue
      await nodeFiles.unlink(join(this.dir, name)).then(
        () => swept++,
        () => undefined,
      )
    }
    return swept
  }

  /**
   * Lets go of the pack being written (the next thumbnail opens it again): a worker that ends
   * when idle closes no file of its own, and the process keeps its descriptors.
   */
  rest(): void {
    this.#packs.close()
  }

  async close(): Promise<void> {
    this.rest()
    await this.save()
    await this.#dial.close()
  }

  #kept(item: WorkItem): PictureEntry {
    if (!item.previous) throw new PictureDownloadError('unexpected-304')
    return { ...item.previous, url: item.url }
  }

  /**
   * Writes a picture under its name: the group's hash and its content's, so a file of that
   * name has those bytes. It is written in one go on this thread (a few system calls, no
   * round trip through the thread pool main's own reads wait in), created new rather than
   * through a temp file: a file is named in the manifest only once written whole, so one the
   * manifest names is whole, and any other (a crash's leftover) is written over. Pictures
   * can always be fetched again: no fsync; only the manifest is made durable.
   */
  #write(item: WorkItem, bytes: Uint8Array, extension: string, etag: string | null): PictureEntry {
    const file = `${hash(item.id, 24)}-${hash(bytes, 16)}.${extension}`
    const path = join(this.dir, file)
    this.#unrecorded.add(file)
    try {
      this.#writeFile(path, bytes, 'wx')
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') throw error
      const named = this.#manifest.get('thumbs', item.id)?.file === file || this.#manifest.get('full', item.id)?.file === file
      if (!named) this.#writeFile(path, bytes, 'w')
    }
    return { url: item.url, etag, file }
  }

  #writeFile(path: string, bytes: Uint8Array, flag: 'w' | 'wx'): void {
    try {
      writeFileSync(path, bytes, { flag, mode: 0o600 })
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error
      // The folder is made at the first picture, never its parents: an account folder deleted
      // at sign-out is not brought back by a download still under way.
      try {
        mkdirSync(this.dir, { mode: 0o700 })
      } catch (made) {
        if (errnoCode(made) !== 'EEXIST') throw made
      }
      writeFileSync(path, bytes, { flag, mode: 0o600 })
    }
  }

  async #intactOf(files: readonly string[]): Promise<Set<string>> {
    const intact = new Set<string>()
    let next = 0
    const lane = async (): Promise<void> => {
      while (next < files.length) {
        const file = files[next++] as string
        if (await pictureIntact(this.dir, file)) intact.add(file)
      }
    }
    await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, lane))
    return intact
  }
}
