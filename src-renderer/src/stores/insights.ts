import type { BestTimes, InsightsOverview, StoryInsight } from '@shared/channels/insights'
import type { AppErrorData } from '@shared/errors'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { userTimeZone } from '../format/time'
import { useAccountsStore } from './accounts'

export type InsightSort = 'reach' | 'share' | 'recent'

/** A suggested time as the composer shows it: when, and the share of views that come at that weekday-hour. */
export interface SuggestedSlot {
  at: string
  weekday: number
  hour: number
  share: number
}

/** The good times for the accounts ticked, put together from each account's own answer. */
export interface SuggestedTimes {
  /** Every account ticked has too little history: no time is suggested. */
  thin: boolean
  /** Some (not all) accounts ticked have too little history: the times come from the others. */
  partial: boolean
  slots: SuggestedSlot[]
}

/** Stories per page of the ranking. */
export const STORIES_PAGE = 20
/** Times asked of each account when several are ticked, so that times good for most of them can be found. */
const SLOTS_PER_ACCOUNT = 10
/** Answers kept for scopes and pages seen, so switching back (or going offline) shows them at once. */
const KEPT_ANSWERS = 24

/**
 * The good times of several accounts as one list: times good for the most accounts first, then
 * by their mean share of views, of which the `count` best are shown soonest first. An account
 * whose history is too thin has no say; if none has one, nothing is suggested.
 */
export function mergeBestTimes(answers: readonly BestTimes[], count: number, now = Date.now()): SuggestedTimes {
  const usable = answers.filter((answer) => !answer.thin)
  if (usable.length === 0) return { thin: true, partial: false, slots: [] }
  const byInstant = new Map<number, SuggestedSlot & { accounts: number }>()
  for (const answer of usable) {
    for (const slot of answer.slots.slice(0, SLOTS_PER_ACCOUNT)) {
      const at = Date.parse(slot.at)
      if (!Number.isFinite(at) || at <= now) continue
      const entry = byInstant.get(at) ?? { ...slot, at: new Date(at).toISOString(), share: 0, accounts: 0 }
      entry.share += (Number.isFinite(slot.share) ? Math.max(0, slot.share) : 0) / usable.length
      entry.accounts++
      byInstant.set(at, entry)
    }
  }
  const slots = [...byInstant.values()]
    .sort((a, b) => b.accounts - a.accounts || b.share - a.share || a.at.localeCompare(b.at))
    .slice(0, count)
    .sort((a, b) => a.at.localeCompare(b.at))
    .map(({ at, weekday, hour, share }) => ({ at, weekday, hour, share }))
  return { thin: false, partial: usable.length < answers.length, slots }
}

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
  const bestTimes = shallowRef<SuggestedTimes | null>(null)
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

  /** The next good times to post for the accounts ticked, on the clock of `timeZone`. */
  async function loadBestTimes(accountIds: readonly string[], timeZone: string, count = 3): Promise<void> {
    const mine = ++bestGeneration
    if (accountIds.length === 0) {
      bestTimes.value = null
      bestTimesError.value = null
      bestTimesLoading.value = false
      return
    }
    bestTimesLoading.value = true
    const perAccount = accountIds.length === 1 ? count : SLOTS_PER_ACCOUNT
    const answers = await Promise.all(
      accountIds.map((accountId) => bridge.call('insights:best-times', { accountId, timeZone, count: perAccount })),
    )
    if (mine !== bestGeneration) return
    bestTimesLoading.value = false
    const failed = answers.find((answer) => !answer.ok)
    const read = answers.flatMap((answer) => (answer.ok ? [answer.value] : []))
    bestTimesError.value = failed && !failed.ok && read.length === 0 ? failed.error : null
    bestTimes.value = read.length > 0 ? mergeBestTimes(read, count) : null
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
