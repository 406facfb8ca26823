import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { writeAtomically } from '../../../platform/files/atomic-write'
import { nodeFiles, type FilePort } from '../../../platform/files/fs-port'
import { silentLogger, type Logger } from '../../../platform/log/log'
import type { PictureRef } from '../index'
import type { GetLike } from '../../../platform/net'
import { PictureDownloadError, downloadPicture, isPictureUrl } from './download'
import { pictureIntact } from './picture-check'
import { PICTURE_FILE, PictureManifest, type PictureEntry } from './picture-manifest'

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

export interface PictureStoreOptions {
  /** The account's folder; pictures go in its `pictures/` subfolder. */
  accountDir: string
  accountId: string
  fetch: GetLike
  files?: FilePort
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
/** Consecutive network failures after which the host is taken to be unreachable for this run. */
const OFFLINE_AFTER = 12
/**
 * The manifest is saved this often while pictures download, so a crash keeps most of the
 * work. By time, not by count: it names every picture, and writing it every few hundred
 * downloads of a 50,000-group account made megabytes of JSON a few times a second.
 */
const SAVE_EVERY_MS = 5_000

const hash = (value: string | Uint8Array, length: number): string => createHash('sha256').update(value).digest('hex').slice(0, length)

/**
 * One account's group pictures on disk and which picture URL each came from. Thumbnails
 * are fetched during sync (only the new and the changed: a known URL is not fetched again,
 * a changed one is asked for with the stored ETag); full-size pictures when first shown.
 */
export class PictureStore {
  readonly dir: string
  readonly accountId: string
  readonly #fetch: GetLike
  readonly #files: FilePort
  readonly #log: Logger
  readonly #maxThumbBytes: number
  readonly #maxFullBytes: number
  readonly #timeoutMs: number
  readonly #manifest: PictureManifest
  readonly #fullInFlight = new Map<string, Promise<string | null>>()
  /** Files written whose manifest entry is not in place yet: not to be swept as unreferenced. */
  readonly #unrecorded = new Set<string>()
  /** Files whose content was checked in this run: each is read once, not at every sync. */
  readonly #intact = new Set<string>()
  readonly #repairs = new Map<string, Promise<string | null>>()

  private constructor(options: PictureStoreOptions, manifest: PictureManifest) {
    this.dir = join(options.accountDir, PICTURES_DIR)
    this.accountId = options.accountId
    this.#manifest = manifest
    this.#fetch = options.fetch
    this.#files = options.files ?? nodeFiles
    this.#log = options.log ?? silentLogger
    this.#maxThumbBytes = options.maxThumbBytes ?? 2 * 1024 * 1024
    this.#maxFullBytes = options.maxFullBytes ?? 10 * 1024 * 1024
    this.#timeoutMs = options.timeoutMs ?? 30_000
  }

  static async open(options: PictureStoreOptions): Promise<PictureStore> {
    const files = options.files ?? nodeFiles
    const log = options.log ?? silentLogger
    const dir = join(options.accountDir, PICTURES_DIR)
    return new PictureStore(options, await PictureManifest.load(files, dir, log))
  }

  /** The cached thumbnail's URL on our origin, or null (the list then draws initials). */
  thumbUrl(group: PictureRef): string | null {
    if (!group.chat_pic) return null
    const entry = this.#manifest.thumbs[group.id]
    return entry ? this.#url(entry.file) : null
  }

  /**
   * The full picture's URL on our origin: the stored file when there is one, else a route
   * that fetches it when first shown (and 404s offline; the thumbnail is the fallback).
   */
  fullUrl(group: PictureRef): string | null {
    if (!group.chat_pic_full || !isPictureUrl(group.chat_pic_full)) return null
    const entry = this.#manifest.full[group.id]
    if (entry && entry.url === group.chat_pic_full) return this.#url(entry.file)
    return `${PICTURES_URL_PREFIX}${encodeURIComponent(this.accountId)}/full/${encodeURIComponent(group.id)}`
  }

