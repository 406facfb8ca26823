import { describe, expect, it } from 'vitest'
import type { InsightsOverview } from '@shared/channels/insights'
import { mergeOverviews, pooledMedian } from '../../../../../src-main/features/insights/overview-merge'
import { emptyOverview } from './records'

const WEEK = '2026-11-23T00:00:00.000Z'

function part(over: Partial<InsightsOverview>): InsightsOverview {
  return emptyOverview({
    trend: [{ weekStart: WEEK, stories: 0, views: 0, medianReach: null }],
    latency: { median: null, p25: null, p75: null, histogram: [{ upToMinutes: 5, views: 0 }] },
    ...over,
  })
}

describe('one overview from the overviews of its parts', () => {
  it('takes a median exactly from the one part that counted anything, and weighs the parts otherwise', () => {
    expect(
      pooledMedian([
        { value: 7, weight: 3 },
        { value: null, weight: 0 },
      ]),
    ).toBe(7)
    expect(
      pooledMedian([
        { value: 1, weight: 1 },
        { value: 9, weight: 5 },
      ]),
    ).toBe(9)
    expect(pooledMedian([])).toBeNull()
  })

  it('sums what adds up, keeps the frame’s weeks and buckets, and counts none of a part’s others', () => {
    const heat = (n: number) =>
      Array.from({ length: 7 }, (_, day) => Array.from({ length: 24 }, (_, hour) => (day === 0 && hour === 9 ? n : 0)))
    const here = part({
      stories: 2,
      views: 40,
      from: '2026-11-20T10:00:00.000Z',
      to: '2026-11-24T10:00:00.000Z',
      heatmap: heat(40),
      byAudience: [{ audience: { mode: 'everyone', name: null, size: null }, stories: 2, medianReach: 20, medianShare: null }],
      byKind: [{ kind: 'image', stories: 2, medianReach: 20 }],
      trend: [{ weekStart: WEEK, stories: 2, views: 40, medianReach: 20 }],
      latency: { median: 4, p25: 2, p75: 5, histogram: [{ upToMinutes: 5, views: 40 }] },
    })
    const there = part({
      stories: 9,
      views: 100,
      from: '2026-11-10T10:00:00.000Z',
      to: '2026-11-22T10:00:00.000Z',
      heatmap: heat(100),
      byAudience: [{ audience: { mode: 'everyone', name: null, size: null }, stories: 9, medianReach: 11, medianShare: null }],
      byKind: [{ kind: 'text', stories: 9, medianReach: 11 }],
      trend: [
        { weekStart: WEEK, stories: 9, views: 100, medianReach: 11 },
        { weekStart: '2020-01-06T00:00:00.000Z', stories: 50, views: 5_000, medianReach: 100 },
      ],
      latency: {
        median: 3,
        p25: 1,
        p75: 4,
        histogram: [
          { upToMinutes: 5, views: 100 },
          { upToMinutes: 99_999, views: 7 },
        ],
      },
    })
    const merged = mergeOverviews(here, [there])
    expect(merged).toMatchObject({ stories: 11, views: 140, from: there.from, to: here.to, thin: false })
    expect(merged.heatmap[0]![9]).toBe(140)
    expect(merged.byAudience).toEqual([
      { audience: { mode: 'everyone', name: null, size: null }, stories: 11, medianReach: 11, medianShare: null },
    ])
    expect(merged.byKind.map((row) => row.kind)).toEqual(['text', 'image'])
    expect(merged.trend).toEqual([{ weekStart: WEEK, stories: 11, views: 140, medianReach: 11 }])
    expect(merged.latency.histogram).toEqual([{ upToMinutes: 5, views: 140 }])
    expect(merged.latency.median).toBe(3)
  })
})
