/**
 * When a scheduled story is due, judged from the wall clock alone. Timers are only a hint:
 * they stall during sleep and do not follow the clock when it is set, so every decision is
 * taken again from `now()` whenever anything wakes the scheduler (its own timer, a resume
 * from sleep, the start of the app).
 */

/** A timer is never trusted for longer than this: a clock that jumps is noticed within it. */
export const MAX_TIMER_MS = 30_000

/** While the app runs, a timer that fires this late is still on time (a busy event loop, a slow disk). */
export const RUNNING_GRACE_MS = 60_000

export type DueVerdict =
  /** Not yet: look again in `inMs` (already capped to MAX_TIMER_MS). */
  | { kind: 'wait'; inMs: number }
  /** Send it now: `lateMs` after its time, within what the user allows. */
  | { kind: 'due'; lateMs: number }
  /** Its time passed longer ago than the user allows: only the user sends it now. */
  | { kind: 'missed'; lateMs: number }

/**
 * `graceMs` is how late a story may still go out by itself. At start-up it is the user's
 * "send if less than N minutes late" (0 when off), so a story due while the app was not
 * running waits for the user; while running it is at least RUNNING_GRACE_MS.
 */
export function judgeDue(dueAt: number, now: number, graceMs: number): DueVerdict {
  const lateMs = now - dueAt
  if (lateMs < 0) return { kind: 'wait', inMs: Math.min(-lateMs, MAX_TIMER_MS) }
  return lateMs <= graceMs ? { kind: 'due', lateMs } : { kind: 'missed', lateMs }
}

/** How long the scheduler may sleep before looking again, or null when nothing is scheduled. */
export function nextCheckIn(dueTimes: readonly number[], now: number): number | null {
  if (dueTimes.length === 0) return null
  const soonest = Math.min(...dueTimes)
  return Math.max(0, Math.min(soonest - now, MAX_TIMER_MS))
}

/**
 * The grace allowed for a story found due: the user's setting, and while running never less
 * than `runningMs` (RUNNING_GRACE_MS, or more where another engine's lapsed claim may hold a
 * story up while the system as a whole was running).
 */
export function graceFor(lateSendMinutes: number, running: boolean, runningMs = RUNNING_GRACE_MS): number {
  const allowed = Math.max(0, lateSendMinutes) * 60_000
  return running ? Math.max(allowed, runningMs) : allowed
}
