import { TZDate } from '@date-fns/tz'
import { describe, expect, it } from 'vitest'
import { bestTimes } from '../../../../../src-main/features/insights/best-times'
import { minutesOf } from '../../../../../src-main/features/insights/insight-records'
import { computeOverview, heatmapCells, type AccountStories } from '../../../../../src-main/features/insights/overview'
import { columnsOf } from '../../../../../src-main/features/insights/story-columns'
import { ZoneClock } from '../../../../../src-main/features/insights/zoned-hours'
import { createRng } from '../../../../../src-main/emulator/data/prng'
import { minutesSpread, story } from './records'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

function account(stories: ReturnType<typeof story>[], cutoff = 0): AccountStories {
  return { accountId: 'acc1', cutoff, parts: [columnsOf(stories.sort((a, b) => a.postedAt - b.postedAt))] }
}

/** Cell index of weekday (0 = Monday) and hour. */
const cell = (weekday: number, hour: number): number => weekday * 24 + hour

function nonZero(cells: Float64Array): Record<number, number> {
  return Object.fromEntries([...cells.entries()].filter(([, n]) => n > 0))
}

/** The weekday-hour of every view, one Intl call each: what the fast path must agree with. */
function oracle(stories: ReturnType<typeof story>[], zone: string): Float64Array {
  const cells = new Float64Array(168)
  for (const s of stories)
    for (const minute of s.minutes) {
      const local = new TZDate(Math.floor(s.postedAt / MINUTE) * MINUTE + minute * MINUTE, zone)
      cells[((local.getDay() + 6) % 7) * 24 + local.getHours()]! += 1
    }
  return cells
}

