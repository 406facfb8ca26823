import { userText } from '@shared/i18n/user-text'
import type { ApiErrors } from './errors'

/** What the provider's message ids are made of; nothing else goes into a path. */
const MESSAGE_ID = /^[A-Za-z0-9._@-]{1,128}$/

/** A story id as a path segment, refused before anything is sent when the server could not have given it out. */
export function messageIdSegment(errors: ApiErrors, id: string): string {
  if (!MESSAGE_ID.test(id)) throw errors.make('invalid-argument', userText('apiErrors.request.storyId'), { published: false })
  return encodeURIComponent(id)
}
