import { describe, expect, it } from 'vitest'
import {
  MAX_TIMER_MS,
  RUNNING_GRACE_MS,
  graceFor,
  judgeDue,
  nextCheckIn,
} from '../../../../../../src-main/features/stories/outbox/due-time'
import { wallTimeToInstant } from '../../../../../../src-shared/story/schedule'

const MIN = 60_000

describe('judgeDue', () => {
  it('waits until the due instant, looking again at most every MAX_TIMER_MS', () => {
    const due = Date.parse('2026-06-01T10:00:00Z')
    expect(judgeDue(due, due - 5_000, 0)).toEqual({ kind: 'wait', inMs: 5_000 })
    expect(judgeDue(due, due - 3_600_000, 0)).toEqual({ kind: 'wait', inMs: MAX_TIMER_MS })
    expect(judgeDue(due, due, 0)).toEqual({ kind: 'due', lateMs: 0 })
  })

  it('past the allowance a story is missed, never due', () => {
    const due = Date.parse('2026-06-01T10:00:00Z')
    expect(judgeDue(due, due + 1, 0)).toEqual({ kind: 'missed', lateMs: 1 })
    expect(judgeDue(due, due + 4 * MIN, 5 * MIN)).toEqual({ kind: 'due', lateMs: 4 * MIN })
    expect(judgeDue(due, due + 6 * MIN, 5 * MIN)).toEqual({ kind: 'missed', lateMs: 6 * MIN })
  })

  it('a story due across the spring-forward night fires after the real time elapsed, not the clock difference', () => {
    // Planned at 20:00 on 28 March for 09:00 next day in Berlin: 12 hours of real time.
    const planned = wallTimeToInstant('2026-03-28T20:00', 'Europe/Berlin')!.at
    const due = wallTimeToInstant('2026-03-29T09:00', 'Europe/Berlin')!.at
    expect(judgeDue(due, planned + 12 * 3_600_000 - 1, 0).kind).toBe('wait')
    expect(judgeDue(due, planned + 12 * 3_600_000, 0).kind).toBe('due')
  })

  it('a story due across the fall-back night is not sent an hour early when the clock goes back', () => {
    const planned = wallTimeToInstant('2026-10-24T20:00', 'Europe/Berlin')!.at
    const due = wallTimeToInstant('2026-10-25T09:00', 'Europe/Berlin')!.at
    // 13 hours on the clock, 14 in real time.
    expect(judgeDue(due, planned + 13 * 3_600_000, 0).kind).toBe('wait')
    expect(judgeDue(due, planned + 14 * 3_600_000, 0).kind).toBe('due')
  })

  it('a clock set back after the timer was armed: the timer firing early finds it not due and waits again', () => {
    const due = Date.parse('2026-06-01T10:00:00Z')
    // Armed 20 s before; by the time it fires the clock has been put back 10 minutes.
    const fired = due - 10 * MIN
    expect(judgeDue(due, fired, RUNNING_GRACE_MS)).toEqual({ kind: 'wait', inMs: MAX_TIMER_MS })
  })

  it('a clock jumping forward past the due time by more than the allowance leaves it to the user', () => {
    const due = Date.parse('2026-06-01T10:00:00Z')
    expect(judgeDue(due, due + 2 * 3_600_000, graceFor(0, true)).kind).toBe('missed')
    // A jump of a few seconds is an on-time send.
    expect(judgeDue(due, due + 3_000, graceFor(0, true)).kind).toBe('due')
  })
})

describe('graceFor', () => {
  it('at start-up only the user setting counts (off: none); while running a minute covers a late timer', () => {
    expect(graceFor(0, false)).toBe(0)
    expect(graceFor(10, false)).toBe(10 * MIN)
    expect(graceFor(0, true)).toBe(RUNNING_GRACE_MS)
    expect(graceFor(10, true)).toBe(10 * MIN)
  })
})

describe('nextCheckIn', () => {
  it('sleeps until the soonest, capped, and not at all with nothing planned', () => {
    expect(nextCheckIn([], 0)).toBeNull()
    expect(nextCheckIn([5_000, 2_000], 0)).toBe(2_000)
    expect(nextCheckIn([10 * MIN], 0)).toBe(MAX_TIMER_MS)
    expect(nextCheckIn([1_000], 5_000)).toBe(0)
  })
})
