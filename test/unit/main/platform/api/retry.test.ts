import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY, backoffDelay, parseRetryAfter } from '../../../../../src-main/platform/api/retry'

const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1000, maxDelayMs: 10_000 }

describe('backoffDelay', () => {
  it('doubles the ceiling with each retry and jitters the upper half', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, policy, () => 0))).toEqual([500, 1000, 2000, 4000])
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, policy, () => 0.999999))).toEqual([1000, 2000, 4000, 8000])
  })

  it('never exceeds the maximum delay', () => {
    expect(backoffDelay(20, policy, () => 0.999999)).toBe(10_000)
    expect(backoffDelay(20, policy, () => 0)).toBe(5_000)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-06-01T12:00:00Z')

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
  })

  it('reads an HTTP-date, relative to now', () => {
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Sunday, 01-Jun-25 12:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Sun Jun  1 12:00:10 2025', now)).toBe(10_000)
  })

  it('treats a date in the past as "now"', () => {
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', now)).toBe(0)
  })

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter('1.5', now)).toBeUndefined()
  })
})
