import { TZDate } from '@date-fns/tz'

/**
 * Turning the time a user picked on their clock into the absolute instant the outbox keeps.
 * The instant is what is stored and compared; the wall time is only how the user sees it, so a
 * change of daylight saving time between scheduling and publishing moves nothing.
 */

/** `YYYY-MM-DDTHH:mm` or `YYYY-MM-DDTHH:mm:ss`, as a `datetime-local` input gives it. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * What was special about the picked time: `gap` when the clock skips it (spring forward) and the
 * instant is the same length of time after the jump; `ambiguous` when the clock shows it twice
 * (fall back) and the first of the two is taken.
 */
export type WallTimeNote = 'gap' | 'ambiguous' | null

export interface ZonedInstant {
  /** Milliseconds since the epoch (UTC). */
  at: number
  note: WallTimeNote
}

export function wallTimeToInstant(wall: string, zone: string): ZonedInstant | null {
  const match = WALL_TIME.exec(wall)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[]
  const date = new TZDate(year!, month! - 1, day!, hour!, minute!, second!, zone)
  const at = date.getTime()
  if (Number.isNaN(at)) return null
  const shown = instantToWallTime(at, zone)
  if (!sameWallTime(shown, wall)) return { at, note: 'gap' }
  // The hour before also reads the same on the clock: the time comes twice, and the first is meant.
  for (const back of [3_600_000, 1_800_000]) {
    if (sameWallTime(instantToWallTime(at - back, zone), wall)) return { at: at - back, note: 'ambiguous' }
  }
  if (sameWallTime(instantToWallTime(at + 3_600_000, zone), wall)) return { at, note: 'ambiguous' }
  return { at, note: null }
}

/** The instant as a `datetime-local` value (`YYYY-MM-DDTHH:mm:ss`) on the clock of `zone`. */
export function instantToWallTime(at: number, zone: string): string {
  const d = new TZDate(at, zone)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/**
 * The same wall time `days` calendar days after `at` (before, when negative), on the clock of
 * `zone`: "a day later" as a person means it, whatever the length of the days between (23 or 25
 * hours, or 23½ on Lord Howe, across a change of time). The wall time is read on the new date as
 * the picker reads a time (`wallTimeToInstant`), so the planned copy shown in the picker reads
 * back to the same instant:
 * - a time the clock skips that day (spring forward) goes the same length of time after the
 *   jump: 02:30 in Berlin becomes 03:30, 02:15 on Lord Howe (a 30-minute jump) 02:45;
 * - a time the clock shows twice that day (fall back) is its first occurrence, which is the
 *   one with the offset of the day before, so the step is exactly 24 hours then.
 * Milliseconds are kept; seconds and smaller never depend on the zone.
 */
export function wallTimeDaysLater(at: number, days: number, zone: string): number {
  const wall = instantToWallTime(at, zone)
  const [year, month, day] = wall.slice(0, 10).split('-').map(Number) as [number, number, number]
  // Counted in UTC, which has no change of time: the date alone moves, by whole days.
  const date = new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
  const next = wallTimeToInstant(`${date}${wall.slice(10)}`, zone)
  if (!next) throw new RangeError(`no instant for ${date}${wall.slice(10)} in ${zone}`)
  return next.at + (((at % 1000) + 1000) % 1000)
}

/**
 * When "Duplicate" plans the copy of a planned story: the next calendar day at the original's
 * wall time; when the original's time has passed (a missed story), a day from now, so the copy
 * is never planned in the past.
 */
export function duplicateDueAt(dueAt: number | null, now: number, zone: string): number {
  const base = dueAt !== null && Number.isFinite(dueAt) && dueAt > now ? dueAt : now
  return wallTimeDaysLater(base, 1, zone)
}

const FIVE_MINUTES_MS = 300_000

/**
 * The time "Publish at…" and "Reschedule" offer first: at least ten minutes ahead, at the next
 * whole five minutes (counted from the epoch, which is whole five minutes on every zone's clock:
 * offsets are whole quarter hours).
 */
export function defaultPlannedAt(now: number): number {
  return Math.ceil((now + 10 * 60_000) / FIVE_MINUTES_MS) * FIVE_MINUTES_MS
}

function sameWallTime(a: string, b: string): boolean {
  const full = (value: string) => (value.length === 16 ? `${value}:00` : value)
  return full(a) === full(b)
}

/** How late the app may still send a story it finds due on its own, in minutes (the setting's bounds). */
export const MAX_LATE_SEND_MINUTES = 24 * 60

/**
 * How far in the past a time may be and still be planned. A time picked a moment ago may pass
 * while the user clicks (or while the press crosses to main): such a story is taken and goes out
 * at once. Anything older is a mistake, not a plan. It stays well below the grace main gives a
 * timer that fires late (a minute), so a story taken this late is sent, never judged missed.
 */
export const PLAN_PAST_GRACE_MS = 30_000

/**
 * Whether a story may be planned for `at` (ms since the epoch) at `now`: the one rule the picker
 * shows and main enforces. Not a number is never a time.
 */
export function isPlannable(at: number, now: number): boolean {
  return Number.isFinite(at) && at >= now - PLAN_PAST_GRACE_MS
}
