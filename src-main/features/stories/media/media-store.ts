import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { checkMedia } from '@shared/story/checks'
import { largestAllowed, type StoryLimits } from '@shared/story/limits'
import { GRANT_ID_PATTERN, MediaGrantSchema, mediaUrl, type MediaGrant } from '@shared/story/media-facts'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { NotPublicError, TooManyRedirectsError } from '../../../platform/net'
import { readJsonFile, writeJsonAtomic } from '../../../platform/files/json-file'
import { describeMediaIssue } from './media-messages'
import { probeMedia } from './probe'

/** A fetch of a URL a user named, checked as the named account's server allows (`ServerNamedFetch`). */
export type FetchLike = (url: string, init: RequestInit, accountId?: string) => Promise<Response>

export interface MediaStoreOptions {
  /** Main's own folder for granted files (`<data dir>/media`). */
  dir: string
  limits: () => StoryLimits
  /** For media named by a URL: one that refuses private addresses and checks each redirect (`publicFetch`). */
  fetch: FetchLike
  now?: () => Date
  log?: Logger
  /** Longest wait for a URL's server to start answering. */
  urlTimeoutMs?: number
}

/**
 * Files the user chose, copied into main's own folder and checked there: the type read
 * from the content, the size and length against the limits. The renderer gets a grant id
 * and a URL on our origin; a path never crosses, and only granted files are ever sent.
 */
export class MediaStore {
  readonly #dir: string
  readonly #limits: () => StoryLimits
  readonly #fetch: FetchLike
  readonly #now: () => Date
  readonly #log: Logger
  readonly #urlTimeoutMs: number

  constructor(options: MediaStoreOptions) {
    this.#dir = options.dir
    this.#limits = options.limits
    this.#fetch = options.fetch
    this.#now = options.now ?? (() => new Date())
    this.#log = options.log ?? silentLogger
    this.#urlTimeoutMs = options.urlTimeoutMs ?? 30_000
  }

  /** A file main itself opened (the system file picker gave its path to main, not the renderer). */
  async importFile(path: string): Promise<MediaGrant> {
    let source: AsyncIterable<Uint8Array>
    try {
      const info = await stat(path)
      if (!info.isFile()) throw new Error('not a file')
      this.#refuseOversize(info.size)
      source = createReadStream(path)
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new AppError('invalid-argument', userText('mediaErrors.file.unopenable', { file: cleanName(basename(path)) }))
    }
    return this.importStream(source, basename(path))
  }

  /** A dropped file's bytes, sent by the renderer. */
  importBytes(bytes: Uint8Array, name: string): Promise<MediaGrant> {
    this.#refuseOversize(bytes.byteLength)
    return this.importStream([bytes], name)
  }

