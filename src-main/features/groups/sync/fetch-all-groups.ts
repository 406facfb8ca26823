import { setTimeout as sleepFor } from 'node:timers/promises'
import type { Group, ParsedGroupsPage, RejectedGroup } from '@shared/domain'
import { AppError } from '@shared/errors'
import { DEFAULT_RETRY_POLICY, backoffDelay } from '../../../platform/api/retry'

/** What paging needs of a page: the ids it holds, what it set aside, the server's total. */
export interface PageFacts {
  groups: readonly { id: string }[]
  rejected: readonly RejectedGroup[]
  total: number
  /** The size of the page's body as it was received, when the reader knows it. */
  bytes?: number
}

/** Where pages of groups come from. */
export interface PageSource<P extends PageFacts> {
  listGroups(
    params: { count: number; offset: number },
    options?: { signal?: AbortSignal },
  ): Promise<P>
}

/** What the sync needs of the API client: one page of groups. */
export type GroupsSource = PageSource<ParsedGroupsPage>

export interface FetchAllOptions {
  /** Groups per request; the provider allows up to 500. */
  pageSize?: number
  /** Requests in flight at once once the total is known. */
  concurrency?: number
  signal?: AbortSignal
  /** Passes over the list before giving up on an account whose groups keep changing. */
  maxPasses?: number
  onProgress?: (progress: { fetched: number; total: number }) => void
  /** Each page that arrives: the network and the server work. */
  onPage?: () => void
  /** Where a sync stops whatever the server says; see DEFAULT_PAGING_LIMITS. */
  limits?: Partial<PagingLimits>
  /** Attempts at a page whose body could not be read, the first one included. */
  malformedAttempts?: number
  /** The wait before the nth retry of an unreadable page (n from 1). */
  retryDelayMs?: (retry: number) => number
  sleep?: (ms: number, signal: AbortSignal) => Promise<unknown>
}

/**
 * Bounds of one sync against a server that never stops sending pages. Far above the
 * largest accounts the app is made for (100,000 groups of a few kilobytes each), far
 * below what would exhaust the main process.
 */
export interface PagingLimits {
  /** Requests in one sync, every pass and retry included. */
  requests: number
  /** Distinct groups in one pass. */
  groups: number
  /** Bytes of page bodies received in one sync. */
  bytes: number
}

export const DEFAULT_PAGING_LIMITS: PagingLimits = {
  requests: 3_000,
  groups: 150_000,
  bytes: 1024 * 1024 * 1024,
}

/** A record the parser set aside, with where it sat in the list. */
export interface RejectedRecord {
  id?: string
  position: number
  path: string
  message: string
}

/**
 * Each page as it arrives (before the next one is asked for by the same reader), with the
 * pass it belongs to: a page of an earlier pass is never kept once a new pass starts.
 */
export type PageSink<P> = (page: P, offset: number, pass: number) => void | Promise<void>

/** The pages of the pass kept, in list order, and which of each page's groups are kept. */
export interface PagesRead {
  /** The accepted groups kept: each id once, at its first place in the list. */
  kept: { offset: number; indexes: number[] }[]
  /** Ids of the groups kept, in list order. */
  ids: string[]
  rejected: RejectedRecord[]
  /** The server's total, which a complete pass agrees with. */
  total: number
  /** 1 unless the list changed during a pass and was read again. */
  passes: number
  requests: number
}

export interface FetchedGroups {
  /** In the server's order, each id once. */
  groups: Group[]
  rejected: RejectedRecord[]
  /** The server's total, which a complete pass agrees with. */
  total: number
  /** 1 unless the list changed during a pass and was read again. */
  passes: number
  requests: number
}

export const DEFAULT_PAGE_SIZE = 500
export const DEFAULT_CONCURRENCY = 4
const DEFAULT_MAX_PASSES = 3

export function syncCancelled(): AppError {
  return new AppError('cancelled', 'The sync was cancelled.')
}

/** Why a pass was stopped as endless; the renderer words each the same plain way. */
export type EndlessReason = 'past-total' | 'no-new-ids' | 'requests' | 'groups' | 'bytes'

/** Marks the error the renderer shows as "the server kept sending pages". */
export const ENDLESS_PAGING = 'endless-paging'

