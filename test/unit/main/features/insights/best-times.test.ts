import { describe, expect, it } from 'vitest'
import { bestTimes, bestTimesAcross, mergeBestTimes, SLOTS_PER_ACCOUNT } from '../../../../../src-main/features/insights/best-times'
import type { AccountStories } from '../../../../../src-main/features/insights/overview'
import { columnsOf } from '../../../../../src-main/features/insights/story-columns'
import { story } from './records'

const NOW = Date.parse('2026-06-01T08:00:00Z')

function slot(at: string, share: number) {
  const date = new Date(at)
  return { at, weekday: (date.getUTCDay() + 6) % 7, hour: date.getUTCHours(), share }
}

describe('good times for several accounts', () => {
  it('prefers times good for most accounts, then shows them soonest first', () => {
    const a = {
      thin: false,
      slots: [slot('2026-06-01T18:00:00Z', 0.2), slot('2026-06-02T18:00:00Z', 0.15), slot('2026-06-03T09:00:00Z', 0.1)],
    }
    const b = {
      thin: false,
      slots: [slot('2026-06-02T18:00:00Z', 0.1), slot('2026-06-01T20:00:00Z', 0.3), slot('2026-06-04T09:00:00Z', 0.05)],
    }
    const merged = mergeBestTimes([a, b], 3, NOW)
    expect(merged).toMatchObject({ thin: false, partial: false })
    expect(merged.slots.map((s) => s.at)).toEqual(['2026-06-01T18:00:00.000Z', '2026-06-01T20:00:00.000Z', '2026-06-02T18:00:00.000Z'])
    expect(merged.slots[2]!.share).toBeCloseTo(0.125)
  })

  it('says thin when every account is thin, partial when some are, and drops times past', () => {
    expect(mergeBestTimes([{ thin: true, slots: [] }], 3, NOW)).toEqual({ thin: true, partial: false, slots: [] })
    const merged = mergeBestTimes(
      [
        { thin: true, slots: [] },
        { thin: false, slots: [slot('2026-05-01T09:00:00Z', 0.5), slot('2026-06-05T09:00:00Z', 0.1)] },
      ],
      3,
      NOW,
    )
    expect(merged.partial).toBe(true)
    expect(merged.slots.map((s) => s.at)).toEqual(['2026-06-05T09:00:00.000Z'])
  })

  it('reads no more than its share of each account, and no nonsense from any', () => {
    const many = {
      thin: false,
      slots: Array.from({ length: 50 }, (_, i) => slot(new Date(NOW + (i + 1) * 3_600_000).toISOString(), i === 49 ? 0.9 : 0.01)),
    }
    const odd = {
      thin: false,
      slots: [slot('not a time', 0.5), { ...slot('2026-06-02T09:00:00Z', Number.NaN) }, slot('2026-06-03T09:00:00Z', -4)],
    }
    const merged = mergeBestTimes([many, odd], 20, NOW)
    // The 50th time of the first account is past its share, however strong it says it is.
    expect(merged.slots.some((s) => s.share > 0.4)).toBe(false)
    expect(merged.slots).toHaveLength(SLOTS_PER_ACCOUNT + 2)
    expect(merged.slots.every((s) => Number.isFinite(s.share) && s.share >= 0)).toBe(true)
  })

  it('gives one account asked alone the times it is given beside an account with no say, equal counts the sooner first', () => {
    const day = 24 * 3_600_000
    // Fourteen stories at 07:00 UTC on fourteen days, each seen by as many viewers within the hour: seven equal
    // weekday-hours. At 08:00 on a Monday, today's 07:00 has passed: the sooner ones are Tuesday's on.
    const stories = Array.from({ length: 14 }, (_, i) =>
      story({ postedAt: Date.parse('2026-05-18T07:00:00Z') + i * day, minutes: Array(30).fill(1) }),
    )
    const alone: AccountStories = { accountId: 'a', cutoff: 0, parts: [columnsOf(stories)] }
    const silent: AccountStories = { accountId: 'b', cutoff: 0, parts: [] }
    const options = { timeZone: 'UTC', count: 3, now: NOW }
    const own = bestTimes(alone, options)
    expect(own.slots.map((s) => s.at)).toEqual(['2026-06-02T07:00:00.000Z', '2026-06-03T07:00:00.000Z', '2026-06-04T07:00:00.000Z'])
    const beside = bestTimesAcross([alone, silent], options)
    expect(beside).toMatchObject({ thin: false, partial: true })
    expect(beside.slots.map((s) => s.at)).toEqual(own.slots.map((s) => s.at))
  })
})
