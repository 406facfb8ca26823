import { describe, expect, it } from 'vitest'
import { instantToWallTime, isPlannable, PLAN_PAST_GRACE_MS, wallTimeToInstant } from '../../../../src-shared/story/schedule'

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
