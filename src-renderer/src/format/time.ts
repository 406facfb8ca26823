import { TZDate } from '@date-fns/tz'
import { calendarDaysBetween } from '@shared/calendar-days'

/**
 * Dates in the user's locale. Intl formatters are costly to build and the list formats a
 * time per visible row, so each is built once per locale and option set.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>()

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`
  let format = cache.get(key) as Intl.DateTimeFormat | undefined
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    cache.set(key, format)
  }
  return format
}

function relativeFormat(locale: string, style: Intl.RelativeTimeFormatStyle): Intl.RelativeTimeFormat {
  const key = `r|${locale}|${style}`
  let format = cache.get(key) as Intl.RelativeTimeFormat | undefined
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style })
    cache.set(key, format)
  }
  return format
}

const MINUTE = 60
const HOUR = 60 * MINUTE
/**
 * Where hours end and days begin. A time on today's date, or less than 12 hours away, reads in
 * minutes and hours ("20 min ago", "in 3 hr", "in 22 hr" for late tonight); any other time reads
 * in calendar days of the user's zone ("yesterday", "tomorrow", "in 2 days"), whatever the hours
 * between. So two times on one date never read different day counts; a time on the next date
 * reads "tomorrow" unless it is under 12 hours away (at 23:40, 00:05 reads "in 25 min"); and a
 * coming time's reading only ever narrows, days to hours to minutes: the hours begin at the later
 * of the next midnight and 12 hours ahead (the earlier of today's midnight and 12 hours back).
 */
const HOURS_REACH = 12 * HOUR
/** From a week away the date itself says more than a count of days. */
const DAYS_REACH = 7

function isValidSeconds(seconds: unknown): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
}

/** The zone the user's clock shows (the system's): the calendar days are counted in it. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** How far a time is from now, before it is put in words. */
export type RelativeWhen =
  /** Within 45 seconds: Intl says "now"; a sentence says "a moment ago" or "in a moment". */
  | { unit: 'moment'; past: boolean }
  | { unit: 'minute' | 'hour' | 'day'; value: number }
  /** A week or more away: the date, with its year when that is not this year's. */
  | { unit: 'date'; sameYear: boolean }

/** How `seconds` stands to `nowMs` on the calendar of `zone` (see HOURS_REACH for the rule). */
export function relativeWhen(seconds: number, nowMs: number, zone: string): RelativeWhen {
  const delta = seconds - nowMs / 1000
  const abs = Math.abs(delta)
  if (abs < 45) return { unit: 'moment', past: delta < 0 }
  const minutes = Math.round(delta / MINUTE)
  // 59 min 40 s rounds to 60 minutes: that is "1 hour".
  if (Math.abs(minutes) < 60) return { unit: 'minute', value: minutes }
  const days = calendarDaysBetween(nowMs, seconds * 1000, zone)
  if (days === 0 || abs < HOURS_REACH) return { unit: 'hour', value: Math.round(delta / HOUR) }
  if (Math.abs(days) < DAYS_REACH) return { unit: 'day', value: days }
  return { unit: 'date', sameYear: calendarYear(seconds * 1000, zone) === calendarYear(nowMs, zone) }
}

function calendarYear(at: number, zone: string): number {
  return new TZDate(at, zone).getFullYear()
}

function dateOf(seconds: number, sameYear: boolean, locale: string, zone: string): string {
  const options: Intl.DateTimeFormatOptions = sameYear ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' }
  return dateFormat(locale, { ...options, timeZone: zone }).format(seconds * 1000)
}

/**
 * The app's one way of saying how far a time is from now, standing on its own (a list row, a
 * field): "now", "5 min ago", "3 hr ago", "yesterday", "in 4 days", then a short date. Days are
 * calendar days in `zone`, the user's. `nowMs` is passed in so a whole list shares one clock tick.
 */
export function relativeTime(
  seconds: number | null | undefined,
  nowMs: number,
  locale: string,
  zone: string,
  style: Intl.RelativeTimeFormatStyle = 'short',
): string {
  if (!isValidSeconds(seconds)) return ''
  const when = relativeWhen(seconds, nowMs, zone)
  if (when.unit === 'date') return dateOf(seconds, when.sameYear, locale, zone)
  if (when.unit === 'moment') return relativeFormat(locale, style).format(0, 'second')
  return relativeFormat(locale, style).format(when.value, when.unit)
}

/** The words a sentence needs around a relative time that Intl does not have, from the catalog. */
export interface SentenceWords {
  momentAgo: string
  inAMoment: string
  onDate: (date: string) => string
}

/** Which side of now a time can only be on: a sync that happened, a try still to come. */
export type Side = 'past' | 'future'

/**
 * The same reading, to go inside a sentence: Intl's "now" would make "Its time passed now" or
 * "Last synced now", so the moment is "a moment ago" / "in a moment", and a date gets the
 * language's "on" ("Last synced on 12 Mar"). Long words by default: a sentence is read, not
 * scanned. With a `side`, a time on the other side of now (a clock a second off, a try already
 * due) is taken as now, and reads "a moment ago" or "in a moment" accordingly.
 */
export function relativePhrase(
  seconds: number | null | undefined,
  nowMs: number,
  locale: string,
  zone: string,
  words: SentenceWords,
  options: { side?: Side; style?: Intl.RelativeTimeFormatStyle } = {},
): string {
  if (!isValidSeconds(seconds)) return ''
  const { side, style = 'long' } = options
  const at = side === 'past' ? Math.min(seconds, nowMs / 1000) : side === 'future' ? Math.max(seconds, nowMs / 1000) : seconds
  const when = relativeWhen(at, nowMs, zone)
  if (when.unit === 'moment') return (side ?? (when.past ? 'past' : 'future')) === 'past' ? words.momentAgo : words.inAMoment
  if (when.unit === 'date') return words.onDate(dateOf(at, when.sameYear, locale, zone))
  return relativeFormat(locale, style).format(when.value, when.unit)
}

/** "12 March 2025, 14:05": tooltips and the detail panel. */
export function fullDateTime(seconds: number | null | undefined, locale: string): string {
  if (!isValidSeconds(seconds)) return ''
  return dateFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(seconds * 1000)
}

/** The ISO strings main sends (last synced) as Unix seconds. */
export function isoToSeconds(iso: string | null | undefined): number | null {
  if (!iso) return null
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? ms / 1000 : null
}
