import { mediaIdOf } from '@shared/domain'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { MAX_LIST_RESPONSE_BYTES, type ClientCore, type PublishOptions, type Success } from './client-core'
import { fileByteSource, mediaReadText, memoryByteSource, type ByteSource } from './media-source'
import { rawBody } from './upload-body'
import { uploadTypeDeclared } from '@shared/story/media-types'

/**
 * `unsupported`: the server has no `POST /media` (404 or 405); `undeclared-type`: `/media`
 * does not declare the type, so nothing was sent. Either way the media travels inside the
 * story request instead, as a data URI.
 */
export type UploadMediaResult =
  | { outcome: 'uploaded'; mediaId: string; attempts: number }
  | { outcome: 'unsupported'; status: number }
  | { outcome: 'undeclared-type'; mimeType: string }

/** A local file or bytes to upload, with the type probed from its content. */
export type UploadSource = { kind: 'file'; path: string; mimeType: string } | { kind: 'bytes'; bytes: Uint8Array; mimeType: string }

/**
 * Uploads media with `POST /media`: the file itself is the body (no base64), streamed a
 * chunk at a time. It publishes nothing, so it is retried like a GET; an early refusal
 * (413 while the body is still going out) is read and reported as the server sent it.
 * Every error says `published: false`. A type `/media` does not declare is not sent (nor
 * its file opened): the provider may refuse it there, and the story endpoint takes it.
 */
export async function uploadMedia(core: ClientCore, source: UploadSource, options: PublishOptions): Promise<UploadMediaResult> {
  if (!uploadTypeDeclared(source.mimeType)) return { outcome: 'undeclared-type', mimeType: source.mimeType }
  let bytes: ByteSource
  try {
    bytes = source.kind === 'file' ? await fileByteSource(source.path) : memoryByteSource(source.bytes)
  } catch (error) {
    throw core.errors.make('invalid-argument', mediaReadText(error), { published: false }, error)
  }
  let success: Success
  try {
    success = await core.send({
      method: 'POST',
      path: '/media',
      idempotent: true,
      body: rawBody(bytes),
      contentType: source.mimeType,
      maxResponseBytes: MAX_LIST_RESPONSE_BYTES,
      ...(options.signal && { signal: options.signal }),
      ...(options.onProgress && { onProgress: options.onProgress }),
    })
  } catch (error) {
    if (error instanceof AppError) {
      const status = error.details?.status
      if ((status === 404 || status === 405) && error.code !== 'cancelled') return { outcome: 'unsupported', status }
      throw new AppError(error.code, error.text, { ...error.details, published: false }, { cause: error.cause })
    }
    throw error
  }
  const parsed = mediaIdOf(core.json(success.body))
  if (!parsed.success) {
    const { path, message } = parsed.issue
    throw core.errors.make('invalid-response', userText('apiErrors.reply.noMediaId'), {
      status: success.status,
      published: false,
      path,
      issue: message,
    })
  }
  return { outcome: 'uploaded', mediaId: parsed.data, attempts: success.attempts }
}
