import { STORY_KINDS, type InsightAudience, type InsightsOverview } from '@shared/channels/insights'
import { AUDIENCE_MODES, MAX_VIEW_MINUTE } from '../../account/files/formats/insights-files'
import { NO_SIZE, reachAt, TEXT_SLOTS, textAt, viewsAt, type StoryColumns } from './story-columns'
import { ZoneClock } from './zoned-hours'

/** Below either, patterns cannot be told from chance: the view says so. */
export const THIN_STORIES = 10
export const THIN_VIEWS = 100
/** The latency histogram's buckets, in minutes after posting. */
/** Up to a day: a story lives 24 hours, so a later first view (a clock off on the server) counts in the last bucket. */
const LATENCY_BUCKETS = [5, 15, 30, 60, 120, 240, 480, 720, 1440]
const MINUTE_MS = 60_000

/** One account's stories to count: its columns (archive, live) and the oldest time kept. */
export interface AccountStories {
  accountId: string
  cutoff: number
  parts: readonly StoryColumns[]
}

/** Calls `visit` for every story counted: within its account's retention. */
export function forEachStory(
  accounts: readonly AccountStories[],
  visit: (columns: StoryColumns, i: number, accountId: string) => void,
): void {
  for (const account of accounts)
    for (const columns of account.parts)
      for (let i = 0; i < columns.count; i++) if ((columns.posted[i] as number) >= account.cutoff) visit(columns, i, account.accountId)
}

