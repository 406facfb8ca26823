import { TZDate } from '@date-fns/tz'
import { userTimeZone } from './time'

/**
 * Dates of planned stories on the user's clock, in the user's locale, and the days of the
 * week calendar. Days are built with calendar arithmetic in the zone (TZDate's setDate), so a
 * week that contains a change of daylight saving time still has seven days starting at midnight,
 * and they are the days the relative times count.
 */

const formats = new Map<string, Intl.DateTimeFormat>()
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options)
    formats.set(key, found)
  }
  return found
}

/** "Mon 2 Jun, 09:00": when a planned story goes. */
export function dueDateTime(iso: string, locale: string, timeZone?: string): string {
  return format(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone && { timeZone }),
  }).format(new Date(iso))
}

/** "09:00": the time alone, in a calendar cell. */
export function clockOf(iso: string, locale: string, timeZone?: string): string {
  return format(locale, { hour: 'numeric', minute: '2-digit', ...(timeZone && { timeZone }) }).format(new Date(iso))
}

/** "Mon 2": a day's column heading. */
export function dayHeading(day: Date, locale: string, timeZone?: string): string {
  return format(locale, { weekday: 'short', day: 'numeric', ...(timeZone && { timeZone }) }).format(day)
}

/** "2 Jun": the ends of the week's range. */
export function shortDate(day: Date, locale: string, timeZone?: string): string {
  return format(locale, { day: 'numeric', month: 'short', ...(timeZone && { timeZone }) }).format(day)
}

/** The first day of the week where the locale says (Monday in most of the world, Sunday in the US, Saturday in much of the Arab world). */
export function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } }
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay
    // Intl counts 1 (Monday) to 7 (Sunday); Date counts 0 (Sunday) to 6.
    if (firstDay !== undefined) return firstDay % 7
  } catch {
    // An unknown tag: Monday, the ISO week.
  }
  return 1
}

/** Midnight in `zone` of the first day of the week that holds `at`, `offset` weeks away. */
export function weekStart(at: number, locale: string, offset = 0, zone = userTimeZone()): TZDate {
  const day = new TZDate(at, zone)
  day.setHours(0, 0, 0, 0)
  const back = (day.getDay() - firstDayOfWeek(locale) + 7) % 7
  day.setDate(day.getDate() - back + offset * 7)
  return day
}

/** The seven days from `start`, in its zone, each with its end (the next midnight). */
export function weekDays(start: TZDate): { start: TZDate; end: TZDate }[] {
  return Array.from({ length: 7 }, (_, i) => {
    const from = new TZDate(start, start.timeZone)
    from.setDate(start.getDate() + i)
    const to = new TZDate(start, start.timeZone)
    to.setDate(start.getDate() + i + 1)
    return { start: from, end: to }
  })
}
