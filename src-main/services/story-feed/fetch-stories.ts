import type { Message, ParsedStoriesPage } from '@shared/domain'
import { AppError } from '@shared/errors'
import type { StoriesQuery } from '../api'

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

/**
 * Reads the account's stories with count/offset paging, newest first. It stops on a short
 * page, on a page that brings no id not already seen (a server that ignores `offset`), and
 * at the page and story bounds, whichever comes first; `total` is never trusted alone.
 */
export async function fetchAllStories(
  source: StoriesSource,
  options: FetchStoriesOptions = {},
): Promise<FetchedStories> {
  const pageSize = options.pageSize ?? STORIES_PAGE_SIZE
  const maxPages = options.maxPages ?? MAX_PAGES
  const maxStories = options.maxStories ?? MAX_STORIES
  const seen = new Set<string>()
  const messages: Message[] = []
  let offset = 0
  for (let requests = 1; ; requests++) {
    if (options.signal?.aborted) throw new AppError('cancelled', 'The stories sync was cancelled.')
    const page = await source.listStories(
      {
        count: pageSize,
        offset,
        ...(options.timeFrom !== undefined && { timeFrom: options.timeFrom }),
      },
      options.signal ? { signal: options.signal } : {},
    )
    let fresh = 0
    for (const message of page.messages) {
      if (seen.has(message.id)) continue
      seen.add(message.id)
      fresh++
      messages.push(message)
      if (messages.length >= maxStories) return { messages, requests, truncated: true }
    }
    const served = page.messages.length + page.rejected.length
    if (served < pageSize || fresh === 0) return { messages, requests, truncated: false }
    if (requests >= maxPages) return { messages, requests, truncated: true }
    offset += served
  }
}
