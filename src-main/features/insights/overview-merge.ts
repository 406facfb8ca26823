import { STORY_KINDS, type InsightAudience, type InsightsOverview } from '@shared/channels/insights'
import { AUDIENCE_MODES } from '../../account/files/formats/insights-files'
import { THIN_STORIES, THIN_VIEWS } from './overview'

/**
 * A median of several parts, each known by its own median and how many values it counted.
 * Exact when one part counted anything (the usual case: every account here, or every one on
 * the agent); otherwise the weighted median of the parts' medians, the best the parts' figures
 * tell without their stories.
 */
export function pooledMedian(parts: ReadonlyArray<{ value: number | null; weight: number }>): number | null {
  const counted = parts.filter((part): part is { value: number; weight: number } => part.value !== null && part.weight > 0)
  if (counted.length === 0) return null
  const sorted = counted.slice().sort((a, b) => a.value - b.value)
  const half = sorted.reduce((sum, part) => sum + part.weight, 0) / 2
  let seen = 0
  for (const part of sorted) {
    seen += part.weight
    if (seen >= half) return part.value
  }
  return sorted[sorted.length - 1]!.value
}

function audienceKey(audience: InsightAudience): string {
  return `${audience.mode}\u0000${audience.name ?? ''}`
}

function byAudience(parts: readonly InsightsOverview[]): InsightsOverview['byAudience'] {
  const groups = new Map<string, Array<InsightsOverview['byAudience'][number]>>()
  for (const part of parts)
    for (const row of part.byAudience) groups.set(audienceKey(row.audience), [...(groups.get(audienceKey(row.audience)) ?? []), row])
  return [...groups.values()]
    .map((rows) => {
      const sizes = new Set(rows.map((row) => row.audience.size))
      return {
        // A size is told only when every part had the same one, as one part tells it.
        audience: { ...rows[0]!.audience, size: sizes.size === 1 ? rows[0]!.audience.size : null },
        stories: rows.reduce((sum, row) => sum + row.stories, 0),
        medianReach: pooledMedian(rows.map((row) => ({ value: row.medianReach, weight: row.stories }))) ?? 0,
        medianShare: pooledMedian(rows.map((row) => ({ value: row.medianShare, weight: row.stories }))),
      }
    })
    .sort(
      (a, b) =>
        b.stories - a.stories ||
        AUDIENCE_MODES.indexOf(a.audience.mode) - AUDIENCE_MODES.indexOf(b.audience.mode) ||
        (a.audience.name ?? '').localeCompare(b.audience.name ?? ''),
    )
}

/** The latency of every part: the histogram summed, its quantiles pooled by each part's views. */
function latency(parts: readonly InsightsOverview[], frame: InsightsOverview['latency']): InsightsOverview['latency'] {
  const histogram = frame.histogram.map((bucket) => ({
    upToMinutes: bucket.upToMinutes,
    views: parts.reduce((sum, part) => sum + (part.latency.histogram.find((row) => row.upToMinutes === bucket.upToMinutes)?.views ?? 0), 0),
  }))
  const weights = parts.map((part) => part.latency.histogram.reduce((sum, row) => sum + row.views, 0))
  const pool = (pick: (latency: InsightsOverview['latency']) => number | null) =>
    pooledMedian(parts.map((part, index) => ({ value: pick(part.latency), weight: weights[index]! })))
  return { median: pool((l) => l.median), p25: pool((l) => l.p25), p75: pool((l) => l.p75), histogram }
}

/**
 * One overview of every account from the overviews of its parts (this desktop's accounts, and
 * each account on the agent). `frame` is this desktop's own: its weeks and latency buckets are
 * the ones shown, and a part's week or bucket it does not have is not counted.
 */
export function mergeOverviews(frame: InsightsOverview, others: readonly InsightsOverview[]): InsightsOverview {
  const parts = [frame, ...others]
  const stories = parts.reduce((sum, part) => sum + part.stories, 0)
  const views = parts.reduce((sum, part) => sum + part.views, 0)
  const froms = parts.flatMap((part) => (part.from === null ? [] : [part.from])).sort()
  const tos = parts.flatMap((part) => (part.to === null ? [] : [part.to])).sort()
  const kinds = new Map<string, Array<{ stories: number; medianReach: number }>>()
  for (const part of parts) for (const row of part.byKind) kinds.set(row.kind, [...(kinds.get(row.kind) ?? []), row])
  return {
    stories,
    views,
    from: froms[0] ?? null,
    to: tos[tos.length - 1] ?? null,
    thin: stories < THIN_STORIES || views < THIN_VIEWS,
    heatmap: frame.heatmap.map((row, day) => row.map((_, hour) => parts.reduce((sum, part) => sum + (part.heatmap[day]?.[hour] ?? 0), 0))),
    byAudience: byAudience(parts),
    byKind: STORY_KINDS.flatMap((kind) => {
      const rows = kinds.get(kind)
      if (!rows) return []
      const medianReach = pooledMedian(rows.map((row) => ({ value: row.medianReach, weight: row.stories }))) ?? 0
      return [{ kind, stories: rows.reduce((sum, row) => sum + row.stories, 0), medianReach }]
    }),
    trend: frame.trend.map((week) => {
      const rows = parts.flatMap((part) => part.trend.filter((row) => row.weekStart === week.weekStart).slice(0, 1))
      return {
        weekStart: week.weekStart,
        stories: rows.reduce((sum, row) => sum + row.stories, 0),
        views: rows.reduce((sum, row) => sum + row.views, 0),
        medianReach: pooledMedian(rows.map((row) => ({ value: row.medianReach, weight: row.stories }))),
      }
    }),
    latency: latency(parts, frame.latency),
  }
}
