import { TZDate } from '@date-fns/tz'

/**
 * Days as a calendar counts them on the clock of a time zone, not as spans of 24 hours: any time
 * tomorrow is one day away, whether it is 1 hour or 47 hours from now, and a day of 23 or 25 hours
 * (daylight saving) is still one day.
 */

const MS_PER_DAY = 86_400_000

/**
 * The date `at` falls on in `zone`, as a count of days since 1 January 1970. The zone's date is
 * read by TZDate; counting in UTC, which has no daylight saving, makes every date exactly one
 * apart from the next.
 */
export function calendarDayNumber(at: number, zone: string): number {
  const date = new TZDate(at, zone)
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / MS_PER_DAY
}

/**
 * How many dates `to` lies after `from` in `zone`: 0 on the same date, 1 for tomorrow, -1 for
 * yesterday, whatever the hours between.
 */
export function calendarDaysBetween(from: number, to: number, zone: string): number {
  return calendarDayNumber(to, zone) - calendarDayNumber(from, zone)
}
