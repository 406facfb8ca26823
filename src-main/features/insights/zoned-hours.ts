import { TZDate, tzOffset, tzScan } from '@date-fns/tz'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
/** 1970-01-01 was a Thursday: day 0 is weekday 3 counted from Monday. */
const EPOCH_WEEKDAY = 3

const mod = (value: number, by: number): number => ((value % by) + by) % by

/** The zone, checked: an unknown name is the caller's mistake, said as such. */
export function checkedZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    if (Number.isNaN(tzOffset(zone, new Date(0)))) throw new RangeError(zone)
  } catch {
    throw new AppError('invalid-argument', userText('insightsErrors.timeZone', { zone: zone.slice(0, 64) }))
  }
  return zone
}

/**
 * A time zone's UTC offsets over a stretch of time, found once (the zone's changes, each to
 * the minute), so that the weekday and hour of millions of views are sums and divisions, not
 * a call into Intl each: within a story's day the offset is almost always one number, and
 * where a daylight-saving change falls inside it, each view is looked up on its side of it.
 */
export class ZoneClock {
  readonly zone: string
  /** Instants the offset changes at, ascending, and the offset from each on (minutes east of UTC). */
  readonly #changes: number[] = []
  readonly #offsets: number[] = []
  readonly #first: number

  constructor(zone: string, from: number, to: number) {
    this.zone = checkedZone(zone)
    const start = Math.max(0, from - DAY_MS)
    const end = Math.max(start, to) + 2 * DAY_MS
    this.#first = tzOffset(zone, new Date(start))
    for (const change of tzScan(zone, { start: new Date(start), end: new Date(end) })) {
      const at = this.#toTheMinute(change.date.getTime())
      this.#changes.push(at)
      this.#offsets.push(tzOffset(zone, new Date(at)))
    }
  }

  /** Minutes east of UTC at `at`. */
  offsetAt(at: number): number {
    let low = 0
    let high = this.#changes.length
    while (low < high) {
      const mid = (low + high) >> 1
      if ((this.#changes[mid] as number) <= at) low = mid + 1
      else high = mid
    }
    return low === 0 ? this.#first : (this.#offsets[low - 1] as number)
  }

  /** Whether the offset is the same all through [from, to]. */
  steady(from: number, to: number): boolean {
    for (const change of this.#changes) if (change > from && change <= to) return false
    return true
  }

  /** The weekday (0 = Monday) × 24 + hour of a local minute. */
  static cellOf(localMinute: number): number {
    const hours = Math.floor(localMinute / 60)
    const day = Math.floor(hours / 24)
    return mod(day + EPOCH_WEEKDAY, 7) * 24 + mod(hours, 24)
  }

  /** The instant of 00:00 on the Monday of the week holding `at`, on the zone's clock. */
  weekStart(at: number): number {
    const local = new TZDate(at, this.zone)
    const back = mod(local.getDay() - 1, 7)
    return new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - back, 0, 0, 0, this.zone).getTime()
  }

  /** The instant `weeks` whole weeks after the Monday `start`, on the zone's clock (a change of offset between moves nothing). */
  addWeeks(start: number, weeks: number): number {
    const local = new TZDate(start, this.zone)
    return new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 7 * weeks, 0, 0, 0, this.zone).getTime()
  }

  /** The next instant after `after` whose clock shows `weekday` (0 = Monday) at `hour`:00. */
  nextAt(weekday: number, hour: number, after: number): number {
    const local = new TZDate(after, this.zone)
    const ahead = mod(weekday - mod(local.getDay() - 1, 7), 7)
    for (const extra of [0, 7, 14]) {
      const at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + ahead + extra, hour, 0, 0, this.zone).getTime()
      if (at > after) return at
    }
    return after + 7 * DAY_MS
  }

  /** The first minute the new offset holds, within the hour tzScan found the change in. */
  #toTheMinute(hourAt: number): number {
    const after = tzOffset(this.zone, new Date(hourAt))
    let low = hourAt - HOUR_MS
    let high = hourAt
    while (high - low > MINUTE_MS) {
      const mid = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS
      if (tzOffset(this.zone, new Date(mid)) === after) high = mid
      else low = mid
    }
    return high
  }
}
