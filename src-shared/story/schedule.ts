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
