import { describe, expect, it } from 'vitest'
import { relativePhrase, relativeTime, relativeWhen } from '../../../../src-renderer/src/format/time'
import { boundaryDays, DAY_MS, dayNumberInZone, dayStarts, HOUR_MS, MINUTE_MS, seeded, ZONES } from '../../../support/calendar-oracle'

const WORDS = { momentAgo: 'a moment ago', inAMoment: 'in a moment', onDate: (date: string) => `on ${date}` }
const seconds = (iso: string) => Date.parse(iso) / 1000

describe('relative days, as the user reported them', () => {
  // Wednesday 25 November 2026, 00:14 in Berlin.
  const now = Date.parse('2026-11-25T00:14:00+01:00')
  const zone = 'Europe/Berlin'

  it('gives two stories on the same Friday the same count (the old rounding said "in 3 days" for the later one)', () => {
    expect(relativeTime(seconds('2026-11-27T00:15:00+01:00'), now, 'en-GB', zone)).toBe('in 2 days')
    expect(relativeTime(seconds('2026-11-27T23:45:00+01:00'), now, 'en-GB', zone)).toBe('in 2 days')
  })

  it('calls every story on Thursday "tomorrow" (the old rounding said "in 2 days" for a late one)', () => {
    expect(relativeTime(seconds('2026-11-26T00:15:00+01:00'), now, 'en-GB', zone)).toBe('tomorrow')
    expect(relativeTime(seconds('2026-11-26T23:45:00+01:00'), now, 'en-GB', zone)).toBe('tomorrow')
  })

  it('keeps minutes and hours within the day, and near midnight on either side', () => {
    expect(relativeTime(seconds('2026-11-25T03:14:00+01:00'), now, 'en-GB', zone, 'long')).toBe('in 3 hours')
    expect(relativeTime(seconds('2026-11-25T00:09:00+01:00'), now, 'en-GB', zone, 'long')).toBe('5 minutes ago')
    // Tonight, 23 hours away, is still today: hours, never "tomorrow" or "today".
    expect(relativeTime(seconds('2026-11-25T23:00:00+01:00'), now, 'en-GB', zone, 'long')).toBe('in 23 hours')
    // Twenty minutes before midnight, yesterday evening is 20 minutes ago, not "yesterday".
    expect(relativeTime(seconds('2026-11-24T23:54:00+01:00'), now, 'en-GB', zone, 'long')).toBe('20 minutes ago')
    // Past 12 hours and on another date: calendar days.
    expect(relativeTime(seconds('2026-11-24T11:00:00+01:00'), now, 'en-GB', zone, 'long')).toBe('yesterday')
  })

  it('counts a 23-hour day as one: the Sunday the clocks go forward in Berlin', () => {
    const saturdayNoon = Date.parse('2026-03-28T12:00:00+01:00')
    expect(relativeTime(seconds('2026-03-29T23:30:00+02:00'), saturdayNoon, 'en-GB', zone)).toBe('tomorrow')
    expect(relativeTime(seconds('2026-03-30T00:30:00+02:00'), saturdayNoon, 'en-GB', zone)).toBe('in 2 days')
  })
})

describe('a relative time inside a sentence', () => {
  const now = Date.parse('2026-11-25T12:00:00Z')
  const zone = 'UTC'
  const phrase = (iso: string) => relativePhrase(seconds(iso), now, 'en-GB', zone, WORDS)

  it('says every age plainly, never "now"', () => {
    expect(phrase('2026-11-25T11:59:40Z')).toBe('a moment ago')
    expect(phrase('2026-11-25T12:00:20Z')).toBe('in a moment')
    expect(phrase('2026-11-25T11:55:00Z')).toBe('5 minutes ago')
    expect(phrase('2026-11-25T09:00:00Z')).toBe('3 hours ago')
    expect(phrase('2026-11-24T08:00:00Z')).toBe('yesterday')
    expect(phrase('2026-11-21T08:00:00Z')).toBe('4 days ago')
    expect(phrase('2026-11-12T08:00:00Z')).toBe('on 12 Nov')
    expect(phrase('2025-11-12T08:00:00Z')).toBe('on 12 Nov 2025')
  })

  it('takes a time on the wrong side of now as now, when it can only be on one side', () => {
    // A try already due is about to happen; a sync a second "ahead" of the clock has happened.
    expect(relativePhrase(seconds('2026-11-25T11:50:00Z'), now, 'en-GB', zone, WORDS, { side: 'future' })).toBe('in a moment')
    expect(relativePhrase(seconds('2026-11-25T12:00:01Z'), now, 'en-GB', zone, WORDS, { side: 'past' })).toBe('a moment ago')
    expect(relativePhrase(seconds('2026-11-25T12:00:00Z'), now, 'en-GB', zone, WORDS, { side: 'past' })).toBe('a moment ago')
    expect(relativePhrase(seconds('2026-11-25T11:00:00Z'), now, 'en-GB', zone, WORDS, { side: 'past' })).toBe('1 hour ago')
  })

  it('reads the date in the user’s zone: 23:30 UTC on the 11th is the 12th in Berlin', () => {
    expect(relativePhrase(seconds('2026-11-11T23:30:00Z'), now, 'en-GB', 'Europe/Berlin', WORDS)).toBe('on 12 Nov')
    expect(relativeTime(seconds('2026-11-11T23:30:00Z'), now, 'en-GB', 'Europe/Berlin')).toBe('12 Nov')
  })
})

