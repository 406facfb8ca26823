import { fileTypeFromBuffer } from 'file-type'
import { NotPublicError, TooManyRedirectsError, deadline, type BodyResponse, type GetLike } from '../../../platform/net'

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

async function readCapped(response: BodyResponse, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Not read, so let go: a body left open keeps its socket for as long as the host likes.
    await response.body?.cancel()
    throw new PictureDownloadError('too-large')
  }
  const reader = response.body?.getReader()
  if (!reader) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new PictureDownloadError('too-large')
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size)
}

/**
 * Fetches one picture from the provider's media host. No credentials go with it: picture
 * URLs are public links, and the account's token is for the API only. The bytes must
 * really be an image of a known format (checked by their signature, not by the server's
 * Content-Type), so nothing else is ever stored or served as a picture.
 */
export async function downloadPicture(
  fetch: GetLike,
  url: string,
  options: { etag?: string | null; maxBytes: number; timeoutMs: number; signal?: AbortSignal },
): Promise<Downloaded> {
  if (!isPictureUrl(url)) throw new PictureDownloadError('not-http')
  const time = deadline(options.timeoutMs, options.signal)
  let done = false
  try {
    const got = await fetchPicture(fetch, url, time.signal, options)
    done = true
    return got
  } finally {
    // Every way out before the end aborts the request too, whatever its body was left in.
    if (done) time.clear()
    else time.abandon()
  }
}

async function fetchPicture(
  fetch: GetLike,
  url: string,
  signal: AbortSignal,
  options: { etag?: string | null; maxBytes: number; signal?: AbortSignal },
): Promise<Downloaded> {
  let response: BodyResponse
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: options.etag ? { 'if-none-match': options.etag } : {},
      credentials: 'omit',
      signal,
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
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
  let bytes: Uint8Array
  try {
    bytes = await readCapped(response, options.maxBytes)
  } catch (error) {
    if (error instanceof PictureDownloadError || options.signal?.aborted) throw error
    throw new PictureDownloadError('cut-short', true)
  }
  const type = await fileTypeFromBuffer(bytes)
  const extension = type ? PICTURE_TYPES[type.mime] : undefined
  if (!extension) throw new PictureDownloadError('not-a-picture')
  return { status: 'downloaded', bytes, extension, etag: response.headers.get('etag') }
}