describe('the heatmap of when viewers look', () => {
  it('counts each view in the weekday and hour of the caller’s zone', () => {
    // Monday 2 March 2026, 06:00 UTC: 07:00 in Madrid, 11:30 in Kolkata.
    const posted = Date.parse('2026-03-02T06:00:00Z')
    const stories = [story({ postedAt: posted, minutes: [0, 30, 90, 18 * 60 + 15] })]
    const utc = heatmapCells([account(stories)], new ZoneClock('UTC', posted, posted + DAY))
    expect(nonZero(utc)).toEqual({ [cell(0, 6)]: 2, [cell(0, 7)]: 1, [cell(1, 0)]: 1 })
    const madrid = heatmapCells([account(stories)], new ZoneClock('Europe/Madrid', posted, posted + DAY))
    expect(nonZero(madrid)).toEqual({ [cell(0, 7)]: 2, [cell(0, 8)]: 1, [cell(1, 1)]: 1 })
    const kolkata = heatmapCells([account(stories)], new ZoneClock('Asia/Kolkata', posted, posted + DAY))
    expect(nonZero(kolkata)).toEqual({ [cell(0, 11)]: 1, [cell(0, 12)]: 1, [cell(0, 13)]: 1, [cell(1, 5)]: 1 })
  })

  it('counts a view in its own hour, whatever second of its minute the story was posted in', () => {
    // Posted 04:18:30, viewed 06:00:04 and 05:59:58 (UTC): one at six, one at five.
    const posted = Date.parse('2026-03-02T04:18:30Z')
    const statuses = ['2026-03-02T06:00:04Z', '2026-03-02T05:59:58Z', '2026-03-02T04:18:31Z'].map((at, i) => ({
      id: `s${i}`,
      code: 4,
      status: 'read',
      viewer_id: `1555020000${i}`,
      timestamp: String(Date.parse(at) / 1000),
    }))
    const minutes = minutesOf(statuses, posted)
    expect(minutes).toEqual([0, 101, 102])
    const cells = heatmapCells([account([story({ postedAt: posted, minutes })])], new ZoneClock('UTC', posted, posted + DAY))
    expect(nonZero(cells)).toEqual({ [cell(0, 4)]: 1, [cell(0, 5)]: 1, [cell(0, 6)]: 1 })
  })

  it('follows a daylight-saving change inside a story’s day', () => {
    // Madrid moves from +1 to +2 at 01:00 UTC on Sunday 29 March 2026; New York from −5 to −4 at 07:00 UTC on 8 March.
    const posted = Date.parse('2026-03-28T23:00:00Z')
    const stories = [story({ postedAt: posted, minutes: [30, 90, 150] })]
    const madrid = heatmapCells([account(stories)], new ZoneClock('Europe/Madrid', posted, posted + DAY))
    // 23:30 UTC = Sun 00:30 (+1); 00:30 UTC = Sun 01:30 (+1); 01:30 UTC = Sun 03:30 (+2).
    expect(nonZero(madrid)).toEqual({ [cell(6, 0)]: 1, [cell(6, 1)]: 1, [cell(6, 3)]: 1 })
    const ny = Date.parse('2026-03-08T05:00:00Z')
    const nyStories = [story({ postedAt: ny, minutes: [30, 90, 150] })]
    const newYork = heatmapCells([account(nyStories)], new ZoneClock('America/New_York', ny, ny + DAY))
    // 05:30 UTC = 00:30 (−5); 06:30 UTC = 01:30 (−5); 07:30 UTC = 03:30 (−4).
    expect(nonZero(newYork)).toEqual({ [cell(6, 0)]: 1, [cell(6, 1)]: 1, [cell(6, 3)]: 1 })
  })

  it('agrees with a per-view clock over a year of stories, in zones with hour and half-hour changes', () => {
    const rng = createRng(42)
    const start = Date.parse('2025-06-01T00:00:00Z')
    const stories = Array.from({ length: 400 }, () =>
      story({
        postedAt: start + Math.floor(rng.next() * 365 * DAY),
        minutes: Array.from({ length: 40 }, () => rng.int(0, 1600)).sort((a, b) => a - b),
      }),
    )
    for (const zone of ['Europe/Madrid', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']) {
      const clock = new ZoneClock(zone, start, start + 366 * DAY)
      expect(Array.from(heatmapCells([account(stories.slice())], clock)), zone).toEqual(Array.from(oracle(stories, zone)))
    }
  })
})

describe('the overview', () => {
  const now = Date.parse('2026-04-15T10:00:00Z')

  it('groups stories by audience and kind, with medians and shares', () => {
    const stories = [
      story({ postedAt: now - 3 * DAY, minutes: minutesSpread(10) }),
      story({ postedAt: now - 4 * DAY, minutes: minutesSpread(20) }),
      story({ postedAt: now - 5 * DAY, kind: 'image', minutes: minutesSpread(30), audience: { mode: 'contacts', name: null, size: 60 } }),
      story({ postedAt: now - 6 * DAY, kind: 'image', minutes: minutesSpread(10), audience: { mode: 'contacts', name: null, size: 20 } }),
      story({ postedAt: now - 7 * DAY, kind: 'video', minutes: minutesSpread(8), audience: { mode: 'audience', name: 'Team', size: 10 } }),
    ]
    const overview = computeOverview([account(stories)], { timeZone: 'Europe/Madrid', weeks: 4, now })
    expect(overview).toMatchObject({ stories: 5, views: 78, thin: true })
    expect(overview.from).toBe(new Date(now - 7 * DAY).toISOString())
    expect(overview.to).toBe(new Date(now - 3 * DAY).toISOString())
    expect(overview.byAudience).toEqual([
      { audience: { mode: 'everyone', name: null, size: null }, stories: 2, medianReach: 15, medianShare: null },
      { audience: { mode: 'contacts', name: null, size: null }, stories: 2, medianReach: 20, medianShare: 0.5 },
      { audience: { mode: 'audience', name: 'Team', size: 10 }, stories: 1, medianReach: 8, medianShare: 0.8 },
    ])
    expect(overview.byKind).toEqual([
      { kind: 'text', stories: 2, medianReach: 15 },
      { kind: 'image', stories: 2, medianReach: 20 },
      { kind: 'video', stories: 1, medianReach: 8 },
    ])
    expect(overview.heatmap).toHaveLength(7)
    expect(overview.heatmap.every((row) => row.length === 24)).toBe(true)
    expect(overview.heatmap.flat().reduce((a, b) => a + b, 0)).toBe(78)
  })

  it('draws the trend by the caller’s weeks, empty weeks included, each starting Monday 00:00 on their clock', () => {
    const stories = [
      story({ postedAt: Date.parse('2026-04-14T08:00:00Z'), minutes: minutesSpread(10) }),
      story({ postedAt: Date.parse('2026-04-13T08:00:00Z'), minutes: minutesSpread(30) }),
      story({ postedAt: Date.parse('2026-03-25T08:00:00Z'), minutes: minutesSpread(7) }),
    ]
    const overview = computeOverview([account(stories)], { timeZone: 'Europe/Madrid', weeks: 4, now })
    expect(overview.trend).toEqual([
      // Madrid was on +1 until 29 March, +2 after.
      { weekStart: '2026-03-22T23:00:00.000Z', stories: 1, views: 7, medianReach: 7 },
      { weekStart: '2026-03-29T22:00:00.000Z', stories: 0, views: 0, medianReach: null },
      { weekStart: '2026-04-05T22:00:00.000Z', stories: 0, views: 0, medianReach: null },
      { weekStart: '2026-04-12T22:00:00.000Z', stories: 2, views: 40, medianReach: 20 },
    ])
    const tokyo = computeOverview([account(stories)], { timeZone: 'Asia/Tokyo', weeks: 1, now })
    expect(tokyo.trend).toEqual([{ weekStart: '2026-04-12T15:00:00.000Z', stories: 2, views: 40, medianReach: 20 }])
  })

  it('measures first-view latency, and is thin below ten stories or a hundred views', () => {
    const stories = Array.from({ length: 10 }, (_, i) =>
      story({ postedAt: now - (i + 1) * DAY, minutes: [2, 10, 20, 40, 100, 200, 300, 600, 900, 1400] }),
    )
    const overview = computeOverview([account(stories)], { timeZone: 'UTC', weeks: 2, now })
    expect(overview.thin).toBe(false)
    expect(overview.latency).toMatchObject({ p25: 20, median: 100, p75: 600 })
    expect(overview.latency.histogram.map((bucket) => bucket.views)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 20])
    // A story lives a day: the last bucket ends there, and a later view (a server's clock off) is counted in it.
    expect(overview.latency.histogram.map((bucket) => bucket.upToMinutes)).toEqual([5, 15, 30, 60, 120, 240, 480, 720, 1440])
    const late = computeOverview([account([story({ postedAt: now - DAY, minutes: [3000] })])], { timeZone: 'UTC', weeks: 2, now })
    expect(late.latency.histogram.at(-1)).toEqual({ upToMinutes: 1440, views: 1 })
    const fewer = computeOverview([account(stories.slice(0, 9))], { timeZone: 'UTC', weeks: 2, now })
    expect(fewer.thin).toBe(true)
    const empty = computeOverview([account([])], { timeZone: 'UTC', weeks: 2, now })
    expect(empty).toMatchObject({ stories: 0, views: 0, from: null, to: null, thin: true, latency: { median: null } })
  })

  it('leaves out what is older than the retention', () => {
    const stories = [story({ postedAt: now - 100 * DAY }), story({ postedAt: now - DAY })]
    expect(computeOverview([account(stories, now - 90 * DAY)], { timeZone: 'UTC', weeks: 2, now }).stories).toBe(1)
  })
})

