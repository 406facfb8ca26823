import type { Message, ParsedStoriesPage } from '@shared/domain'
import { userText } from '@shared/i18n/user-text'
import type { StoriesQuery } from '../../../platform/api'
import { fetchPaged } from './fetch-paged'

/** What the feed needs of the API client: one page of stories. */
export interface StoriesSource {
  listStories(query: StoriesQuery, options?: { signal?: AbortSignal }): Promise<ParsedStoriesPage>
}

export interface FetchStoriesOptions {
  pageSize?: number
  /** Unix seconds: stories older than this are not asked for (they have expired anyway). */
  timeFrom?: number
  signal?: AbortSignal
  /** Bounds against a server that never ends its list. */
  maxPages?: number
  maxStories?: number
}

export interface FetchedStories {
  messages: Message[]
  requests: number
  /** The list was cut at a bound rather than ended by the server. */
  truncated: boolean
}

export const STORIES_PAGE_SIZE = 100
/** A day of stories is rarely more than a few dozen; these bounds are far past any real account. */
const MAX_PAGES = 20
const MAX_STORIES = 2000

/** Reads the account's stories with count/offset paging, newest first, within the bounds. */
export async function fetchAllStories(source: StoriesSource, options: FetchStoriesOptions = {}): Promise<FetchedStories> {
  const signal = options.signal
  const fetched = await fetchPaged(
    async (offset, count) => {
      const page = await source.listStories(
        { count, offset, ...(options.timeFrom !== undefined && { timeFrom: options.timeFrom }) },
        signal ? { signal } : {},
      )
      return { items: page.messages, rejected: page.rejected.length }
    },
    (message) => message.id,
    {
      pageSize: options.pageSize ?? STORIES_PAGE_SIZE,
      maxPages: options.maxPages ?? MAX_PAGES,
      maxItems: options.maxStories ?? MAX_STORIES,
      cancelledText: userText('mediaErrors.feed.storiesCancelled'),
      ...(signal && { signal }),
    },
  )
  return { messages: fetched.items, requests: fetched.requests, truncated: fetched.truncated }
}
