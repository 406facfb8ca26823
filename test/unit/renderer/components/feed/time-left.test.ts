import { describe, expect, it } from 'vitest'
import { timeLeft, viewsPerHour } from '../../../../../src-renderer/src/components/feed/time-left'

const POSTED = '2026-01-10T12:00:00.000Z'
const EXPIRES = '2026-01-11T12:00:00.000Z'
const at = (iso: string) => Date.parse(iso)

describe('time left of a story’s 24 hours', () => {
  it('counts whole minutes down, never 0 while live, and null once expired', () => {
    expect(timeLeft(EXPIRES, at('2026-01-10T12:00:10Z'))).toEqual({ hours: 23, minutes: 59 })
    expect(timeLeft(EXPIRES, at('2026-01-11T11:59:30Z'))).toEqual({ hours: 0, minutes: 1 })
    expect(timeLeft(EXPIRES, at('2026-01-11T12:00:00Z'))).toBeNull()
    expect(timeLeft('not a date', at(POSTED))).toBeNull()
  })
})

describe('views per hour', () => {
  it('puts each view in its hour since posting and leaves out views outside the 24 hours', () => {
    const buckets = viewsPerHour(POSTED, [
      '2026-01-10T12:05:00Z',
      '2026-01-10T12:59:59Z',
      '2026-01-10T13:00:00Z',
      '2026-01-11T11:59:00Z',
      '2026-01-11T12:00:00Z',
      '2026-01-10T11:00:00Z',
      null,
    ])
    expect(buckets).toHaveLength(24)
    expect(buckets[0]).toBe(2)
    expect(buckets[1]).toBe(1)
    expect(buckets[23]).toBe(1)
    expect(buckets.reduce((a, b) => a + b, 0)).toBe(4)
  })
})