describe('best times to post', () => {
  // Wednesday 15 April 2026, 12:00 in Madrid.
  const now = Date.parse('2026-04-15T10:00:00Z')

  it('are the next occurrences of the weekday-hours viewers look most, soonest first, on the caller’s clock', () => {
    // Views on Tuesdays at 20:00 in Madrid, fewer on Thursdays at 08:00, a few at 03:00, for twelve weeks (across the change to summer time).
    const madrid = (day: number, hour: number): number => new TZDate(2026, 3, day, hour, 0, 0, 'Europe/Madrid').getTime()
    const stories = Array.from({ length: 12 }, (_, i) => [
      story({ postedAt: madrid(7 - 7 * i, 20), minutes: minutesSpread(20, 50) }),
      story({ postedAt: madrid(9 - 7 * i, 8), minutes: minutesSpread(10, 50) }),
      story({ postedAt: madrid(9 - 7 * i, 3), minutes: minutesSpread(2, 50) }),
    ]).flat()
    const best = bestTimes(account(stories), { timeZone: 'Europe/Madrid', count: 2, now })
    expect(best.thin).toBe(false)
    expect(best.slots).toEqual([
      { at: '2026-04-16T06:00:00.000Z', weekday: 3, hour: 8, share: 10 / 32 },
      { at: '2026-04-21T18:00:00.000Z', weekday: 1, hour: 20, share: 20 / 32 },
    ])
  })

  it('say when the history is too thin, and suggest nothing', () => {
    const stories = [story({ postedAt: now - DAY, minutes: minutesSpread(500) })]
    expect(bestTimes(account(stories), { timeZone: 'Europe/Madrid', count: 3, now })).toEqual({ thin: true, slots: [] })
  })

  it('land on the hour on the local clock across a change of offset', () => {
    const clock = new ZoneClock('Europe/Madrid', Date.parse('2026-03-20T00:00:00Z'), Date.parse('2026-04-10T00:00:00Z'))
    // From Friday 27 March: the next Monday 09:00 is after the change (+2).
    expect(new Date(clock.nextAt(0, 9, Date.parse('2026-03-27T12:00:00Z'))).toISOString()).toBe('2026-03-30T07:00:00.000Z')
    // Sunday 29 March 02:00 does not exist in Madrid: the clock jumps to 03:00.
    const gap = clock.nextAt(6, 2, Date.parse('2026-03-27T12:00:00Z'))
    expect(new TZDate(gap, 'Europe/Madrid').getHours()).toBe(3)
  })
})
