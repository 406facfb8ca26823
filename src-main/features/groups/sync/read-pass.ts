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

export function readPass<P extends PageFacts>(
  source: PageSource<P>,
  options: FetchAllOptions,
  budget: Budget,
  sink: (page: P, offset: number) => void | Promise<void>,
): Promise<Pass> {
  return new ReadPass(source, options, budget, sink).run()
}

/**
 * One read of the whole list: the first page, then `concurrency` lanes reading on from it,
 * each page checked against the pass's bounds as it arrives, then what the pass kept, in list
 * order, with whether it was consistent.
 */
class ReadPass<P extends PageFacts> {
  readonly #source: PageSource<P>
  readonly #options: FetchAllOptions
  readonly #budget: Budget
  readonly #sink: (page: P, offset: number) => void | Promise<void>
  /** One failed page stops the pages still in flight. */
  readonly #stopAll = new AbortController()
  readonly #signal: AbortSignal
  readonly #pages = new Map<number, PageSeen>()
  readonly #keys = new Set<string>()
  readonly #totals = new Set<number>()
  #duplicates = false
  #latestTotal = 0
  #largestTotal = 0
  #requests = 0
  #size: number
  /** Offset of the first short page: the end of the list. */
  #end = Infinity
  /** The last offset worth asking for as far as the totals seen so far tell. */
  #planned = 0
  #cursor = 0
  /**
   * Pages asked for and not yet handed on. A lane does not ask for a page more than
   * `ahead` pages past the earliest of them: the sink keeps the pages that arrive before
   * the ones ahead of them, and a slow page must not let the others read the whole pass.
   */
  readonly #inFlight = new Set<number>()
  #wake: (() => void) | null = null
  #woken: Promise<void> = Promise.resolve()

  constructor(source: PageSource<P>, options: FetchAllOptions, budget: Budget, sink: (page: P, offset: number) => void | Promise<void>) {
    this.#source = source
    this.#options = options
    this.#budget = budget
    this.#sink = sink
    this.#size = options.pageSize ?? DEFAULT_PAGE_SIZE
    const outer = options.signal
    this.#signal = outer ? AbortSignal.any([outer, this.#stopAll.signal]) : this.#stopAll.signal
  }

