import { describe, expect, it } from 'vitest'
import {
  defaultPlannedAt,
  duplicateDueAt,
  instantToWallTime,
  isPlannable,
  PLAN_PAST_GRACE_MS,
  wallTimeDaysLater,
  wallTimeToInstant,
} from '../../../../src-shared/story/schedule'

const BERLIN = 'Europe/Berlin'
const NEW_YORK = 'America/New_York'

describe('wallTimeToInstant', () => {
  it('reads an ordinary time on the clock of the named zone', () => {
    expect(wallTimeToInstant('2026-07-01T09:00', BERLIN)).toEqual({ at: Date.parse('2026-07-01T07:00:00Z'), note: null })
    expect(wallTimeToInstant('2026-01-15T09:00:30', NEW_YORK)).toEqual({ at: Date.parse('2026-01-15T14:00:30Z'), note: null })
  })

  it('a time the clock skips on the spring-forward night lands just after the jump, and says so', () => {
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST; 02:30 does not exist.
    const gap = wallTimeToInstant('2026-03-29T02:30', BERLIN)
    expect(gap).toEqual({ at: Date.parse('2026-03-29T01:30:00Z'), note: 'gap' })
    expect(instantToWallTime(gap!.at, BERLIN)).toBe('2026-03-29T03:30:00')
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT.
    expect(wallTimeToInstant('2026-03-08T02:15', NEW_YORK)?.note).toBe('gap')
  })

  it('a time the clock shows twice on the fall-back night is its first occurrence, and says so', () => {
    // Berlin, 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 comes twice.
    expect(wallTimeToInstant('2026-10-25T02:30', BERLIN)).toEqual({ at: Date.parse('2026-10-25T00:30:00Z'), note: 'ambiguous' })
    expect(wallTimeToInstant('2026-11-01T01:30', NEW_YORK)).toEqual({ at: Date.parse('2026-11-01T05:30:00Z'), note: 'ambiguous' })
    // Just around the change, times are plain again.
    expect(wallTimeToInstant('2026-10-25T03:30', BERLIN)).toEqual({ at: Date.parse('2026-10-25T02:30:00Z'), note: null })
  })

  it('across a change of time the distance is real time, not clock time', () => {
    // From 20:00 the evening before spring-forward to 09:00 next morning is 12 hours, not 13.
    const evening = wallTimeToInstant('2026-03-28T20:00', BERLIN)!.at
    const morning = wallTimeToInstant('2026-03-29T09:00', BERLIN)!.at
    expect(morning - evening).toBe(12 * 3_600_000)
    const before = wallTimeToInstant('2026-10-24T20:00', BERLIN)!.at
    const after = wallTimeToInstant('2026-10-25T09:00', BERLIN)!.at
    expect(after - before).toBe(14 * 3_600_000)
  })

  it('refuses what is not a time', () => {
    expect(wallTimeToInstant('tomorrow', BERLIN)).toBeNull()
    expect(wallTimeToInstant('2026-13-01T09:00', BERLIN)?.note ?? 'gap').toBe('gap')
  })
})

describe('isPlannable', () => {
  const NOW = Date.parse('2026-06-01T08:00:00Z')

  it('takes any time ahead, now, and a time that passed a moment ago', () => {
    expect(isPlannable(NOW + 86_400_000, NOW)).toBe(true)
    expect(isPlannable(NOW, NOW)).toBe(true)
    expect(isPlannable(NOW - 10_000, NOW)).toBe(true)
    expect(isPlannable(NOW - PLAN_PAST_GRACE_MS, NOW)).toBe(true)
  })

  it('refuses a time older than the grace, and what is not a number', () => {
    expect(isPlannable(NOW - PLAN_PAST_GRACE_MS - 1, NOW)).toBe(false)
    expect(isPlannable(NOW - 3_600_000, NOW)).toBe(false)
    expect(isPlannable(Number.NaN, NOW)).toBe(false)
    expect(isPlannable(Number.POSITIVE_INFINITY, NOW)).toBe(false)
  })
})

