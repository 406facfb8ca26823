import type { ExportResult } from '@shared/channels/export'
import { GROUP_FILTERS, type GroupFilter, type GroupRow, type GroupSort, type GroupsQuery, type LabelChip } from '@shared/channels/groups'
import type { AppErrorData, Result } from '@shared/errors'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'

/** Rows fetched per request; the list asks for the pages its visible range touches. */
export const PAGE_SIZE = 100
/** Pages kept while scrolling; the farthest from the visible rows go first. */
export const MAX_CACHED_PAGES = 30
/** Inlined by the build: 80 ms, or 0 in the groups-ui benchmark's own renderer (electron.vite.config.ts). */
export const SEARCH_DEBOUNCE_MS = __SEARCH_DEBOUNCE_MS__

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error'

/**
 * The groups list of the account on this client's screen: the query (search, filters, labels,
 * sort) and the windows of rows main sent for it, cached by page. The whole account never
 * comes over: only the pages the list shows. Every query change (and every switch of account)
 * starts a new generation; answers for an older one are dropped.
 */
export const useGroupsStore = defineStore('groups', () => {
  const accounts = useAccountsStore()
  const search = ref('')
  const appliedSearch = ref('')
  const filters = ref<GroupFilter[]>([])
  const labelFilter = ref<string[]>([])
  const sort = ref<GroupSort>('recent')

  const pages = shallowRef<ReadonlyMap<number, readonly GroupRow[]>>(new Map())
  const matching = ref(0)
  const total = ref(0)
  const status = ref<ListStatus>('idle')
  const error = ref<AppErrorData | null>(null)
  /** Bumped when the first window of a new query arrives (the list goes back to the top). */
  const resultVersion = ref(0)
  /** Bumped when main says a new snapshot is in place (after a sync). */
  const snapshotVersion = ref(0)
  /** The search text of the rows on screen (appliedSearch runs ahead while an answer is on its way). */
  const shownSearch = ref('')
  /** Bumped when a new query's results replace the old ones; the list scrolls to the top. */
  const queryVersion = ref(0)
  const labels = shallowRef<readonly LabelChip[]>([])
  /** The row the keyboard is on (-1: none yet). */
  const activeIndex = ref(-1)

  const hasQuery = computed(() => appliedSearch.value.trim() !== '' || filters.value.length > 0 || labelFilter.value.length > 0)

  let generation = 0
  let replaceOnArrival = false
  const inflight = new Set<number>()
  let range = { start: 0, end: 0 }
  let debounce: ReturnType<typeof setTimeout> | null = null
  const unsubscribers: Array<() => void> = []

  /** The query without its window: what the list shows and what an export writes. */
  function currentQuery(): Required<Omit<GroupsQuery, 'offset' | 'limit'>> {
    return {
      search: appliedSearch.value,
      filters: [...filters.value],
      labels: [...labelFilter.value],
      sort: sort.value,
    }
  }

  function rowAt(index: number): GroupRow | undefined {
    return pages.value.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE]
  }

  async function fetchPage(page: number, gen: number): Promise<void> {
    const accountId = accounts.activeId
    if (accountId === null) return
    inflight.add(page)
    const query = currentQuery()
    const result = await bridge.call('groups:query', { ...query, accountId, offset: page * PAGE_SIZE, limit: PAGE_SIZE })
    if (gen !== generation) return
    inflight.delete(page)
    if (!result.ok) {
      if (replaceOnArrival || pages.value.size === 0) {
        status.value = 'error'
        error.value = result.error
      }
      return
    }
    const next = new Map(replaceOnArrival ? [] : pages.value)
    next.set(page, result.value.rows)
    evictFarPages(next)
    if (replaceOnArrival) {
      shownSearch.value = query.search
      resultVersion.value++
    }
    replaceOnArrival = false
    pages.value = next
    matching.value = result.value.matching
    total.value = result.value.total
    status.value = 'ready'
    error.value = null
    // Pages the list asked for while this query's first answer was on its way.
    ensureRange(range.start, range.end)
  }

  /** Scrolling through 50,000 groups would otherwise keep every row it passed. */
  function evictFarPages(cache: Map<number, readonly GroupRow[]>): void {
    if (cache.size <= MAX_CACHED_PAGES) return
    const middle = (range.start + range.end) / 2 / PAGE_SIZE
    const byDistance = [...cache.keys()].sort((a, b) => Math.abs(b - middle) - Math.abs(a - middle))
    for (const page of byDistance.slice(0, cache.size - MAX_CACHED_PAGES)) cache.delete(page)
  }

  function pagesOf(start: number, end: number): number[] {
    const first = Math.max(0, Math.floor(start / PAGE_SIZE))
    const last = Math.max(first, Math.floor(Math.max(start, end) / PAGE_SIZE))
    return Array.from({ length: last - first + 1 }, (_, i) => first + i)
  }

  /**
   * Asks again for what is on screen. A new query starts at the top; a refresh after a sync
   * (`keepPosition`) refetches the visible pages so the list stays where the user was.
   */
  function refresh(options: { keepPosition?: boolean } = {}): Promise<void> {
    generation++
    inflight.clear()
    replaceOnArrival = true
    if (pages.value.size === 0 || status.value === 'error') status.value = 'loading'
    if (!options.keepPosition) {
      range = { start: 0, end: 0 }
      activeIndex.value = -1
      queryVersion.value++
    }
    const gen = generation
    return Promise.all(pagesOf(range.start, range.end).map((page) => fetchPage(page, gen))).then(() => undefined)
  }

  /** The list reports its visible range; missing pages are fetched once each. */
  function ensureRange(start: number, end: number): void {
    range = { start, end }
    if (replaceOnArrival) return
    for (const page of pagesOf(start, end)) {
      if (page * PAGE_SIZE >= Math.max(matching.value, 1)) continue
      if (!pages.value.has(page) && !inflight.has(page)) void fetchPage(page, generation)
    }
  }

  function setSearch(text: string): void {
    search.value = text
    if (debounce) clearTimeout(debounce)
    const apply = () => {
      debounce = null
      if (appliedSearch.value === search.value) return
      appliedSearch.value = search.value
      void refresh()
    }
    // Without a debounce the search goes in this task, not one timer hop later.
    if (text.trim() === '' || SEARCH_DEBOUNCE_MS === 0) apply()
    else debounce = setTimeout(apply, SEARCH_DEBOUNCE_MS)
  }

  function toggleFilter(filter: GroupFilter): void {
    if (!GROUP_FILTERS.includes(filter)) return
    filters.value = filters.value.includes(filter) ? filters.value.filter((f) => f !== filter) : [...filters.value, filter]
    void refresh()
  }

  function toggleLabel(id: string): void {
    labelFilter.value = labelFilter.value.includes(id) ? labelFilter.value.filter((l) => l !== id) : [...labelFilter.value, id]
    void refresh()
  }

  function setSort(next: GroupSort): void {
    if (sort.value === next) return
    sort.value = next
    void refresh()
  }

  function clearQuery(): void {
    if (debounce) clearTimeout(debounce)
    search.value = ''
    appliedSearch.value = ''
    filters.value = []
    labelFilter.value = []
    void refresh()
  }

  async function loadLabels(): Promise<void> {
    const accountId = accounts.activeId
    if (accountId === null) return
    const result = await bridge.call('groups:labels', { accountId })
    if (result.ok && accountId === accounts.activeId) labels.value = result.value
  }

  /** Writes the groups matching the query to a CSV file; null when no account is on screen. */
  async function exportMatching(): Promise<Result<ExportResult> | null> {
    const accountId = accounts.activeId
    return accountId === null ? null : bridge.call('export:groups', { ...currentQuery(), accountId })
  }

  function moveActive(delta: number): number {
    if (matching.value === 0) return -1
    const from = activeIndex.value < 0 ? (delta > 0 ? -1 : matching.value) : activeIndex.value
    activeIndex.value = Math.min(matching.value - 1, Math.max(0, from + delta))
    return activeIndex.value
  }

  function setActive(index: number): void {
    activeIndex.value = matching.value === 0 ? -1 : Math.min(matching.value - 1, Math.max(0, index))
  }

  /** Loads the first window and labels, and follows new snapshots of the account on screen from then on. */
  async function start(): Promise<void> {
    if (unsubscribers.length === 0) {
      unsubscribers.push(
        bridge.on('groups:changed', ({ accountId }) => {
          // Another account's sync (another client's screen, or a background account) is not this list's.
          if (accountId !== accounts.activeId) return
          snapshotVersion.value++
          void refresh({ keepPosition: true })
          void loadLabels()
        }),
      )
    }
    await Promise.all([refresh(), loadLabels()])
  }

  // Each account has its own groups: another account on screen starts the list afresh.
  watch(
    () => accounts.activeId,
    (id, previous) => {
      if (id === previous) return
      reset()
      if (id !== null) void start()
    },
    { flush: 'sync' },
  )

  /** Forgets everything (account switch): the next start() reads the new account. */
  function reset(): void {
    generation++
    inflight.clear()
    pages.value = new Map()
    matching.value = 0
    total.value = 0
    status.value = 'idle'
    error.value = null
    activeIndex.value = -1
    labels.value = []
  }

  function dispose(): void {
    if (debounce) clearTimeout(debounce)
    for (const off of unsubscribers.splice(0)) off()
  }

  return {
    search,
    appliedSearch,
    filters,
    labelFilter,
    sort,
    pages,
    matching,
    total,
    status,
    error,
    resultVersion,
    shownSearch,
    snapshotVersion,
    queryVersion,
    labels,
    activeIndex,
    hasQuery,
    currentQuery,
    rowAt,
    refresh,
    ensureRange,
    setSearch,
    toggleFilter,
    toggleLabel,
    setSort,
    clearQuery,
    loadLabels,
    exportMatching,
    moveActive,
    setActive,
    start,
    reset,
    dispose,
  }
})
