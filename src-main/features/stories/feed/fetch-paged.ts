import { AppError } from '@shared/errors'
import type { UserText } from '@shared/i18n/user-text'

export interface PagedListOptions {
  pageSize: number
  /** Bounds against a server that never ends its list. */
  maxPages: number
  maxItems: number
  signal?: AbortSignal
  /** What a cancelled read says. */
  cancelledText: UserText
}

export interface PageOf<T> {
  items: T[]
  /** Records on the page that were set aside: they count for the offset of the next page. */
  rejected: number
}

export interface FetchedList<T> {
  items: T[]
  requests: number
  /** The list was cut at a bound rather than ended by the server. */
  truncated: boolean
}

/**
 * Reads a count/offset list to its end. It stops on a short page, on a page that brings no
 * id not already seen (a server that ignores `offset`), and at the page and item bounds,
 * whichever comes first; a `total` the server claims is never trusted alone.
 */
export async function fetchPaged<T>(
  page: (offset: number, count: number) => Promise<PageOf<T>>,
  idOf: (item: T) => string,
  options: PagedListOptions,
): Promise<FetchedList<T>> {
  const seen = new Set<string>()
  const items: T[] = []
  let offset = 0
  for (let requests = 1; ; requests++) {
    if (options.signal?.aborted) throw new AppError('cancelled', options.cancelledText)
    const got = await page(offset, options.pageSize)
    let fresh = 0
    for (const item of got.items) {
      const id = idOf(item)
      if (seen.has(id)) continue
      seen.add(id)
      fresh++
      items.push(item)
      if (items.length >= options.maxItems) return { items, requests, truncated: true }
    }
    const served = got.items.length + got.rejected
    if (served < options.pageSize || fresh === 0) return { items, requests, truncated: false }
    if (requests >= options.maxPages) return { items, requests, truncated: true }
    offset += served
  }
}
