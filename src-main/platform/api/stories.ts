import { parseStoryResponse, type StoryResponse } from '@shared/domain'
import type { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { MAX_LIST_RESPONSE_BYTES, type ClientCore, type PublishOptions, type RequestOptions, type Success } from './client-core'
import { messageIdSegment } from './message-id'
import { storyBody, type PublishStoryInput } from './story-body'
import { jsonBody } from './upload-body'
import { unknownSpec } from './verdict'

/**
 * `unknown`: the request may have reached the server but no answer came back, so the story
 * may or may not be live. It is never sent again automatically; `error.code` is
 * `unknown-outcome`.
 */
export type PublishStoryResult =
  { outcome: 'published'; response: StoryResponse; attempts: number } | { outcome: 'unknown'; error: AppError; attempts: number }

export type CopyStoryResult = { outcome: 'published'; attempts: number } | { outcome: 'unknown'; error: AppError; attempts: number }

/**
 * Publishes a story. A local file is streamed as a base64 data URI, with progress. The
 * request is sent again only when it provably never reached the server (no name, no
 * connection) or the server answered 429; otherwise a lost answer is reported as an
 * `unknown` outcome and the story is not posted twice.
 */
export async function publishStory(core: ClientCore, input: PublishStoryInput, options: PublishOptions): Promise<PublishStoryResult> {
  const body = await storyBody(input, core.errors)
  let success: Success
  try {
    success = await core.send({
      method: 'POST',
      path: '/stories',
      idempotent: false,
      body,
      notFound: userText('apiErrors.story.mediaNotFound'),
      ...(options.signal && { signal: options.signal }),
      ...(options.onProgress && { onProgress: options.onProgress }),
      ...(options.networkRetries === false && { networkRetries: false }),
    })
  } catch (error) {
    if (isUnknownOutcome(error)) return { outcome: 'unknown', error, attempts: attemptsOf(error) }
    throw error
  }
  const parsed = parseStoryResponse(core.json(success.body))
  if (!parsed.success) {
    const spec = unknownSpec('unreadable-reply', {
      status: success.status,
      path: parsed.issue.path,
    })
    const error = core.errors.build(spec, { attempts: success.attempts })
    return { outcome: 'unknown', error, attempts: success.attempts }
  }
  const { response, messageIssue } = parsed.data
  if (messageIssue) core.logger.warn('story reply message set aside', { ...messageIssue })
  if (!response.sent) {
    throw core.errors.make('server', userText('apiErrors.reply.notPublished'), {
      status: success.status,
      attempts: success.attempts,
    })
  }
  return { outcome: 'published', response, attempts: success.attempts }
}

/**
 * Publishes a story again (`PUT /stories/{MessageID}`, CopyStories). Like a story POST it
 * is not sent twice: an answer lost on the way back is an `unknown` outcome.
 */
export async function copyStory(
  core: ClientCore,
  id: string,
  audience: { contacts?: string[]; exclude_contacts?: string[] },
  options: RequestOptions,
): Promise<CopyStoryResult> {
  const digits = /^\d{7,15}$/
  for (const list of [audience.contacts, audience.exclude_contacts])
    if (list?.some((contact) => !digits.test(contact)))
      throw core.errors.make('invalid-argument', userText('apiErrors.request.contacts'), {
        published: false,
      })
  let success: Success
  try {
    success = await core.send({
      method: 'PUT',
      path: `/stories/${messageIdSegment(core.errors, id)}`,
      idempotent: false,
      body: jsonBody(audience),
      notFound: userText('apiErrors.story.unknownNotCopied'),
      maxResponseBytes: MAX_LIST_RESPONSE_BYTES,
      ...(options.signal && { signal: options.signal }),
    })
  } catch (error) {
    if (isUnknownOutcome(error)) return { outcome: 'unknown', error, attempts: attemptsOf(error) }
    throw error
  }
  return { outcome: 'published', attempts: success.attempts }
}

function isUnknownOutcome(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'unknown-outcome'
}

function attemptsOf(error: AppError): number {
  const attempts = error.details?.attempts
  return typeof attempts === 'number' ? attempts : 1
}
