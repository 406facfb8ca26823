import { GROUPS_PAGE_MAX_COUNT, parseGroupsPage, type ParsedGroupsPage } from '@shared/domain'
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
    throw core.errors.make('invalid-response', 'The server’s reply to the groups request was not JSON.', {
      status: success.status,
    })
  }
  const parsed = parseGroupsPage(json)
  if (!parsed.success) {
    const { path, message } = parsed.issue
    throw core.errors.make('invalid-response', `The server sent a groups page the app cannot read (${path || 'the page'}: ${message}).`, {
      path,
      issue: message,
    })
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
    throw core.errors.make('invalid-argument', `A page holds 1 to ${GROUPS_PAGE_MAX_COUNT} groups.`, { count })
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw core.errors.make('invalid-argument', 'The page offset must be a whole number, 0 or more.', { offset })
  }
  return core.send({
    method: 'GET',
    path: `/groups?count=${count}&offset=${offset}`,
    idempotent: true,
    ...(options.signal && { signal: options.signal }),
  })
}
