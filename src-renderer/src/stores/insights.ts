import type { BestTimes, InsightsOverview, StoryInsight } from '@shared/channels/insights'
import type { AppErrorData } from '@shared/errors'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { userTimeZone } from '../format/time'
import { useAccountsStore } from './accounts'

export type InsightSort = 'reach' | 'share' | 'recent'

/** Stories per page of the ranking. */
export const STORIES_PAGE = 20
/** Answers kept for scopes and pages seen, so switching back (or going offline) shows them at once. */
const KEPT_ANSWERS = 24

/** A bounded map that forgets what was used longest ago. */
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key)
  map.set(key, value)
  while (map.size > KEPT_ANSWERS) map.delete(map.keys().next().value as string)
}

/**
 * Insights: what every story reached, per account or across accounts, counted in the user's
 * zone. Main answers from its own store (which works without the network); the answers read
 * last are also kept here, so the view still shows them when a reading fails. The view opens
 * and closes the store: while it is open, 'insights:changed' reads the figures again.
 */
export const useInsightsStore = defineStore('insights', () => {
  const accounts = useAccountsStore()
  /** The one account chosen in the filter, or null for every account. */
  const accountFilter = ref<string | null>(null)
  /** The zone weekdays, hours and weeks are counted in: the user's clock, as scheduling uses. */
  const zone = ref(userTimeZone())
  const weeks = ref(13)
  const overview = shallowRef<InsightsOverview | null>(null)
  const stories = shallowRef<readonly StoryInsight[]>([])
  const total = ref(0)
  const sort = ref<InsightSort>('reach')
  const offset = ref(0)
  const loading = ref(false)
  /** Why the last reading failed; the figures on screen are then those read before. */
  const error = shallowRef<AppErrorData | null>(null)
  const exporting = ref(false)
  const exported = shallowRef<{ path: string | null; rows: number } | null>(null)
  const exportError = shallowRef<AppErrorData | null>(null)
  const bestTimes = shallowRef<BestTimes | null>(null)
  const bestTimesLoading = ref(false)
  const bestTimesError = shallowRef<AppErrorData | null>(null)

  const keptOverviews = new Map<string, InsightsOverview>()
  const keptPages = new Map<string, { items: readonly StoryInsight[]; total: number }>()
  let unsubscribe: (() => void) | null = null
  let generation = 0
  let storiesGeneration = 0
  let bestGeneration = 0
  /** Which scope's figures are on screen. */
  let overviewShown: string | null = null
  let pageScope: string | null = null
  let running: Promise<void> | null = null
  let pending = false

  /** Two accounts or more: the figures can be narrowed to one, and stories name their account. */
  const manyAccounts = computed(() => accounts.accounts.length > 1)
  /** The account the figures are of, or null for every account (with one account, that one). */
  const scope = computed(() => (manyAccounts.value ? accountFilter.value : null))
  /** The figures on screen are the last ones read, not the latest. */
  const stale = computed(() => error.value !== null && overview.value !== null)

  const scopeKey = () => scope.value ?? '*'
  const overviewKey = () => `${scopeKey()}|${zone.value}|${weeks.value}`
  const pageKey = () => `${scopeKey()}|${sort.value}|${offset.value}`

  async function loadStories(): Promise<AppErrorData | null> {
    const mine = ++storiesGeneration
    const key = pageKey()
    const kept = keptPages.get(key)
    if (kept) showPage(kept)
    // Another account's stories must not stand for this one's while they are read.
    else if (pageScope !== scopeKey()) showPage({ items: [], total: 0 })
    const result = await bridge.call('insights:stories', {
      accountId: scope.value,
      sort: sort.value,
      offset: offset.value,
      count: STORIES_PAGE,
    })
    if (mine !== storiesGeneration) return null
    if (!result.ok) return result.error
    const items = result.value.items.slice(0, STORIES_PAGE)
    const page = { items, total: Number.isFinite(result.value.total) ? Math.max(0, result.value.total) : items.length }
    showPage(page)
    remember(keptPages, key, page)
    return null
  }

  function showPage(page: { items: readonly StoryInsight[]; total: number }): void {
    stories.value = page.items
    total.value = page.total
    pageScope = scopeKey()
  }

  /** Reads the overview and the current page of stories for the scope chosen. */
  async function load(): Promise<void> {
    const mine = ++generation
    const key = overviewKey()
    // What was read last for this scope shows at once; offline, it is all there is.
    const kept = keptOverviews.get(key) ?? null
    if (kept || overviewShown !== key) showOverview(key, kept)
    loading.value = true
    const [answer, storiesError] = await Promise.all([
      bridge.call('insights:overview', { accountId: scope.value, timeZone: zone.value, weeks: weeks.value }),
      loadStories(),
    ])
    if (mine !== generation) return
    loading.value = false
    if (answer.ok) {
      showOverview(key, answer.value)
      remember(keptOverviews, key, answer.value)
    }
    error.value = answer.ok ? storiesError : answer.error
  }

  function showOverview(key: string, value: InsightsOverview | null): void {
    overview.value = value
    overviewShown = key
  }

  /** New samples came: read again, once more after a reading under way rather than many at once. */
  function refresh(): void {
    if (running) {
      pending = true
      return
    }
    running = load().finally(() => {
      running = null
      if (pending) {
        pending = false
        refresh()
      }
    })
  }

  function open(): Promise<void> {
    unsubscribe ??= bridge.on('insights:changed', ({ accountId }) => {
      if (scope.value === null || scope.value === accountId) refresh()
    })
    return load()
  }

  function close(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  function chooseAccount(accountId: string | null): Promise<void> {
    accountFilter.value = accountId
    offset.value = 0
    exported.value = null
    exportError.value = null
    return load()
  }

  async function readPage(): Promise<void> {
    const failure = await loadStories()
    if (failure) error.value = failure
  }

  function sortBy(next: InsightSort): Promise<void> {
    sort.value = next
    offset.value = 0
    return readPage()
  }

  /** The next (1) or previous (-1) page of stories, within the list. */
  function turnPage(direction: 1 | -1): Promise<void> {
    const next = offset.value + direction * STORIES_PAGE
    if (next < 0 || next >= total.value) return Promise.resolve()
    offset.value = next
    return readPage()
  }

  /** Writes the stories of the scope as CSV; `exported.path` says where (null: the user cancelled the save). */
  async function exportCsv(): Promise<boolean> {
    exporting.value = true
    exported.value = null
    exportError.value = null
    try {
      const result = await bridge.call('insights:export', { accountId: scope.value, timeZone: zone.value })
      if (!result.ok) {
        exportError.value = result.error
        return false
      }
      exported.value = result.value
      return true
    } finally {
      exporting.value = false
    }
  }

  /** The next good times to post for the accounts ticked, on the clock of `timeZone`: main puts them together. */
  async function loadBestTimes(accountIds: readonly string[], timeZone: string, count = 3): Promise<void> {
    const mine = ++bestGeneration
    if (accountIds.length === 0) {
      bestTimes.value = null
      bestTimesError.value = null
      bestTimesLoading.value = false
      return
    }
    bestTimesLoading.value = true
    const answer = await bridge.call('insights:best-times', { accountIds: [...accountIds], timeZone, count })
    if (mine !== bestGeneration) return
    bestTimesLoading.value = false
    bestTimesError.value = answer.ok ? null : answer.error
    bestTimes.value = answer.ok ? answer.value : null
  }

  // An account that goes away takes the filter with it.
  watch(
    () => accounts.accounts.map((account) => account.id),
    (ids) => {
      if (accountFilter.value !== null && !ids.includes(accountFilter.value)) void chooseAccount(null)
    },
  )

  return {
    accountFilter,
    zone,
    weeks,
    overview,
    stories,
    total,
    sort,
    offset,
    loading,
    error,
    stale,
    exporting,
    exported,
    exportError,
    bestTimes,
    bestTimesLoading,
    bestTimesError,
    manyAccounts,
    scope,
    open,
    close,
    load,
    refresh,
    chooseAccount,
    sortBy,
    turnPage,
    exportCsv,
    loadBestTimes,
  }
})
