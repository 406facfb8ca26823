import type { ParseOutcome } from '@shared/domain'
import { userText, type UserText } from '@shared/i18n/user-text'
import { MAX_RESPONSE_BYTES, type ClientCore, type RequestOptions } from './client-core'

/** What a list holds: it names the list in logs and picks the texts of its errors. */
export type ListNoun = 'stories' | 'contacts'

const PAGE_SIZE_TEXT = {
  stories: (max: number) => userText('apiErrors.request.storiesPageSize', { max }),
  contacts: (max: number) => userText('apiErrors.request.contactsPageSize', { max }),
} satisfies Record<ListNoun, (max: number) => UserText>

const UNREADABLE_PAGE_TEXT = {
  stories: userText('apiErrors.reply.storiesPage'),
  contacts: userText('apiErrors.reply.contactsPage'),
} satisfies Record<ListNoun, UserText>

/** `count` and `offset` checked before anything is sent, as the query string of a list page. */
export function pageParams(core: ClientCore, query: { count: number; offset: number }, max: number, noun: ListNoun): URLSearchParams {
  const { count, offset } = query
  if (!Number.isInteger(count) || count < 1 || count > max) throw core.errors.make('invalid-argument', PAGE_SIZE_TEXT[noun](max), { count })
  if (!Number.isInteger(offset) || offset < 0)
    throw core.errors.make('invalid-argument', userText('apiErrors.request.pageOffset'), { offset })
  return new URLSearchParams({ count: String(count), offset: String(offset) })
}

/**
 * A page of a list: a malformed envelope fails it, with where and why in the details;
 * records set aside by the parser are logged and the rest returned.
 */
export async function listPage<T extends { rejected: readonly unknown[] }>(
  core: ClientCore,
  page: {
    path: string
    parse: (raw: unknown) => ParseOutcome<T>
    noun: ListNoun
    offset: number
  },
  options: RequestOptions,
): Promise<T> {
  const { path, parse, noun, offset } = page
  const success = await core.send({
    method: 'GET',
    path,
    idempotent: true,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    ...(options.signal && { signal: options.signal }),
  })
  const parsed = parse(core.json(success.body))
  if (!parsed.success) {
    const { path: where, message } = parsed.issue
    throw core.errors.make('invalid-response', UNREADABLE_PAGE_TEXT[noun], { path: where, issue: message })
  }
  if (parsed.data.rejected.length > 0) core.logger.warn(`${noun} set aside`, { offset, problems: parsed.data.rejected })
  return parsed.data
}