  /** Any stream of bytes (an upload in web mode): written to disk as it comes, never held whole. */
  async importStream(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, name: string): Promise<MediaGrant> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 })
    const id = randomBytes(18).toString('base64url')
    const part = join(this.#dir, `${id}.part`)
    const max = largestAllowed(this.#limits())
    let size = 0
    const handle = await open(part, 'wx', 0o600)
    try {
      for await (const chunk of source) {
        size += chunk.byteLength
        if (size > max) throw tooLarge(max)
        await handle.write(chunk)
      }
      await handle.sync()
    } catch (error) {
      await handle.close()
      await rm(part, { force: true })
      if (error instanceof AppError) throw error
      this.#log.warn('media import failed', { error: error instanceof Error ? error.message : String(error) })
      throw new AppError('invalid-argument', userText('mediaErrors.file.incomplete', { file: cleanName(name) }))
    }
    await handle.close()
    return this.#admit(id, part, size, cleanName(name))
  }

  /** Downloads media named by an http(s) URL, with the same limits and checks as a file, for the story of `accountId`. */
  async importUrl(url: string, accountId?: string): Promise<MediaGrant> {
    const parsed = safeUrl(url)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.#urlTimeoutMs)
    let response: Response
    try {
      response = await this.#fetch(parsed.href, { method: 'GET', signal: controller.signal }, accountId)
    } catch (error) {
      clearTimeout(timer)
      if (error instanceof NotPublicError || error instanceof TooManyRedirectsError) throw new AppError('invalid-argument', error.text)
      throw new AppError('offline', userText('mediaErrors.url.unreachable', { host: parsed.host }))
    }
    try {
      if (!response.ok || !response.body) {
        throw new AppError('not-found', userText('mediaErrors.url.refused', { status: response.status }), { status: response.status })
      }
      const length = Number(response.headers.get('content-length') ?? NaN)
      if (Number.isFinite(length)) this.#refuseOversize(length)
      const name = fileNameOf(parsed)
      return await this.importStream(Readable.fromWeb(response.body as NodeReadableStream), name)
    } finally {
      clearTimeout(timer)
      controller.abort()
    }
  }

  async get(id: string): Promise<MediaGrant | null> {
    if (!GRANT_ID_PATTERN.test(id)) return null
    const read = await readJsonFile(this.#metaPath(id), MediaGrantSchema)
    if (read.status !== 'ok') return null
    const found = await stat(this.#dataPath(id)).catch(() => null)
    return found?.isFile() ? read.value : null
  }

  /** Main only: where a granted file is. Null for anything that is not a live grant. */
  async pathOf(id: string): Promise<string | null> {
    return (await this.get(id)) ? this.#dataPath(id) : null
  }

  async release(id: string): Promise<void> {
    if (!GRANT_ID_PATTERN.test(id)) return
    await rm(this.#metaPath(id), { force: true })
    await rm(this.#dataPath(id), { force: true })
  }

  /** Removes grants older than `maxAgeMs` (a draft's media is released when published) and stray partial files. */
  async sweep(maxAgeMs: number, keep: ReadonlySet<string> = new Set()): Promise<number> {
    const names = await readdir(this.#dir).catch(() => [] as string[])
    const cutoff = this.#now().getTime() - maxAgeMs
    let removed = 0
    for (const name of names) {
      const id = name.replace(/\.(json|part)$/, '')
      if (keep.has(id)) continue
      const info = await stat(join(this.#dir, name)).catch(() => null)
      if (!info || info.mtimeMs >= cutoff) continue
      await rm(join(this.#dir, name), { force: true })
      if (name.endsWith('.json')) removed++
    }
    return removed
  }

  async #admit(id: string, part: string, size: number, name: string): Promise<MediaGrant> {
    try {
      const probe = await probeMedia(part)
      const grant: MediaGrant = {
        id,
        ...probe,
        size,
        name,
        url: mediaUrl(id),
        createdAt: this.#now().toISOString(),
      }
      const [problem] = checkMedia(grant, this.#limits())
      if (problem)
        throw new AppError(problem.code === 'video-too-long' ? 'invalid-argument' : 'too-large', describeMediaIssue(problem), {
          issue: problem,
        })
      await rename(part, this.#dataPath(id))
      await writeJsonAtomic(this.#metaPath(id), grant, MediaGrantSchema)
      return grant
    } catch (error) {
      await rm(part, { force: true })
      await rm(this.#dataPath(id), { force: true })
      throw error
    }
  }

  /** The largest file any story may carry now: an upload declaring more is refused unread. */
  largest(): number {
    return largestAllowed(this.#limits())
  }

  #refuseOversize(size: number): void {
    const max = largestAllowed(this.#limits())
    if (size > max) throw tooLarge(max)
  }

  #dataPath(id: string): string {
    return join(this.#dir, id)
  }

  #metaPath(id: string): string {
    return join(this.#dir, `${id}.json`)
  }
}

function tooLarge(max: number): AppError {
  return new AppError('too-large', userText('mediaErrors.file.tooLarge', { limit: max }), { max })
}

function safeUrl(url: string): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new AppError('invalid-argument', userText('mediaErrors.url.notAnAddress', { prefix: 'https://' }))
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new AppError('invalid-argument', userText('mediaErrors.url.notHttp', { http: 'http://', https: 'https://' }))
  if (parsed.username || parsed.password) throw new AppError('invalid-argument', userText('mediaErrors.url.credentials'))
  // new URL() keeps a broken escape as it is; the server, or decoding the name, would choke on it.
  if (/%(?![0-9a-fA-F]{2})/.test(parsed.href)) throw new AppError('invalid-argument', userText('mediaErrors.url.brokenEscape'))
  return parsed
}

/** The last path segment, decoded when it is valid UTF-8, for display. */
function fileNameOf(url: URL): string {
  const last = basename(url.pathname)
  let name: string
  try {
    name = decodeURIComponent(last)
  } catch {
    name = last
  }
  return name || url.hostname
}

/** For display only: no folders, no control characters, not too long. */
function cleanName(name: string): string {
  const plain = basename(name.replace(/\\/g, '/'))
    .replace(/[\p{Cc}]/gu, '')
    .trim()
  return (plain || 'media').slice(0, 120)
}
