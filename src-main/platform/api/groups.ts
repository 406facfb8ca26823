import { GROUPS_PAGE_MAX_COUNT, parseGroupsPage, type ParsedGroupsPage } from '@shared/domain'
import { userText } from '@shared/i18n/user-text'
import type { ClientCore, RequestOptions, Success } from './client-core'

export interface GroupsPageParams {
  count: number
  offset: number
}

/**
 * One page of the account's groups. Groups that do not match the schema are set aside in
 * `rejected` (with the path of the problem) rather than failing the page.
 */
export async function listGroups(core: ClientCore, params: GroupsPageParams, options: RequestOptions): Promise<ParsedGroupsPage> {
  const { offset } = params
  const success = await groupsPage(core, params, options)
  const json = core.json(success.body)
  if (json === undefined) {
    throw core.errors.make('invalid-response', userText('apiErrors.reply.groupsNotJson'), {
      status: success.status,
    })
  }
  const parsed = parseGroupsPage(json)
  if (!parsed.success) {
    const { path, message } = parsed.issue
    // Where and why the page failed help a developer, not the user: they go in the details.
    throw core.errors.make('invalid-response', userText('apiErrors.reply.groupsPage'), { path, issue: message })
  }
  if (parsed.data.rejected.length > 0) {
    core.logger.warn('groups set aside', {
      offset,
      count: parsed.data.rejected.length,
      problems: parsed.data.rejected.map(({ index, path, message }) => ({
        index,
        path,
        message,
      })),
    })
  }
  return { ...parsed.data, bytes: success.body.byteLength }
}

/**
 * The page as the server sent it, with the same checks of `count` and `offset` as a parsed
 * page: the sync reads the bytes off the main thread and saves them as they are.
 */
export async function groupsPage(core: ClientCore, params: GroupsPageParams, options: RequestOptions): Promise<Success> {
  const { count, offset } = params
  if (!Number.isInteger(count) || count < 1 || count > GROUPS_PAGE_MAX_COUNT) {
    throw core.errors.make('invalid-argument', userText('apiErrors.request.groupsPageSize', { max: GROUPS_PAGE_MAX_COUNT }), { count })
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw core.errors.make('invalid-argument', userText('apiErrors.request.pageOffset'), { offset })
  }
  return core.send({
    method: 'GET',
    path: `/groups?count=${count}&offset=${offset}`,
    idempotent: true,
    ...(options.signal && { signal: options.signal }),
  })
}
