import { CONTACTS_PAGE_MAX_COUNT, parseContactsPage, type ParsedContactsPage } from '@shared/domain'
import type { ClientCore, RequestOptions } from './client-core'
import { listPage, pageParams } from './list-page'

/**
 * One page of the account's contacts (`GET /contacts`), for putting names to numbers.
 * A server without the operation answers 404 or 405, which the caller takes as "none".
 */
export async function listContacts(
  core: ClientCore,
  query: { count: number; offset: number },
  options: RequestOptions,
): Promise<ParsedContactsPage> {
  const params = pageParams(core, query, CONTACTS_PAGE_MAX_COUNT, 'contacts')
  return listPage(
    core,
    { path: `/contacts?${params.toString()}`, parse: parseContactsPage, noun: 'contacts', offset: query.offset },
    options,
  )
}
