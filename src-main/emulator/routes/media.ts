import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { EmulatorContext } from '../state/context'
import { mediaId } from '../data/ids'
import { createRng, hashSeed } from '../data/prng'
import { HttpError, readBody, readBodyStreamed } from '../protocol/http'
import { essence, extensionOf, parseMediaReference, UPLOAD_MIME_TYPES } from '../protocol/media'

/**
 * POST /media: the body is the file itself, its type in Content-Type. The bytes are hashed
 * as they arrive and never held, so a 50 MB upload costs the emulator one chunk of memory.
 * Answers `{media: [{id}]}` (UploadMediaResponse).
 */
export async function uploadMedia(
  context: EmulatorContext,
  req: IncomingMessage,
): Promise<{ status: number; body: { media: { id: string }[] } }> {
  const declared = req.headers['content-type']
  const type = declared === undefined ? undefined : essence(declared)
  if (type === 'application/json') return uploadFromJson(context, req)
  const mime = type
  if (mime === undefined || !UPLOAD_MIME_TYPES.has(mime)) {
    req.resume()
    throw new HttpError(
      415,
      `Unsupported media type: ${declared ?? '(none)'}`,
      `send the file as the body with its type in Content-Type, one of: ${[...UPLOAD_MIME_TYPES].join(', ')}`,
    )
  }
  const hash = createHash('sha256')
  const bytes = await readBodyStreamed(req, context.options.maxBodyBytes, (chunk) => hash.update(chunk))
  if (bytes === 0) throw new HttpError(400, 'body: the file is empty')
  return remember(context, mime, bytes, hash.digest('hex'))
}

/** The spec's other form: `{media: <data URI or URL>}` as JSON. */
async function uploadFromJson(
  context: EmulatorContext,
  req: IncomingMessage,
): Promise<{ status: number; body: { media: { id: string }[] } }> {
  const raw = await readBody(req, context.options.maxBodyBytes)
  let json: unknown
  try {
    json = JSON.parse(raw.toString('utf8'))
  } catch (error) {
    throw new HttpError(400, 'body: not valid JSON', (error as Error).message)
  }
  const media = (json as { media?: unknown } | null)?.media
  if (typeof media !== 'string') throw new HttpError(400, 'media: a data URI or URL is required')
  const reference = parseMediaReference(media)
  if (typeof reference === 'string' || reference.form === 'media-id')
    throw new HttpError(400, `media: ${typeof reference === 'string' ? reference : 'is already a media id'}`)
  const mime = reference.mime
  if (mime === undefined || !UPLOAD_MIME_TYPES.has(mime)) throw new HttpError(415, `Unsupported media type: ${mime ?? '(unknown)'}`)
  const bytes = reference.form === 'data-uri' ? reference.bytes : Buffer.from(reference.url)
  return remember(context, mime, bytes.length, createHash('sha256').update(bytes).digest('hex'))
}

function remember(
  context: EmulatorContext,
  mime: string,
  bytes: number,
  sha256: string,
): { status: number; body: { media: { id: string }[] } } {
  const now = context.options.now()
  const seq = ++context.storySeq
  const rng = createRng(hashSeed(context.options.seed, context.options.epoch, 'media', now, seq))
  const id = mediaId(rng, extensionOf(mime))
  context.media.set(id, mime)
  context.uploads.push({ id, mimeType: mime, bytes, sha256, receivedAt: now })
  if (context.uploads.length > context.options.maxStoredStories) context.uploads.shift()
  return { status: 200, body: { media: [{ id }] } }
}