  async run(): Promise<Pass> {
    const outer = this.#options.signal
    if (outer?.aborted) throw syncCancelled()
    const first = await this.#fetchPage(0)
    // A server that caps pages below what was asked still says how many there are: page by its size.
    if (lengthOf(first) > 0 && lengthOf(first) < this.#size && first.total > lengthOf(first)) this.#size = lengthOf(first)
    this.#end = lengthOf(first) < this.#size ? 0 : Infinity
    this.#planned = lastPageOffset(first.total, this.#size)
    this.#cursor = this.#size
    if (this.#end === Infinity) await this.#lanes()
    return this.#kept()
  }

  #stop(why: EndlessReason): AppError {
    return endlessPaging(why, { requests: this.#budget.requests, groups: this.#keys.size })
  }

  async #request(offset: number): Promise<P> {
    const { options, budget } = { options: this.#options, budget: this.#budget }
    const outer = options.signal
    const attempts = Math.max(1, options.malformedAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts)
    const delayOf = options.retryDelayMs ?? ((retry: number) => backoffDelay(retry, DEFAULT_RETRY_POLICY, Math.random))
    const sleep = options.sleep ?? ((ms: number, s: AbortSignal) => sleepFor(ms, undefined, { signal: s }))
    for (let attempt = 1; ; attempt++) {
      if (budget.requests >= budget.limits.requests) throw this.#stop('requests')
      budget.requests++
      this.#requests++
      try {
        return await this.#source.listGroups({ count: this.#size, offset }, { signal: this.#signal })
      } catch (error) {
        if (outer?.aborted) throw syncCancelled()
        if (attempt >= attempts || !isUnreadablePage(error) || this.#signal.aborted) throw error
      }
      await sleep(delayOf(attempt), this.#signal).catch(() => undefined)
      if (outer?.aborted) throw syncCancelled()
      // Stopped because a page beside it failed: that page's error is the one the sync reports.
      if (this.#signal.aborted) throw new AppError('cancelled', userText('groupErrors.sync.cancelled'), { reason: 'another-page-failed' })
    }
  }

  async #fetchPage(offset: number): Promise<PageSeen> {
    const page = await this.#request(offset)
    const { options, budget } = { options: this.#options, budget: this.#budget }
    if (options.signal?.aborted) throw syncCancelled()
    options.onPage?.()
    budget.bytes += page.bytes ?? 0
    if (budget.bytes > budget.limits.bytes) throw this.#stop('bytes')
    const fresh = this.#keys.size
    const seen: PageSeen = { ids: page.groups.map((group) => group.id), rejected: page.rejected, total: page.total }
    this.#pages.set(offset, seen)
    this.#totals.add(page.total)
    this.#latestTotal = page.total
    this.#largestTotal = Math.max(this.#largestTotal, page.total)
    for (const group of page.groups) this.#record(group.id)
    for (const item of page.rejected) this.#record(item.id ?? `@${offset + item.index}`)
    if (this.#keys.size > budget.limits.groups) throw this.#stop('groups')
    const full = lengthOf(seen) >= this.#size
    // A full page of nothing new, or full pages beyond every total the server gave, are not a
    // list shifting under the read: the server is not paging at all, and would go on forever.
    if (full && offset > 0 && this.#keys.size === fresh) throw this.#stop('no-new-ids')
    if (full && offset >= this.#largestTotal + this.#size) throw this.#stop('past-total')
    await this.#sink(page, offset)
    if (options.signal?.aborted) throw syncCancelled()
    options.onProgress?.({ fetched: this.#keys.size, total: page.total })
    return seen
  }

  #record(key: string): void {
    if (this.#keys.has(key)) this.#duplicates = true
    else this.#keys.add(key)
  }

  /** The lanes reading on from the first page; the first failure is the one to report (the others are mostly the aborts it caused). */
  async #lanes(): Promise<void> {
    const concurrency = Math.max(1, this.#options.concurrency ?? DEFAULT_CONCURRENCY)
    let failure: { error: unknown } | null = null
    await Promise.all(
      Array.from({ length: concurrency }, () =>
        this.#lane(concurrency * READ_AHEAD_PER_LANE).catch((error: unknown) => {
          failure ??= { error }
          this.#stopAll.abort()
        }),
      ),
    )
    if (failure) throw this.#options.signal?.aborted ? syncCancelled() : (failure as { error: unknown }).error
  }

  async #lane(ahead: number): Promise<void> {
    const size = this.#size
    while (this.#cursor <= Math.min(this.#planned, this.#end) && !this.#stopAll.signal.aborted) {
      if (this.#inFlight.size > 0 && this.#cursor - Math.min(...this.#inFlight) >= ahead * size) {
        await this.#nextPageDone()
        continue
      }
      const offset = this.#cursor
      this.#cursor += size
      this.#inFlight.add(offset)
      let page: PageSeen
      try {
        page = await this.#fetchPage(offset)
      } finally {
        this.#inFlight.delete(offset)
        this.#pageDone()
      }
      if (lengthOf(page) < size) this.#end = Math.min(this.#end, offset)
      else if (offset >= this.#planned) this.#planned = offset + size
      this.#planned = Math.max(this.#planned, lastPageOffset(page.total, size))
    }
  }

  #pageDone(): void {
    const waiting = this.#wake
    this.#wake = null
    waiting?.()
  }

  #nextPageDone(): Promise<void> {
    if (!this.#wake) this.#woken = new Promise((resolve) => (this.#wake = resolve))
    return this.#woken
  }

  /** What the pass kept, in list order, each id once; and whether the whole of it was consistent. */
  #kept(): Pass {
    const kept: { offset: number; indexes: number[] }[] = []
    const ids: string[] = []
    const rejected: RejectedRecord[] = []
    const seen = new Set<string>()
    let beyondEnd = false
    for (const offset of [...this.#pages.keys()].sort((a, b) => a - b)) {
      const page = this.#pages.get(offset) as PageSeen
      if (offset > this.#end) {
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
    const consistent = this.#totals.size === 1 && !this.#duplicates && !beyondEnd && seen.size === this.#latestTotal
    return { kept, ids, rejected, total: this.#latestTotal, consistent, requests: this.#requests }
  }
}

function lengthOf(page: PageSeen): number {
  return page.ids.length + page.rejected.length
}

/** The offset of the page that holds the end of a list of `total`: the short (or empty) page. */
function lastPageOffset(total: number, size: number): number {
  return Math.floor(total / size) * size
}
