/**
 * What a time zone's calendar says, read from Intl alone (no TZDate), to check the app's day
 * counting against; and the instants worth checking: the zones' daylight-saving changes and
 * their midnights, found by searching Intl's answers rather than written down by hand.
 */

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

/**
 * The zones the property tests walk: whole-hour daylight saving both sides of the equator, a
 * 30-minute change (Lord Howe), a half-hour offset without one (Kolkata), a 45-minute offset
 * with one (Chatham), changes at midnight itself (Santiago: the spring day has no 00:00), and UTC.
 */
export const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/Santiago',
  'UTC',
] as const

const dateFormats = new Map<string, Intl.DateTimeFormat>()
const offsetFormats = new Map<string, Intl.DateTimeFormat>()

function cached(map: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = map.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, calendar: 'gregory', numberingSystem: 'latn', ...options })
    map.set(zone, format)
  }
  return format
}

/** Year, month (1-12) and day of `at` on the clock of `zone`. */
export function dateInZone(at: number, zone: string): { year: number; month: number; day: number } {
  const parts = cached(dateFormats, zone, { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day') }
}

/** The date of `at` in `zone` as a count of days since 1 January 1970: two dates' difference is their distance on the calendar. */
export function dayNumberInZone(at: number, zone: string): number {
  const { year, month, day } = dateInZone(at, zone)
  return Date.UTC(year, month - 1, day) / DAY_MS
}

/** The zone's offset from UTC at `at`, in minutes ("GMT+05:45" is 345). */
export function offsetMinutes(at: number, zone: string): number {
  const name = cached(offsetFormats, zone, { timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value
  const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name ?? '')
  if (!match?.[1]) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

/** The first instant in (low, high] for which `changed` holds, `changed(low)` being false and `changed(high)` true. */
function firstChange(low: number, high: number, changed: (at: number) => boolean): number {
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (changed(middle)) high = middle
    else low = middle
  }
  return high
}

/** Every instant in [from, to) at which the zone's offset changes (daylight saving starting or ending), to the millisecond. */
export function offsetChanges(zone: string, from: number, to: number): number[] {
  const changes: number[] = []
  for (let at = from; at + HOUR_MS <= to; at += HOUR_MS) {
    const before = offsetMinutes(at, zone)
    if (offsetMinutes(at + HOUR_MS, zone) !== before) changes.push(firstChange(at, at + HOUR_MS, (t) => offsetMinutes(t, zone) !== before))
  }
  return changes
}

/** The first instant of each date that begins in (from, to]: the zone's midnights, or whatever its clock shows when a change skips 00:00. */
export function dayStarts(zone: string, from: number, to: number): number[] {
  const starts: number[] = []
  for (let at = from; at < to; at += HOUR_MS / 4) {
    const day = dayNumberInZone(at, zone)
    const next = Math.min(at + HOUR_MS / 4, to)
    if (dayNumberInZone(next, zone) !== day) starts.push(firstChange(at, next, (t) => dayNumberInZone(t, zone) !== day))
  }
  return starts
}

/**
 * The days the tests centre on, as one instant inside each: the day of each change of 2026 in
 * the zone (spring and autumn), or, where the zone has none, a day at the turn of a month and one
 * at the turn of the year.
 */
export function boundaryDays(zone: string): number[] {
  const changes = offsetChanges(zone, Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))
  return changes.length > 0 ? changes : [Date.UTC(2026, 2, 1, 6), Date.UTC(2026, 11, 31, 18)]
}

/** A small deterministic generator (mulberry32): the same "random" instants on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
