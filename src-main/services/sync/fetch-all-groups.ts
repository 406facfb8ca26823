import type { Group, ParsedGroupsPage } from '@shared/domain'
import { AppError } from '@shared/errors'

/** What the sync needs of the API client: one page of groups. */
export interface GroupsSource {
  listGroups(
    params: { count: number; offset: number },
    options?: { signal?: AbortSignal },
  ): Promise<ParsedGroupsPage>
}

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
}

/** A record the parser set aside, with where it sat in the list. */
export interface RejectedRecord {
  id?: string
  position: number
  path: string
  message: string
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

interface Pass {
  groups: Group[]
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
  const maxPasses = options.maxPasses ?? DEFAULT_MAX_PASSES
  let requests = 0
  for (let passNumber = 1; ; passNumber++) {
    const pass = await readPass(source, options)
    requests += pass.requests
    if (pass.consistent) {
      return {
        groups: pass.groups,
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

async function readPass(source: GroupsSource, options: FetchAllOptions): Promise<Pass> {
  let size = options.pageSize ?? DEFAULT_PAGE_SIZE
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY)
  const outer = options.signal
  if (outer?.aborted) throw syncCancelled()
  // One failed page stops the pages still in flight.
  const stopAll = new AbortController()
  const signal = outer ? AbortSignal.any([outer, stopAll.signal]) : stopAll.signal

  const pages = new Map<number, ParsedGroupsPage>()
  const keys = new Set<string>()
  let duplicates = false
  const totals = new Set<number>()
  let latestTotal = 0
  let requests = 0

  const fetchPage = async (offset: number): Promise<ParsedGroupsPage> => {
    requests++
    let page: ParsedGroupsPage
    try {
      page = await source.listGroups({ count: size, offset }, { signal })
    } catch (error) {
      if (outer?.aborted) throw syncCancelled()
      throw error
    }
    if (outer?.aborted) throw syncCancelled()
    options.onPage?.()
    pages.set(offset, page)
    totals.add(page.total)
    latestTotal = page.total
    const record = (key: string): void => {
      if (keys.has(key)) duplicates = true
      else keys.add(key)
    }
    for (const group of page.groups) record(group.id)
    for (const item of page.rejected) record(item.id ?? `@${offset + item.index}`)
    options.onProgress?.({ fetched: keys.size, total: page.total })
    return page
  }

  const lengthOf = (page: ParsedGroupsPage): number => page.groups.length + page.rejected.length
  const first = await fetchPage(0)
  // A server that caps pages below what was asked still says how many there are: page by its size.
  if (lengthOf(first) > 0 && lengthOf(first) < size && first.total > lengthOf(first))
    size = lengthOf(first)
  /** Offset of the first short page: the end of the list. */
  let end = lengthOf(first) < size ? 0 : Infinity
  /** The last offset worth asking for as far as the totals seen so far tell. */
  let planned = lastPageOffset(first.total, size)
  let cursor = size

  const worker = async (): Promise<void> => {
    while (cursor <= Math.min(planned, end)) {
      const offset = cursor
      cursor += size
      const page = await fetchPage(offset)
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

  const groups: Group[] = []
  const rejected: RejectedRecord[] = []
  const seen = new Set<string>()
  let beyondEnd = false
  for (const offset of [...pages.keys()].sort((a, b) => a - b)) {
    const page = pages.get(offset) as ParsedGroupsPage
    if (offset > end) {
      beyondEnd ||= lengthOf(page) > 0
      continue
    }
    for (const group of page.groups) {
      if (seen.has(group.id)) continue
      seen.add(group.id)
      groups.push(group)
    }
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
  return { groups, rejected, total: latestTotal, consistent, requests }
}

/** The offset of the page that holds the end of a list of `total`: the short (or empty) page. */
function lastPageOffset(total: number, size: number): number {
  return Math.floor(total / size) * size
}
