import { setTimeout as sleepFor } from 'node:timers/promises'
import type { RejectedGroup } from '@shared/domain'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { DEFAULT_RETRY_POLICY, backoffDelay } from '../../../platform/api/retry'
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_PAGE_SIZE,
  endlessPaging,
  isUnreadablePage,
  syncCancelled,
  type Budget,
  type EndlessReason,
  type FetchAllOptions,
  type PageFacts,
  type PageSource,
  type RejectedRecord,
} from './paging'

export interface Pass {
  kept: { offset: number; indexes: number[] }[]
  ids: string[]
  rejected: RejectedRecord[]
  total: number
  /** The pass saw the same total on every page, no duplicate, and as many records as that total. */
  consistent: boolean
  requests: number
}

/** What a pass keeps of a page. */
interface PageSeen {
  ids: string[]
  rejected: readonly RejectedGroup[]
  total: number
}

/**
 * How many pages per lane a read may run ahead of the earliest page still on its way
 * (see readPass): enough that ordinary differences in latency never hold a lane back.
 */
const READ_AHEAD_PER_LANE = 1

export async function readPass<P extends PageFacts>(
  source: PageSource<P>,
  options: FetchAllOptions,
  budget: Budget,
  sink: (page: P, offset: number) => void | Promise<void>,
): Promise<Pass> {
  let size = options.pageSize ?? DEFAULT_PAGE_SIZE
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY)
  const outer = options.signal
  if (outer?.aborted) throw syncCancelled()
  // One failed page stops the pages still in flight.
  const stopAll = new AbortController()
  const signal = outer ? AbortSignal.any([outer, stopAll.signal]) : stopAll.signal

  const pages = new Map<number, PageSeen>()
  const keys = new Set<string>()
  let duplicates = false
  const totals = new Set<number>()
  let latestTotal = 0
  let largestTotal = 0
  let requests = 0
  const attempts = Math.max(1, options.malformedAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts)
  const delayOf = options.retryDelayMs ?? ((retry: number) => backoffDelay(retry, DEFAULT_RETRY_POLICY, Math.random))
  const sleep = options.sleep ?? ((ms: number, s: AbortSignal) => sleepFor(ms, undefined, { signal: s }))
  const { limits } = budget
  const stop = (why: EndlessReason): AppError => endlessPaging(why, { requests: budget.requests, groups: keys.size })

  const request = async (offset: number): Promise<P> => {
    for (let attempt = 1; ; attempt++) {
      if (budget.requests >= limits.requests) throw stop('requests')
      budget.requests++
      requests++
      try {
        return await source.listGroups({ count: size, offset }, { signal })
      } catch (error) {
        if (outer?.aborted) throw syncCancelled()
        if (attempt >= attempts || !isUnreadablePage(error) || signal.aborted) throw error
      }
      await sleep(delayOf(attempt), signal).catch(() => undefined)
      if (outer?.aborted) throw syncCancelled()
      // Stopped because a page beside it failed: that page's error is the one the sync reports.
      if (signal.aborted) throw new AppError('cancelled', userText('groupErrors.sync.cancelled'), { reason: 'another-page-failed' })
    }
  }

  const fetchPage = async (offset: number): Promise<PageSeen> => {
    const page = await request(offset)
    if (outer?.aborted) throw syncCancelled()
    options.onPage?.()
    budget.bytes += page.bytes ?? 0
    if (budget.bytes > limits.bytes) throw stop('bytes')
    const fresh = keys.size
    const seen: PageSeen = {
      ids: page.groups.map((group) => group.id),
      rejected: page.rejected,
      total: page.total,
    }
    pages.set(offset, seen)
    totals.add(page.total)
    latestTotal = page.total
    largestTotal = Math.max(largestTotal, page.total)
    const record = (key: string): void => {
      if (keys.has(key)) duplicates = true
      else keys.add(key)
    }
    for (const group of page.groups) record(group.id)
    for (const item of page.rejected) record(item.id ?? `@${offset + item.index}`)
    if (keys.size > limits.groups) throw stop('groups')
    const full = lengthOf(seen) >= size
    // A full page of nothing new, or full pages beyond every total the server gave, are not a
    // list shifting under the read: the server is not paging at all, and would go on forever.
    if (full && offset > 0 && keys.size === fresh) throw stop('no-new-ids')
    if (full && offset >= largestTotal + size) throw stop('past-total')
    await sink(page, offset)
    if (outer?.aborted) throw syncCancelled()
    options.onProgress?.({ fetched: keys.size, total: page.total })
    return seen
  }

  const lengthOf = (page: PageSeen): number => page.ids.length + page.rejected.length
  const first = await fetchPage(0)
  // A server that caps pages below what was asked still says how many there are: page by its size.
  if (lengthOf(first) > 0 && lengthOf(first) < size && first.total > lengthOf(first)) size = lengthOf(first)
  /** Offset of the first short page: the end of the list. */
  let end = lengthOf(first) < size ? 0 : Infinity
  /** The last offset worth asking for as far as the totals seen so far tell. */
  let planned = lastPageOffset(first.total, size)
  let cursor = size

  /**
   * Pages asked for and not yet handed on. A lane does not ask for a page more than
   * `ahead` pages past the earliest of them: the sink keeps the pages that arrive before
   * the ones ahead of them, and a slow page must not let the others read the whole pass.
   */
  const inFlight = new Set<number>()
  const ahead = concurrency * READ_AHEAD_PER_LANE
  let wake: (() => void) | null = null
  let woken: Promise<void> = Promise.resolve()
  const pageDone = (): void => {
    const waiting = wake
    wake = null
    waiting?.()
  }
  const nextPageDone = (): Promise<void> => {
    if (!wake) woken = new Promise((resolve) => (wake = resolve))
    return woken
  }

  const worker = async (): Promise<void> => {
    while (cursor <= Math.min(planned, end) && !stopAll.signal.aborted) {
      if (inFlight.size > 0 && cursor - Math.min(...inFlight) >= ahead * size) {
        await nextPageDone()
        continue
      }
      const offset = cursor
      cursor += size
      inFlight.add(offset)
      let page: PageSeen
      try {
        page = await fetchPage(offset)
      } finally {
        inFlight.delete(offset)
        pageDone()
      }
      if (lengthOf(page) < size) end = Math.min(end, offset)
      else if (offset >= planned) planned = offset + size
      planned = Math.max(planned, lastPageOffset(page.total, size))
    }
  }

  if (end === Infinity) {
    // The first failure is the one to report: the others are mostly the aborts it caused.
    let failure: { error: unknown } | null = null
    await Promise.all(
      Array.from({ length: concurrency }, () =>
        worker().catch((error: unknown) => {
          failure ??= { error }
          stopAll.abort()
        }),
      ),
    )
    if (failure) throw outer?.aborted ? syncCancelled() : (failure as { error: unknown }).error
  }

  const kept: { offset: number; indexes: number[] }[] = []
  const ids: string[] = []
  const rejected: RejectedRecord[] = []
  const seen = new Set<string>()
  let beyondEnd = false
  for (const offset of [...pages.keys()].sort((a, b) => a - b)) {
    const page = pages.get(offset) as PageSeen
    if (offset > end) {
      beyondEnd ||= lengthOf(page) > 0
      continue
    }
    const indexes: number[] = []
    page.ids.forEach((id, index) => {
      if (seen.has(id)) return
      seen.add(id)
      ids.push(id)
      indexes.push(index)
    })
    kept.push({ offset, indexes })
    for (const item of page.rejected) {
      const key = item.id ?? `@${offset + item.index}`
      if (seen.has(key)) continue
      seen.add(key)
      const { id, path, message } = item
      rejected.push(
        id === undefined ? { position: offset + item.index, path, message } : { id, position: offset + item.index, path, message },
      )
    }
  }
  const consistent = totals.size === 1 && !duplicates && !beyondEnd && seen.size === latestTotal
  return { kept, ids, rejected, total: latestTotal, consistent, requests }
}

/** The offset of the page that holds the end of a list of `total`: the short (or empty) page. */
function lastPageOffset(total: number, size: number): number {
  return Math.floor(total / size) * size
}
