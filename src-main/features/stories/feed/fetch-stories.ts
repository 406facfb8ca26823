import type { Message, ParsedStoriesPage } from '@shared/domain'
import { userText } from '@shared/i18n/user-text'
import type { StoriesQuery } from '../../../platform/api'
import { fetchPaged } from './fetch-paged'
import { livePostedAt } from './live-window'

/** What the feed needs of the API client: one page of stories. */
export interface StoriesSource {
  listStories(query: StoriesQuery, options?: { signal?: AbortSignal }): Promise<ParsedStoriesPage>
}

export interface FetchStoriesOptions {
  /** Milliseconds: stories whose time is not a live story's at this moment (see live-window.ts) are left out. */
  now: number
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
  /** Stories left out because their time cannot be a live story's. */
  outOfWindow: number
}

export const STORIES_PAGE_SIZE = 100
/** A day of stories is rarely more than a few dozen; these bounds are far past any real account. */
const MAX_PAGES = 20
const MAX_STORIES = 2000

/**
 * Reads the account's stories with count/offset paging, newest first, within the bounds. A
 * story whose time is not a live story's is left out here, where the server's time enters,
 * like a record the schema refused: nothing after this meets a time it cannot use.
 */
export async function fetchAllStories(source: StoriesSource, options: FetchStoriesOptions): Promise<FetchedStories> {
  const signal = options.signal
  let outOfWindow = 0
  const fetched = await fetchPaged(
    async (offset, count) => {
      const page = await source.listStories(
        { count, offset, ...(options.timeFrom !== undefined && { timeFrom: options.timeFrom }) },
        signal ? { signal } : {},
      )
      const items = page.messages.filter((message) => livePostedAt(message.timestamp, options.now) !== null)
      outOfWindow += page.messages.length - items.length
      // Left out, they still count for the offset of the next page.
      return { items, rejected: page.rejected.length + page.messages.length - items.length }
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
  return { messages: fetched.items, requests: fetched.requests, truncated: fetched.truncated, outOfWindow }
}
