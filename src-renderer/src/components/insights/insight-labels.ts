import { firstDayOfWeek } from '../../format/schedule-time'

/**
 * Names of the weekdays and hours the insights count in, in the user's locale. Main counts
 * weekdays from 0 = Monday and hours 0–23 of the user's zone; these are names only, so they
 * are taken from a fixed Monday in UTC (1 January 2024), never from a date in the user's zone.
 */

const MONDAY_UTC = Date.UTC(2024, 0, 1)
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>()

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(key: string, make: () => T): T {
  let found = formats.get(key) as T | undefined
  if (!found) {
    found = make()
    formats.set(key, found)
  }
  return found
}

/** "Tuesday" (or "Tue") for weekday 1, Monday being 0. */
export function weekdayName(weekday: number, locale: string, width: 'long' | 'short' = 'long'): string {
  const format = cached(`w|${locale}|${width}`, () => new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }))
  return format.format(MONDAY_UTC + weekday * 86_400_000)
}

/** "18:00" (or "6:00 PM") for hour 18. */
export function hourName(hour: number, locale: string): string {
  const format = cached(`h|${locale}`, () => new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }))
  return format.format(MONDAY_UTC + (hour % 24) * 3_600_000)
}

/** "18" (or "6 PM"): an hour alone, for the heatmap's narrow columns. */
export function hourShort(hour: number, locale: string): string {
  const format = cached(`s|${locale}`, () => new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' }))
  return format.format(MONDAY_UTC + (hour % 24) * 3_600_000)
}

/** The start and end of an hour: "18:00" and "19:00". */
export function hourRange(hour: number, locale: string): { from: string; to: string } {
  return { from: hourName(hour, locale), to: hourName(hour + 1, locale) }
}

/** The weekdays (0 = Monday) in the order the user's calendar shows a week: from Sunday in the US, Saturday in much of the Arab world. */
export function weekdayOrder(locale: string): number[] {
  // firstDayOfWeek counts 0 = Sunday; main counts 0 = Monday.
  const first = (firstDayOfWeek(locale) + 6) % 7
  return Array.from({ length: 7 }, (_, i) => (first + i) % 7)
}

/** "Tuesday, Wednesday and Sunday": a list in the user's language. */
export function listOf(items: readonly string[], locale: string): string {
  const format = cached(`l|${locale}`, () => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }))
  return format.format(items)
}

/** A share as a percentage: "12%", "0.5%" for shares under one per cent. */
export function sharePercent(share: number, locale: string): string {
  const digits = share > 0 && share < 0.01 ? 1 : 0
  const format = cached(`p|${locale}|${digits}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }))
  return format.format(share)
}

/** A delay in minutes in its largest sensible unit: "45 min", "2.5 hr", "1.5 days". */
export function delayText(minutes: number, locale: string): string {
  const [unit, value]: ['minute' | 'hour' | 'day', number] =
    minutes < 60 ? ['minute', minutes] : minutes < 48 * 60 ? ['hour', minutes / 60] : ['day', minutes / 1440]
  const format = cached(
    `u|${locale}|${unit}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'minute' ? 0 : 1 }),
  )
  return format.format(value)
}

/** The strongest cells of a weekday × hour grid, most views first, ties by week order. */
export function strongestCells(
  grid: readonly (readonly number[])[],
  count: number,
): Array<{ weekday: number; hour: number; views: number }> {
  const cells: Array<{ weekday: number; hour: number; views: number }> = []
  for (let weekday = 0; weekday < 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const views = grid[weekday]?.[hour] ?? 0
      if (views > 0) cells.push({ weekday, hour, views })
    }
  }
  return cells.sort((a, b) => b.views - a.views || a.weekday - b.weekday || a.hour - b.hour).slice(0, count)
}

/** The weekday × hour grid as main sent it, made exactly 7 × 24 of finite non-negative numbers. */
export function normalisedGrid(grid: unknown): number[][] {
  const rows = Array.isArray(grid) ? grid : []
  return Array.from({ length: 7 }, (_, weekday) => {
    const row: unknown[] = Array.isArray(rows[weekday]) ? (rows[weekday] as unknown[]) : []
    return Array.from({ length: 24 }, (_, hour) => {
      const value = row[hour]
      return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0
    })
  })
}

/** "3 Mar": the Monday a week of the trend starts on, from the instant of its midnight in `zone`. */
export function weekStartText(weekStart: string, locale: string, zone: string, withYear = false): string {
  const at = Date.parse(weekStart)
  if (!Number.isFinite(at)) return weekStart
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', ...(withYear && { year: 'numeric' }) }
  const format = cached(`d|${locale}|${withYear}|${zone}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }))
  return format.format(at)
}
