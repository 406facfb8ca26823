import type { ParseOutcome } from '@shared/domain'
import { MAX_RESPONSE_BYTES, type ClientCore, type RequestOptions } from './client-core'

/** `count` and `offset` checked before anything is sent, as the query string of a list page. */
export function pageParams(core: ClientCore, query: { count: number; offset: number }, max: number, noun: string): URLSearchParams {
  const { count, offset } = query
  if (!Number.isInteger(count) || count < 1 || count > max)
    throw core.errors.make('invalid-argument', `A page holds 1 to ${max} ${noun}.`, { count })
  if (!Number.isInteger(offset) || offset < 0)
    throw core.errors.make('invalid-argument', 'The page offset must be a whole number, 0 or more.', { offset })
  return new URLSearchParams({ count: String(count), offset: String(offset) })
}

/**
 * A page of a list: a malformed envelope fails it with where and why; records set aside
 * by the parser are logged and the rest returned.
 */
export async function listPage<T extends { rejected: readonly unknown[] }>(
  core: ClientCore,
  page: {
    path: string
    parse: (raw: unknown) => ParseOutcome<T>
    noun: string
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
    throw core.errors.make(
      'invalid-response',
      `The server sent a page of ${noun} the app cannot read (${where || 'the page'}: ${message}).`,
      { path: where, issue: message },
    )
  }
  if (parsed.data.rejected.length > 0) core.logger.warn(`${noun} set aside`, { offset, problems: parsed.data.rejected })
  return parsed.data
}