/** Views by weekday (0 = Monday) × hour in `clock`'s zone, as 168 counts. */
export function heatmapCells(accounts: readonly AccountStories[], clock: ZoneClock): Float64Array {
  const cells = new Float64Array(7 * 24)
  forEachStory(accounts, (columns, i) => {
    const views = viewsAt(columns, i)
    if (views.length === 0) return
    const posted = columns.posted[i] as number
    const last = posted + (views[views.length - 1] as number) * MINUTE_MS
    const base = Math.floor(posted / MINUTE_MS)
    if (clock.steady(posted, last)) {
      // One offset for the whole story: each view's hour is a sum and two divisions.
      const start = base + clock.offsetAt(posted)
      for (let k = 0; k < views.length; k++) cells[ZoneClock.cellOf(start + (views[k] as number))]! += 1
      return
    }
    for (let k = 0; k < views.length; k++) {
      const minute = views[k] as number
      cells[ZoneClock.cellOf(base + minute + clock.offsetAt((base + minute) * MINUTE_MS))]! += 1
    }
  })
  return cells
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = values.slice().sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** The audience a story went to, as the contract names it. */
export function audienceAt(columns: StoryColumns, i: number): InsightAudience {
  const size = columns.audienceSize[i] as number
  const name = textAt(columns, i, 'audienceName')
  return {
    mode: AUDIENCE_MODES[columns.audienceMode[i] as number] ?? 'everyone',
    name: name === '' ? null : name,
    size: size === NO_SIZE ? null : size,
  }
}

function hasAudienceName(columns: StoryColumns, i: number): boolean {
  const slot = i * TEXT_SLOTS.length + TEXT_SLOTS.indexOf('audienceName')
  return (columns.textStarts[slot + 1] as number) > (columns.textStarts[slot] as number)
}

/** reach ÷ audience size, when the size is known (and not zero). */
export function shareAt(columns: StoryColumns, i: number): number | null {
  const size = columns.audienceSize[i] as number
  return size === NO_SIZE || size === 0 ? null : reachAt(columns, i) / size
}

/** The value at quantile `q` of minutes counted in `counts` (index = minute). */
function quantile(counts: Uint32Array, total: number, q: number): number | null {
  if (total === 0) return null
  const rank = Math.max(1, Math.ceil(q * total))
  let seen = 0
  for (let minute = 0; minute < counts.length; minute++) {
    seen += counts[minute] as number
    if (seen >= rank) return minute
  }
  return counts.length - 1
}

function latencyOf(accounts: readonly AccountStories[]): InsightsOverview['latency'] {
  const counts = new Uint32Array(MAX_VIEW_MINUTE + 1)
  let total = 0
  forEachStory(accounts, (columns, i) => {
    const views = viewsAt(columns, i)
    for (let k = 0; k < views.length; k++) counts[views[k] as number]! += 1
    total += views.length
  })
  const histogram = LATENCY_BUCKETS.map((upToMinutes) => ({ upToMinutes, views: 0 }))
  let bucket = 0
  for (let minute = 0; minute < counts.length; minute++) {
    while (bucket < LATENCY_BUCKETS.length - 1 && minute >= (LATENCY_BUCKETS[bucket] as number)) bucket++
    histogram[bucket]!.views += counts[minute] as number
  }
  return { median: quantile(counts, total, 0.5), p25: quantile(counts, total, 0.25), p75: quantile(counts, total, 0.75), histogram }
}

function trendOf(accounts: readonly AccountStories[], clock: ZoneClock, weeks: number, now: number): InsightsOverview['trend'] {
  const first = clock.addWeeks(clock.weekStart(now), -(weeks - 1))
  const starts = Array.from({ length: weeks + 1 }, (_, k) => clock.addWeeks(first, k))
  const reaches = starts.slice(0, weeks).map(() => [] as number[])
  forEachStory(accounts, (columns, i) => {
    const posted = columns.posted[i] as number
    if (posted < (starts[0] as number) || posted >= (starts[weeks] as number)) return
    let week = 0
    while (posted >= (starts[week + 1] as number)) week++
    reaches[week]!.push(reachAt(columns, i))
  })
  return reaches.map((list, week) => ({
    weekStart: new Date(starts[week] as number).toISOString(),
    stories: list.length,
    views: list.reduce((sum, reach) => sum + reach, 0),
    medianReach: median(list),
  }))
}

/** The figures of the Insights view, computed where the stories are (never a year of views across the bridge). */
export function computeOverview(
  accounts: readonly AccountStories[],
  options: { timeZone: string; weeks: number; now: number },
): InsightsOverview {
  let stories = 0
  let views = 0
  let from = Infinity
  let to = -Infinity
  const byAudience = new Map<string, { audience: InsightAudience; reaches: number[]; shares: number[] }>()
  const byKind = new Map<number, number[]>()
  forEachStory(accounts, (columns, i) => {
    const reach = reachAt(columns, i)
    const posted = columns.posted[i] as number
    stories++
    views += reach
    from = Math.min(from, posted)
    to = Math.max(to, posted)
    // Keyed without making an object per story: the name is read only where there is one.
    const key = `${columns.audienceMode[i] as number}\u0000${hasAudienceName(columns, i) ? textAt(columns, i, 'audienceName') : ''}`
    let group = byAudience.get(key)
    if (!group) {
      group = { audience: audienceAt(columns, i), reaches: [], shares: [] }
      byAudience.set(key, group)
    }
    group.reaches.push(reach)
    const share = shareAt(columns, i)
    if (share !== null) group.shares.push(share)
    // An audience's size is told only when every story to it had the same one.
    const size = columns.audienceSize[i] as number
    if (group.audience.size !== (size === NO_SIZE ? null : size)) group.audience.size = null
    const kind = byKind.get(columns.kind[i] as number) ?? []
    kind.push(reach)
    byKind.set(columns.kind[i] as number, kind)
  })
  const clock = new ZoneClock(options.timeZone, Number.isFinite(from) ? from : options.now, options.now)
  const cells = heatmapCells(accounts, clock)
  return {
    stories,
    views,
    from: stories > 0 ? new Date(from).toISOString() : null,
    to: stories > 0 ? new Date(to).toISOString() : null,
    thin: stories < THIN_STORIES || views < THIN_VIEWS,
    heatmap: Array.from({ length: 7 }, (_, day) => Array.from(cells.subarray(day * 24, day * 24 + 24))),
    byAudience: [...byAudience.values()]
      .map((group) => ({
        audience: group.audience,
        stories: group.reaches.length,
        medianReach: median(group.reaches) ?? 0,
        medianShare: median(group.shares),
      }))
      .sort(
        (a, b) =>
          b.stories - a.stories ||
          AUDIENCE_MODES.indexOf(a.audience.mode) - AUDIENCE_MODES.indexOf(b.audience.mode) ||
          (a.audience.name ?? '').localeCompare(b.audience.name ?? ''),
      ),
    byKind: STORY_KINDS.flatMap((kind, index) => {
      const reaches = byKind.get(index)
      return reaches ? [{ kind, stories: reaches.length, medianReach: median(reaches) ?? 0 }] : []
    }),
    trend: trendOf(accounts, clock, options.weeks, options.now),
    latency: latencyOf(accounts),
  }
}