/**
 * What must hold for "then" read from "now" in `zone`, given the calendar's count of dates between
 * them (from Intl): the reasons it does not (none, when it holds), and the words when it read in days.
 */
function broken(now: number, then: number, zone: string, days: number): { text: string; wrong: string[] } {
  const apart = Math.abs(then - now)
  const when = relativeWhen(then / 1000, now, zone)
  const text = relativeTime(then / 1000, now, 'en-GB', zone, 'long')
  const inHours = when.unit === 'moment' || when.unit === 'minute' || when.unit === 'hour'
  const why: string[] = []
  if (when.unit === 'day' && when.value !== days) why.push(`counted ${when.value} days, the calendar says ${days}`)
  if (days === 0 && !inHours) why.push('same date, not read in hours')
  if (apart < 12 * HOUR_MS && !inHours) why.push('under 12 hours, not read in hours')
  if (apart >= 12 * HOUR_MS && days !== 0 && Math.abs(days) < 7 && when.unit !== 'day')
    why.push('another date past 12 hours, not read in days')
  if (Math.abs(days) >= 7 && when.unit !== 'date') why.push('a week or more away, not read as a date')
  if (text === 'tomorrow' && days !== 1) why.push('"tomorrow" is not the next date')
  if (text === 'yesterday' && days !== -1) why.push('"yesterday" is not the date before')
  const words = days === 1 ? 'tomorrow' : days === -1 ? 'yesterday' : days > 0 ? `in ${days} days` : `${-days} days ago`
  if (when.unit === 'day' && text !== words) why.push(`"${text}" are not the words for ${days} days`)
  const wrong = why.map((reason) => `${zone} ${new Date(now).toISOString()} → ${new Date(then).toISOString()}: ${reason} ("${text}")`)
  return { text: when.unit === 'day' ? text : '', wrong }
}

/**
 * Properties, checked for many pairs (now, then) in each zone around its daylight-saving changes
 * (or, without any, around a month's and the year's turn), against the dates Intl reads there.
 */
describe('relative days follow the calendar of the zone', () => {
  /** Every `step` from `from` to `to`, and each start of a day in between, a millisecond either side and on it. */
  function instants(zone: string, from: number, to: number, step: number): number[] {
    const grid = Array.from({ length: Math.floor((to - from) / step) }, (_, i) => from + i * step)
    return [...grid, ...dayStarts(zone, from, to).flatMap((at) => [at - 1, at, at + 1])]
  }

  for (const zone of ZONES) {
    for (const day of boundaryDays(zone)) {
      it(`${zone}, around ${new Date(day).toISOString()}`, () => {
        // "Now" walks three days across the change, 97 minutes at a time; "then" seventeen days around it.
        const nows = instants(zone, day - DAY_MS, day + 2 * DAY_MS, 97 * MINUTE_MS)
        const thens = instants(zone, day - 8 * DAY_MS, day + 9 * DAY_MS, 71 * MINUTE_MS)
        const dates = new Map([...nows, ...thens].map((at) => [at, dayNumberInZone(at, zone)]))
        const wrong: string[] = []
        let checked = 0
        for (const now of nows) {
          // The words a day-reading gave for each date: two times on one date never read differently.
          const saidFor = new Map<number, string>()
          for (const then of thens) {
            checked++
            const days = dates.get(then)! - dates.get(now)!
            const { text, wrong: why } = broken(now, then, zone, days)
            wrong.push(...why)
            if (!text) continue
            const said = saidFor.get(dates.get(then)!)
            if (said !== undefined && said !== text)
              wrong.push(`${zone} ${new Date(now).toISOString()}: one date read "${said}" and "${text}"`)
            saidFor.set(dates.get(then)!, text)
          }
        }
        expect(wrong.slice(0, 10)).toEqual([])
        expect(checked).toBeGreaterThan(15_000)
      })
    }

    it(`${zone}, seeded pairs anywhere in 2020–2030, up to 9 days apart`, () => {
      const random = seeded(zone.length * 104_729)
      const start = Date.UTC(2020, 0, 1)
      const span = Date.UTC(2030, 0, 1) - start
      const wrong: string[] = []
      for (let n = 0; n < 2000; n++) {
        const now = start + Math.floor(random() * span)
        const then = now + Math.floor((random() * 2 - 1) * 9 * DAY_MS)
        wrong.push(...broken(now, then, zone, dayNumberInZone(then, zone) - dayNumberInZone(now, zone)).wrong)
      }
      expect(wrong.slice(0, 10)).toEqual([])
    })
  }
})