describe('wallTimeDaysLater: a day later is the next calendar day at the same wall time', () => {
  const HOUR = 3_600_000
  /** From `wall` on the clock of `zone`, `days` later: the wall time it lands on and the real hours between. */
  function step(wall: string, zone: string, days = 1, occurrence: 'first' | 'second' = 'first') {
    const first = wallTimeToInstant(wall, zone)!.at
    // The second occurrence of a time shown twice is the first plus the length of the shift.
    const at = occurrence === 'first' ? first : first + (zone === LORD_HOWE ? HOUR / 2 : HOUR)
    const later = wallTimeDaysLater(at, days, zone)
    return { wall: instantToWallTime(later, zone), hours: (later - at) / HOUR }
  }
  const LORD_HOWE = 'Australia/Lord_Howe'

  it('on ordinary days is 24 hours', () => {
    expect(step('2026-07-01T09:00', BERLIN)).toEqual({ wall: '2026-07-02T09:00:00', hours: 24 })
    expect(step('2026-12-31T23:30:15', NEW_YORK)).toEqual({ wall: '2027-01-01T23:30:15', hours: 24 })
  })

  it('Europe/Berlin: 23 hours into spring forward, 25 into fall back, the same wall time', () => {
    expect(step('2026-03-28T09:00', BERLIN)).toEqual({ wall: '2026-03-29T09:00:00', hours: 23 })
    expect(step('2026-03-29T09:00', BERLIN)).toEqual({ wall: '2026-03-30T09:00:00', hours: 24 })
    expect(step('2026-10-24T09:00', BERLIN)).toEqual({ wall: '2026-10-25T09:00:00', hours: 25 })
    expect(step('2026-10-25T09:00', BERLIN)).toEqual({ wall: '2026-10-26T09:00:00', hours: 24 })
  })

  it('Europe/Berlin: a time skipped next day goes after the jump, a time shown twice is its first occurrence', () => {
    // 02:30 does not exist on 29 March: the copy is at 03:30, the same length of time after the jump.
    expect(step('2026-03-28T02:30', BERLIN)).toEqual({ wall: '2026-03-29T03:30:00', hours: 24 })
    // 02:30 comes twice on 25 October: the first, with summer time's offset as the day before.
    expect(step('2026-10-24T02:30', BERLIN)).toEqual({ wall: '2026-10-25T02:30:00', hours: 24 })
    // From either occurrence of 02:30 on 25 October, the next day's 02:30 (there is one).
    expect(step('2026-10-25T02:30', BERLIN, 1, 'first')).toEqual({ wall: '2026-10-26T02:30:00', hours: 25 })
    expect(step('2026-10-25T02:30', BERLIN, 1, 'second')).toEqual({ wall: '2026-10-26T02:30:00', hours: 24 })
  })

  it('America/New_York: both changes, the skipped hour and the repeated one', () => {
    expect(step('2026-03-07T09:00', NEW_YORK)).toEqual({ wall: '2026-03-08T09:00:00', hours: 23 })
    expect(step('2026-03-07T02:30', NEW_YORK)).toEqual({ wall: '2026-03-08T03:30:00', hours: 24 })
    expect(step('2026-10-31T09:00', NEW_YORK)).toEqual({ wall: '2026-11-01T09:00:00', hours: 25 })
    expect(step('2026-10-31T01:30', NEW_YORK)).toEqual({ wall: '2026-11-01T01:30:00', hours: 24 })
    expect(step('2026-11-01T01:30', NEW_YORK, 1, 'second')).toEqual({ wall: '2026-11-02T01:30:00', hours: 24 })
  })

  it('Australia/Lord_Howe: a shift of half an hour, both ways', () => {
    // 4 October 2026: 02:00 becomes 02:30 (+10:30 to +11).
    expect(step('2026-10-03T09:00', LORD_HOWE)).toEqual({ wall: '2026-10-04T09:00:00', hours: 23.5 })
    expect(step('2026-10-03T02:15', LORD_HOWE)).toEqual({ wall: '2026-10-04T02:45:00', hours: 24 })
    // 5 April 2026: 02:00 becomes 01:30 (+11 to +10:30); 01:45 comes twice.
    expect(step('2026-04-04T09:00', LORD_HOWE)).toEqual({ wall: '2026-04-05T09:00:00', hours: 24.5 })
    expect(step('2026-04-04T01:45', LORD_HOWE)).toEqual({ wall: '2026-04-05T01:45:00', hours: 24 })
    expect(step('2026-04-05T01:45', LORD_HOWE, 1, 'second')).toEqual({ wall: '2026-04-06T01:45:00', hours: 24 })
  })

  it('goes back as well, across the same changes', () => {
    expect(step('2026-03-29T09:00', BERLIN, -1)).toEqual({ wall: '2026-03-28T09:00:00', hours: -23 })
    expect(step('2026-11-01T09:00', NEW_YORK, -1)).toEqual({ wall: '2026-10-31T09:00:00', hours: -25 })
    expect(step('2026-10-04T09:00', LORD_HOWE, -1)).toEqual({ wall: '2026-10-03T09:00:00', hours: -23.5 })
    expect(step('2026-03-01T09:00', NEW_YORK, 7)).toEqual({ wall: '2026-03-08T09:00:00', hours: 7 * 24 - 1 })
  })

  it('keeps the milliseconds', () => {
    const at = Date.parse('2026-03-28T08:00:00.250Z')
    expect(new Date(wallTimeDaysLater(at, 1, BERLIN)).toISOString()).toBe('2026-03-29T07:00:00.250Z')
  })
})

describe('duplicateDueAt and defaultPlannedAt', () => {
  const NOW = Date.parse('2026-03-28T12:00:00Z')

  it('plans the copy the next day at the original’s time, or a day from now when that passed', () => {
    const due = wallTimeToInstant('2026-03-28T20:00', BERLIN)!.at
    expect(instantToWallTime(duplicateDueAt(due, NOW, BERLIN), BERLIN)).toBe('2026-03-29T20:00:00')
    // Missed: a day from now, on the clock (13:00 in Berlin), across the change of time.
    expect(instantToWallTime(duplicateDueAt(NOW - 3_600_000, NOW, BERLIN), BERLIN)).toBe('2026-03-29T13:00:00')
    expect(duplicateDueAt(null, NOW, BERLIN)).toBe(duplicateDueAt(Number.NaN, NOW, BERLIN))
  })

  it('offers a time at least ten minutes ahead, on the next whole five minutes', () => {
    expect(new Date(defaultPlannedAt(NOW)).toISOString()).toBe('2026-03-28T12:10:00.000Z')
    expect(new Date(defaultPlannedAt(NOW + 1)).toISOString()).toBe('2026-03-28T12:15:00.000Z')
    expect(new Date(defaultPlannedAt(Date.parse('2026-03-28T12:04:59Z'))).toISOString()).toBe('2026-03-28T12:15:00.000Z')
  })
})
