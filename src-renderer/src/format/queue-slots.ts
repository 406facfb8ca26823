/**
 * The posting queue's weekdays and times in the user's locale. A slot is a weekday (Monday 0 …
 * Sunday 6) and a wall time "HH:MM"; both are shown as the locale writes them, without any zone
 * arithmetic: they are the same on every clock.
 */

/** Monday 1 January 2024, at midnight UTC: the week the names are read from. */
const A_MONDAY = Date.UTC(2024, 0, 1)

const formats = new Map<string, Intl.DateTimeFormat>()
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
    formats.set(key, found)
  }
  return found
}

/** The names of the days, Monday first: "Mon" … "Sun", or "Monday" … "Sunday". */
export function weekdayNames(locale: string, width: 'short' | 'long'): string[] {
  return Array.from({ length: 7 }, (_, day) => format(locale, { weekday: width }).format(A_MONDAY + day * 86_400_000))
}

/** "09:00" as the locale writes a time of day ("09:00 AM" in American English), two digits so the rows line up. */
export function slotTime(time: string, locale: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return format(locale, { hour: '2-digit', minute: '2-digit' }).format(A_MONDAY + (hour * 60 + minute) * 60_000)
}

/** The zones this browser knows, for the queue's zone picker; `current` is kept even when the list lacks it. */
export function knownZones(current: string): string[] {
  let zones: string[] = []
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? []
  } catch {
    // An older engine: the current zone alone.
  }
  return zones.includes(current) ? zones : [current, ...zones]
}
