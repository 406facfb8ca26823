import { CONTACTS_PAGE_MAX_COUNT, type Contact, type ParsedContactsPage } from '@shared/domain'
import { userText } from '@shared/i18n/user-text'
import { fetchPaged } from './fetch-paged'

/** What the contacts read needs of the API client: one page of contacts. */
export interface ContactsSource {
  listContacts(query: { count: number; offset: number }, options?: { signal?: AbortSignal }): Promise<ParsedContactsPage>
}

export interface FetchedContacts {
  contacts: Contact[]
  requests: number
  truncated: boolean
}

/** A phone's contact book rarely holds more than a few thousand; these bounds are far past it. */
const MAX_PAGES = 100
const MAX_CONTACTS = 50_000

/** Reads the account's whole contact list, 500 a page, within the bounds. */
export async function fetchAllContacts(
  source: ContactsSource,
  options: { signal?: AbortSignal; maxPages?: number; maxContacts?: number } = {},
): Promise<FetchedContacts> {
  const signal = options.signal
  const fetched = await fetchPaged(
    async (offset, count) => {
      const page = await source.listContacts({ count, offset }, signal ? { signal } : {})
      return { items: page.contacts, rejected: page.rejected.length }
    },
    (contact) => contact.id,
    {
      pageSize: CONTACTS_PAGE_MAX_COUNT,
      maxPages: options.maxPages ?? MAX_PAGES,
      maxItems: options.maxContacts ?? MAX_CONTACTS,
      cancelledText: userText('mediaErrors.feed.contactsCancelled'),
      ...(signal && { signal }),
    },
  )
  return { contacts: fetched.items, requests: fetched.requests, truncated: fetched.truncated }
}
