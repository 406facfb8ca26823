import { describe, expect, it } from 'vitest'
import { calendarDayNumber, calendarDaysBetween } from '../../../src-shared/calendar-days'
import { boundaryDays, DAY_MS, dayNumberInZone, dayStarts, HOUR_MS, MINUTE_MS, seeded, ZONES } from '../../support/calendar-oracle'

/**
 * The instants around one boundary day: every 10 minutes from 3 days before to 3 days after, and
 * each start of a day and each change of offset, a millisecond either side and on it.
 */
function instantsAround(zone: string, day: number): number[] {
  const from = day - 3 * DAY_MS
  const to = day + 3 * DAY_MS
  const grid = Array.from({ length: (to - from) / (10 * MINUTE_MS) }, (_, i) => from + i * 10 * MINUTE_MS)
  const edges = [...dayStarts(zone, from, to), day].flatMap((at) => [at - 1, at, at + 1])
  return [...grid, ...edges].sort((x, y) => x - y)
}

/** Pairs of indices into n sorted instants: each with its neighbours (a millisecond apart at the edges) and with every 29th (up to 6 days apart). */
function pairs(n: number): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let i = 0; i < n; i++) {
    for (let j = Math.max(0, i - 2); j <= Math.min(n - 1, i + 2); j++) out.push([i, j])
    for (let j = i % 29; j < n; j += 29) if (Math.abs(i - j) > 2) out.push([i, j])
  }
  return out
}

describe('calendar days in a time zone', () => {
  for (const zone of ZONES) {
    describe(zone, () => {
      for (const day of boundaryDays(zone)) {
        const label = new Date(day).toISOString()
        const instants = instantsAround(zone, day)
        const expected = instants.map((at) => dayNumberInZone(at, zone))

        it(`reads the date Intl reads for each of ${instants.length} instants around ${label}`, () => {
          const wrong = instants.filter((at, i) => calendarDayNumber(at, zone) !== expected[i])
          expect(wrong.map((at) => new Date(at).toISOString())).toEqual([])
        })

        it(`counts the dates between pairs of instants around ${label}, however many hours apart`, () => {
          const checked = pairs(instants.length)
          const wrong: string[] = []
          for (const [i, j] of checked) {
            const count = calendarDaysBetween(instants[i]!, instants[j]!, zone)
            if (count !== expected[j]! - expected[i]!)
              wrong.push(`${new Date(instants[i]!).toISOString()} → ${new Date(instants[j]!).toISOString()}: ${count}`)
          }
          expect(wrong).toEqual([])
          expect(checked.length).toBeGreaterThan(25_000)
        })

        it(`counts a day of 23, 25 (or 23½, 24½) hours around ${label} as one day`, () => {
          const starts = dayStarts(zone, day - 2 * DAY_MS, day + 2 * DAY_MS)
          for (let k = 0; k + 1 < starts.length; k++) {
            const [start, next] = [starts[k]!, starts[k + 1]!]
            // The first and the last instant of the date are the same date; the next date's first instant is tomorrow.
            expect(calendarDaysBetween(start, next - 1, zone)).toBe(0)
            expect(calendarDaysBetween(start, next, zone)).toBe(1)
            expect(calendarDaysBetween(next - 1, next, zone)).toBe(1)
            expect(calendarDaysBetween(next, start, zone)).toBe(-1)
          }
          const lengths = starts.slice(1).map((next, k) => (next - starts[k]!) / HOUR_MS)
          // The walk does cross the short or long day where the zone has one.
          if (zone !== 'UTC' && zone !== 'Asia/Kolkata') expect(lengths.some((hours) => hours !== 24)).toBe(true)
          else expect(lengths.every((hours) => hours === 24)).toBe(true)
        })
      }

      it('agrees with Intl for seeded pairs of instants anywhere in 2020–2030, up to 9 days apart', () => {
        const random = seeded(zone.length * 7919)
        const start = Date.UTC(2020, 0, 1)
        const span = Date.UTC(2030, 0, 1) - start
        const wrong: string[] = []
        for (let n = 0; n < 4000; n++) {
          const from = start + Math.floor(random() * span)
          const to = from + Math.floor((random() * 2 - 1) * 9 * DAY_MS)
          const count = calendarDaysBetween(from, to, zone)
          if (count !== dayNumberInZone(to, zone) - dayNumberInZone(from, zone)) wrong.push(`${from} → ${to}: ${count}`)
        }
        expect(wrong).toEqual([])
      })
    })
  }

  it('counts a date the zone skipped: Samoa went from 29 to 31 December 2011', () => {
    const zone = 'Pacific/Apia'
    const lastOf29 = Date.UTC(2011, 11, 30, 9, 59, 59, 999)
    expect(calendarDaysBetween(lastOf29, lastOf29 + 1, zone)).toBe(2)
    expect(dayNumberInZone(lastOf29 + 1, zone) - dayNumberInZone(lastOf29, zone)).toBe(2)
  })
})
