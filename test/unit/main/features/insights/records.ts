import type { InsightsOverview } from '@shared/channels/insights'
import type { InsightRecord, LiveRecord } from '../../../../../src-main/account/files/formats/insights-files'

const MINUTE = 60_000

let seq = 0

/** A story as insights keep it; minutes are each viewer's first view after posting. */
export function story(overrides: Partial<InsightRecord> & { postedAt: number }): LiveRecord {
  seq++
  return {
    id: `STORY-${String(seq).padStart(6, '0')}`,
    kind: 'text',
    snippet: `Story ${seq}`,
    background: '#FF0B6E4F',
    font: 'SYSTEM',
    audience: { mode: 'everyone', name: null, size: null },
    source: 'statusdesk',
    final: true,
    minutes: [0, 3, 3, 10, 45, 120],
    sampledAt: overrides.postedAt + 24 * 60 * MINUTE,
    failures: 0,
    ...overrides,
  }
}

/** `count` views spread over the first `span` minutes, earliest first. */
export function minutesSpread(count: number, span = 1440): number[] {
  return Array.from({ length: count }, (_, i) => Math.floor((i * span) / count))
}

/** An overview that counted nothing, with `over` in place of its fields. */
export function emptyOverview(over: Partial<InsightsOverview> = {}): InsightsOverview {
  return {
    stories: 0,
    views: 0,
    from: null,
    to: null,
    thin: true,
    heatmap: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
    byAudience: [],
    byKind: [],
    trend: [],
    latency: { median: null, p25: null, p75: null, histogram: [] },
    ...over,
  }
}
