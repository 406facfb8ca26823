import { parseStoryRequest, type MediaStoryRequest, type ParseIssue, type TextStoryRequest } from '@shared/domain'
import { userText } from '@shared/i18n/user-text'
import type { ApiErrors } from './errors'
import { fileByteSource, mediaReadText, memoryByteSource, type ByteSource, type MediaSource } from './media-source'
import { dataUriJsonBody, jsonBody, type UploadBody } from './upload-body'

/** A media story whose media is named by a source rather than inlined. */
export type MediaStoryInput = Omit<MediaStoryRequest, 'media' | 'mime_type'> & {
  media: MediaSource
}
export type PublishStoryInput = MediaStoryInput | TextStoryRequest

/**
 * The body of `POST /stories`, checked against the story schema before anything is sent.
 * Local media becomes a streamed data URI; URLs and media ids are sent as given.
 */
export async function storyBody(input: PublishStoryInput, errors: ApiErrors): Promise<UploadBody> {
  const checked = (request: Record<string, unknown>): Record<string, unknown> => {
    const parsed = parseStoryRequest(request)
    if (!parsed.success) throw invalidStory(parsed.issue, errors)
    return parsed.data
  }
  if (!('media' in input)) return jsonBody(checked(input))

  const { media, ...rest } = input
  switch (media.kind) {
    case 'url':
      return jsonBody(
        checked({
          ...rest,
          media: media.url,
          ...(media.mimeType && { mime_type: media.mimeType }),
        }),
      )
    case 'media-id':
      return jsonBody(checked({ ...rest, media: media.id }))
    case 'bytes':
    case 'file': {
      // Checked with an empty data URI: the fields and the MIME type are what can be wrong.
      const { media: _empty, ...fields } = checked({
        ...rest,
        media: `data:${media.mimeType};base64,`,
        mime_type: media.mimeType,
      })
      const source = media.kind === 'file' ? await openFile(media.path, errors) : memoryByteSource(media.bytes)
      return dataUriJsonBody({ key: 'media', mimeType: media.mimeType, source, fields })
    }
  }
}

function invalidStory(issue: ParseIssue, errors: ApiErrors) {
  // The field is named (it is one of the request's own, such as `caption`); why it is not
  // valid is the schema's wording, for a developer, so it stays in the details.
  const text =
    issue.path === '' ? userText('apiErrors.request.invalidStory') : userText('apiErrors.request.invalidStoryField', { field: issue.path })
  return errors.make('invalid-request', text, { path: issue.path, issue: issue.message })
}

async function openFile(path: string, errors: ApiErrors): Promise<ByteSource> {
  try {
    return await fileByteSource(path)
  } catch (error) {
    throw errors.make('invalid-argument', mediaReadText(error), undefined, error)
  }
}