  /** The path of a stored picture by file name; null for any name this store did not write. */
  pathOf(file: string): string | null {
    if (!PICTURE_FILE.test(file)) return null
    return join(this.dir, file)
  }

  /**
   * The path of a stored picture to serve, its content checked: a damaged one is fetched
   * again from the URL it came from (and that file's path returned), or null.
   */
  async servablePath(file: string): Promise<string | null> {
    const path = this.pathOf(file)
    if (path === null) return null
    if (this.#intact.has(file) || (await pictureIntact(path))) {
      this.#intact.add(file)
      return path
    }
    let repair = this.#repairs.get(file)
    if (!repair) {
      repair = this.#repair(file).finally(() => this.#repairs.delete(file))
      this.#repairs.set(file, repair)
    }
    const fresh = await repair
    return fresh === null ? null : this.pathOf(fresh)
  }

  async #repair(file: string): Promise<string | null> {
    this.#log.warn('stored picture damaged; fetching it again')
    // First: the good picture has the same content hash, so it comes back under the same name.
    await this.#files.unlink(join(this.dir, file)).catch(() => undefined)
    let fresh: string | null = null
    for (const kind of ['thumbs', 'full'] as const) {
      const entries = this.#manifest[kind]
      for (const [id, entry] of Object.entries(entries)) {
        if (entry.file !== file) continue
        delete entries[id]
        const maxBytes = kind === 'thumbs' ? this.#maxThumbBytes : this.#maxFullBytes
        try {
          const { entry: stored } = await this.#fetchInto(id, entry.url, undefined, maxBytes)
          entries[id] = stored
          this.#unrecorded.delete(stored.file)
          fresh ??= stored.file
        } catch (error) {
          this.#log.info('damaged picture not fetched again', {
            reason: error instanceof Error ? error.message : 'unknown',
          })
        }
      }
    }
    await this.#manifest.save()
    return fresh
  }

  async #checkAll(files: readonly string[]): Promise<Set<string>> {
    const intact = new Set<string>()
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < files.length) {
        const file = files[next++] as string
        if (this.#intact.has(file) || (await pictureIntact(join(this.dir, file)))) {
          this.#intact.add(file)
          intact.add(file)
        }
      }
    }
    await Promise.all(Array.from({ length: 16 }, () => worker()))
    return intact
  }

  /** Downloads the thumbnails that are new or changed and drops those of groups gone. */
  async syncThumbs(groups: readonly PictureRef[], options: PictureSyncOptions = {}): Promise<PictureSyncResult> {
    const result: PictureSyncResult = {
      downloaded: 0,
      unchanged: 0,
      failed: 0,
      removed: 0,
      stoppedOffline: false,
    }
    const present = new Set(await this.#files.readdir(this.dir).catch(() => [] as string[]))
    const wanted = new Map<string, string>()
    for (const group of groups) if (group.chat_pic && isPictureUrl(group.chat_pic)) wanted.set(group.id, group.chat_pic)

    for (const id of Object.keys(this.#manifest.thumbs)) {
      if (!wanted.has(id)) {
        delete this.#manifest.thumbs[id]
        result.removed++
      }
    }
    const withFull = new Set(groups.filter((g) => g.chat_pic_full).map((g) => g.id))
    for (const id of Object.keys(this.#manifest.full)) if (!withFull.has(id)) delete this.#manifest.full[id]
    const work: { id: string; url: string; previous: PictureEntry | undefined }[] = []
    const stored: { id: string; url: string; previous: PictureEntry }[] = []
    for (const [id, url] of wanted) {
      const previous = this.#manifest.thumbs[id]
      if (previous && previous.url === url && present.has(previous.file)) stored.push({ id, url, previous })
      else
        work.push({
          id,
          url,
          previous: previous && present.has(previous.file) ? previous : undefined,
        })
    }
    // The same URL is not enough: a damaged file is fetched again, whole (no ETag).
    const intact = await this.#checkAll(stored.map((item) => item.previous.file))
    for (const item of stored) {
      if (intact.has(item.previous.file)) result.unchanged++
      else work.push({ id: item.id, url: item.url, previous: undefined })
    }

    let next = 0
    let consecutiveNetworkFailures = 0
    let savedAt = performance.now()
    const stop = new AbortController()
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
    const worker = async (): Promise<void> => {
      while (next < work.length && !signal.aborted) {
        const item = work[next++] as (typeof work)[number]
        try {
          const outcome = await this.#fetchInto(item.id, item.url, item.previous, this.#maxThumbBytes, signal)
          this.#manifest.thumbs[item.id] = outcome.entry
          this.#unrecorded.delete(outcome.entry.file)
          if (outcome.downloaded) result.downloaded++
          else result.unchanged++
          consecutiveNetworkFailures = 0
          if (performance.now() - savedAt >= SAVE_EVERY_MS) {
            savedAt = performance.now()
            await this.#manifest.save()
          }
        } catch (error) {
          if (signal.aborted) break
          result.failed++
          if (error instanceof PictureDownloadError && error.network && ++consecutiveNetworkFailures >= OFFLINE_AFTER) {
            result.stoppedOffline = true
            stop.abort()
          }
        }
        options.onProgress?.(result.downloaded + result.failed, work.length)
      }
    }
    try {
      await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_PICTURE_CONCURRENCY) }, () => worker()))
    } finally {
      await this.#manifest.save()
      await this.#removeUnreferenced()
    }
    return result
  }

  /** The full picture's file name, fetched now if it is not stored yet; null when it cannot be had. */
  fullFile(group: PictureRef, signal?: AbortSignal): Promise<string | null> {
    const url = group.chat_pic_full
    if (!url || !isPictureUrl(url)) return Promise.resolve(null)
    const entry = this.#manifest.full[group.id]
    if (entry && entry.url === url) return Promise.resolve(entry.file)
    let pending = this.#fullInFlight.get(group.id)
    if (!pending) {
      pending = this.#fetchInto(group.id, url, entry, this.#maxFullBytes, signal)
        .then(async ({ entry: stored }) => {
          this.#manifest.full[group.id] = stored
          this.#unrecorded.delete(stored.file)
          await this.#manifest.save()
          return stored.file
        })
        .catch((error: unknown) => {
          this.#log.info('full picture not available', {
            reason: error instanceof Error ? error.message : 'unknown',
          })
          return null
        })
        .finally(() => this.#fullInFlight.delete(group.id))
      this.#fullInFlight.set(group.id, pending)
    }
    return pending
  }

  async #fetchInto(
    id: string,
    url: string,
    previous: PictureEntry | undefined,
    maxBytes: number,
    signal?: AbortSignal,
  ): Promise<{ entry: PictureEntry; downloaded: boolean }> {
    const got = await downloadPicture(this.#fetch, url, {
      etag: previous?.etag ?? null,
      maxBytes,
      timeoutMs: this.#timeoutMs,
      ...(signal && { signal }),
    })
    if (got.status === 'unchanged' && previous) return { entry: { ...previous, url }, downloaded: false }
    if (got.status === 'unchanged') throw new PictureDownloadError('unexpected-304')
    const file = `${hash(id, 24)}-${hash(got.bytes, 16)}.${got.extension}`
    await this.#files.mkdir(this.dir)
    this.#unrecorded.add(file)
    // Pictures can always be fetched again: no fsync per file, only the manifest is made durable.
    await writeAtomically(this.#files, join(this.dir, file), [got.bytes], { durable: false })
    return { entry: { url, etag: got.etag, file }, downloaded: true }
  }

  #url(file: string): string {
    return `${PICTURES_URL_PREFIX}${encodeURIComponent(this.accountId)}/${file}`
  }

  async #removeUnreferenced(): Promise<void> {
    const keep = this.#manifest.referenced()
    const names = await this.#files.readdir(this.dir).catch(() => [] as string[])
    for (const name of names) {
      if (PICTURE_FILE.test(name) && !keep.has(name) && !this.#unrecorded.has(name))
        await this.#files.unlink(join(this.dir, name)).catch(() => undefined)
    }
  }
}
