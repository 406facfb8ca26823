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
const DAY = 24 * HOUR

function isValidSeconds(seconds: unknown): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
}

/**
 * "now", "5 min ago", "3 hr ago", "yesterday", "4 days ago", then a short date: what a list
 * row shows. `nowMs` is passed in so a whole list shares one clock tick.
 */
export function relativeTime(
  seconds: number | null | undefined,
  nowMs: number,
  locale: string,
  style: Intl.RelativeTimeFormatStyle = 'short',
): string {
  if (!isValidSeconds(seconds)) return ''
  const delta = seconds - nowMs / 1000
  const abs = Math.abs(delta)
  const rtf = relativeFormat(locale, style)
  if (abs < 45) return rtf.format(0, 'second')
  if (abs < HOUR) return rtf.format(Math.round(delta / MINUTE), 'minute')
  if (abs < DAY) return rtf.format(Math.round(delta / HOUR), 'hour')
  if (abs < 7 * DAY) return rtf.format(Math.round(delta / DAY), 'day')
  const sameYear = new Date(seconds * 1000).getFullYear() === new Date(nowMs).getFullYear()
  return dateFormat(locale, sameYear ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' }).format(seconds * 1000)
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