function endlessPaging(why: EndlessReason, facts: { requests: number; groups: number }): AppError {
  return new AppError(
    'invalid-response',
    'The server kept sending pages of groups past the end of the list, so the sync was stopped.',
    { reason: ENDLESS_PAGING, why, ...facts },
  )
}

/** An unreadable page (cut short, an HTML page): worth asking for again, as the request is a GET. */
function isUnreadablePage(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.code === 'invalid-response' &&
    error.details?.reason !== ENDLESS_PAGING
  )
}

/** What a whole sync may still spend, shared by its passes. */
interface Budget {
  limits: PagingLimits
  requests: number
  bytes: number
}

interface Pass {
  kept: { offset: number; indexes: number[] }[]
  ids: string[]
  rejected: RejectedRecord[]
  total: number
  /** The pass saw the same total on every page, no duplicate, and as many records as that total. */
  consistent: boolean
  requests: number
}

/**
 * Reads every group with offset paging. The first page (of `pageSize`) gives the total;
 * the remaining pages then go `concurrency` at a time, and paging continues past that
 * total until a short page, since `total` can change while the list is read. Offsets
 * shift when groups come or go mid-pass (a group can be read twice or skipped), so a pass
 * that saw the total change, a duplicate, or a count that disagrees with the total is
 * done again; the result is the first pass that read a list that held still.
 */
export async function fetchAllGroups(
  source: GroupsSource,
  options: FetchAllOptions = {},
): Promise<FetchedGroups> {
  let pages = new Map<number, ParsedGroupsPage>()
  let current = 0
  const read = await readAllPages(source, options, (page, offset, pass) => {
    if (pass !== current) {
      pages = new Map()
      current = pass
    }
    pages.set(offset, page)
  })
  const groups = read.kept.flatMap(({ offset, indexes }) => {
    const page = pages.get(offset) as ParsedGroupsPage
    return indexes.map((index) => page.groups[index] as Group)
  })
  const { rejected, total, passes, requests } = read
  return { groups, rejected, total, passes, requests }
}

/**
 * fetchAllGroups without holding the pages: each goes to `sink` as it arrives, and what
 * is kept here is only what paging needs (ids, totals, what was set aside).
 */
export async function readAllPages<P extends PageFacts>(
  source: PageSource<P>,
  options: FetchAllOptions,
  sink: PageSink<P>,
): Promise<PagesRead> {
  const maxPasses = options.maxPasses ?? DEFAULT_MAX_PASSES
  const budget: Budget = {
    limits: { ...DEFAULT_PAGING_LIMITS, ...options.limits },
    requests: 0,
    bytes: 0,
  }
  let requests = 0
  for (let passNumber = 1; ; passNumber++) {
    const pass = await readPass(source, options, budget, (page, offset) =>
      sink(page, offset, passNumber),
    )
    requests += pass.requests
    if (pass.consistent) {
      return {
        kept: pass.kept,
        ids: pass.ids,
        rejected: pass.rejected,
        total: pass.total,
        passes: passNumber,
        requests,
      }
    }
    if (passNumber >= maxPasses) {
      throw new AppError(
        'conflict',
        'The account’s groups kept changing while they were being read, so no complete list could be taken. Try again in a moment.',
        { passes: passNumber },
      )
    }
  }
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
const READ_AHEAD_PER_LANE = 2

async function readPass<P extends PageFacts>(
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
  const delayOf =
    options.retryDelayMs ??
    ((retry: number) => backoffDelay(retry, DEFAULT_RETRY_POLICY, Math.random))
  const sleep =
    options.sleep ?? ((ms: number, s: AbortSignal) => sleepFor(ms, undefined, { signal: s }))
  const { limits } = budget
  const stop = (why: EndlessReason): AppError =>
    endlessPaging(why, { requests: budget.requests, groups: keys.size })

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
      if (signal.aborted) throw new AppError('cancelled', 'Another page failed.')
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
  if (lengthOf(first) > 0 && lengthOf(first) < size && first.total > lengthOf(first))
    size = lengthOf(first)
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
        id === undefined
          ? { position: offset + item.index, path, message }
          : { id, position: offset + item.index, path, message },
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
