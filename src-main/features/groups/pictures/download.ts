import { DialNotPlanned, NotPublicError, TooManyRedirectsError, deadline, type BodyResponse, type GetLike } from '../../../platform/net'
import { BodyBuffer } from './body-buffer'

/** Picture formats a group picture may come in, and the extension each is stored under. */
export const PICTURE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

export const MIME_OF_EXTENSION: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PICTURE_TYPES).map(([mime, ext]) => [ext, mime]),
)

/** A picture's bytes as they came (`bytes` may be a view of a lane's buffer: read it before the lane's next download). */
export type Fetched = { status: 'unchanged' } | { status: 'downloaded'; bytes: Uint8Array; etag: string | null }

export type Downloaded = { status: 'unchanged' } | { status: 'downloaded'; bytes: Uint8Array; extension: string; etag: string | null }

/**
 * Why a picture was not downloaded, as a short code. Pictures fail quietly (the list shows
 * initials instead), so this reaches the log only.
 */
export type PictureProblem =
  | 'too-large'
  | 'not-http'
  | 'host-not-public'
  | 'too-many-redirects'
  | 'host-unreachable'
  | 'host-refused'
  | 'cut-short'
  | 'not-a-picture'
  | 'unexpected-304'

export class PictureDownloadError extends Error {
  constructor(
    readonly reason: PictureProblem,
    /** True when the failure says the network is away rather than this one picture being bad. */
    readonly network = false,
    /** The HTTP status, for `host-refused`. */
    readonly status?: number,
  ) {
    super(status === undefined ? reason : `${reason} (HTTP ${status})`)
    this.name = 'PictureDownloadError'
  }
}

export function isPictureUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password
  } catch {
    return false
  }
}

async function readCapped(response: BodyResponse, maxBytes: number, buffer: BodyBuffer): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'))
  const known = response.headers.get('content-length') !== null && Number.isSafeInteger(declared) && declared >= 0
  if (known && declared > maxBytes) {
    // Not read, so let go: a body left open keeps its socket for as long as the host likes.
    await response.body?.cancel()
    throw new PictureDownloadError('too-large')
  }
  buffer.start(known ? declared : 0)
  const reader = response.body?.getReader()
  if (!reader) return buffer.bytes
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (buffer.size + value.byteLength > maxBytes) {
      await reader.cancel()
      throw new PictureDownloadError('too-large')
    }
    buffer.append(value)
  }
  return buffer.bytes
}

/**
 * Fetches one picture's bytes from the provider's media host. No credentials go with it:
 * picture URLs are public links, and the account's token is for the API only. The body is
 * read into `buffer` (a lane's own, kept from one download to the next), never past
 * `maxBytes`; every early way out lets go of the connection at once. A URL the thread was
 * not given a plan for fails with DialNotPlanned, before any connection.
 */
export async function fetchPicture(
  get: GetLike,
  url: string,
  options: { etag?: string | null; maxBytes: number; timeoutMs: number; signal?: AbortSignal; buffer?: BodyBuffer },
): Promise<Fetched> {
  if (!isPictureUrl(url)) throw new PictureDownloadError('not-http')
  const time = deadline(options.timeoutMs, options.signal)
  let done = false
  try {
    const got = await fetchBytes(get, url, time.signal, options)
    done = true
    return got
  } finally {
    // Every way out before the end aborts the request too, whatever its body was left in.
    if (done) time.clear()
    else time.abandon()
  }
}

async function fetchBytes(
  get: GetLike,
  url: string,
  signal: AbortSignal,
  options: { etag?: string | null; maxBytes: number; signal?: AbortSignal; buffer?: BodyBuffer },
): Promise<Fetched> {
  let response: BodyResponse
  try {
    response = await get(url, {
      method: 'GET',
      headers: options.etag ? { 'if-none-match': options.etag } : {},
      credentials: 'omit',
      signal,
    })
  } catch (error) {
    if (options.signal?.aborted || error instanceof DialNotPlanned) throw error
    // Refused before any connection: the picture is bad, the network is not away.
    if (error instanceof NotPublicError) throw new PictureDownloadError('host-not-public')
    if (error instanceof TooManyRedirectsError) throw new PictureDownloadError('too-many-redirects')
    throw new PictureDownloadError('host-unreachable', true)
  }
  if (response.status === 304) {
    await response.body?.cancel()
    return { status: 'unchanged' }
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new PictureDownloadError('host-refused', false, response.status)
  }
  try {
    const bytes = await readCapped(response, options.maxBytes, options.buffer ?? new BodyBuffer())
    return { status: 'downloaded', bytes, etag: response.headers.get('etag') }
  } catch (error) {
    if (error instanceof PictureDownloadError || options.signal?.aborted) throw error
    throw new PictureDownloadError('cut-short', true)
  }
}

type Signatures = readonly (readonly [extension: string, format: { validate(input: Uint8Array): boolean }])[]

let signatures: Promise<Signatures> | null = null

/**
 * Each stored format's signature, as image-size checks it (its validators alone: no size is
 * decoded), loaded on the first call like every library main does not need at rest. Not
 * file-type's detection: that tries some hundred formats and, for a PNG, makes about 40 KB of
 * garbage and takes 65 µs, where these take 1 KB and 4 µs; tens of thousands of thumbnails in
 * a first sync made that the picture worker's most frequent collector's work, each
 * collection holding up every download waiting for its next bytes.
 */
function loadSignatures(): Promise<Signatures> {
  signatures ??= Promise.all([
    import('image-size/types/jpg'),
    import('image-size/types/png'),
    import('image-size/types/webp'),
    import('image-size/types/gif'),
  ]).then(([{ JPG }, { PNG }, { WEBP }, { GIF }]) => [
    ['jpg', JPG],
    ['png', PNG],
    ['webp', WEBP],
    ['gif', GIF],
  ])
  return signatures
}

/**
 * The extension a picture is stored under, known by its bytes' signature (not by the
 * server's Content-Type), or null when they are no picture of a known format: nothing else
 * is ever stored or served as a picture.
 */
export async function pictureExtension(bytes: Uint8Array): Promise<string | null> {
  for (const [extension, format] of await loadSignatures()) {
    try {
      if (format.validate(bytes)) return extension
    } catch {
      // A validator throws on a signature whose header is damaged (a PNG without IHDR).
      return null
    }
  }
  return null
}

/** fetchPicture, and the bytes must be a picture (see pictureExtension). */
export async function downloadPicture(
  get: GetLike,
  url: string,
  options: { etag?: string | null; maxBytes: number; timeoutMs: number; signal?: AbortSignal; buffer?: BodyBuffer },
): Promise<Downloaded> {
  const got = await fetchPicture(get, url, options)
  if (got.status === 'unchanged') return got
  const extension = await pictureExtension(got.bytes)
  if (extension === null) throw new PictureDownloadError('not-a-picture')
  return { ...got, extension }
}
