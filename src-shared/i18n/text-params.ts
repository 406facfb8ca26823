import type { ParamValue } from './user-text'

/** Unicode's first-strong isolate and its closing mark: a host or a number keeps its own direction inside Arabic text. */
const FSI = '\u2068'
const PDI = '\u2069'

const SIZE_NAMES = new Set(['bytes', 'size', 'limit', 'maxBytes'])
const PLAIN_NUMBERS = new Set(['status', 'port', 'version', 'format', 'line', 'row', 'pid'])

function isDateName(name: string): boolean {
  return name === 'at' || name.endsWith('At')
}

function formatSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value)
}

/** 45 seconds, 1 minute 5 seconds, 3 hours 5 minutes, in the locale's own units: never rounded past a limit it is compared with. */
function formatDuration(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.ceil(seconds))
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value)
  const pair = (big: string, small: string | null) => (small === null ? big : `${big} ${small}`)
  if (whole < 60) return unit(whole, 'second')
  const minutes = Math.floor(whole / 60)
  if (minutes < 60) return pair(unit(minutes, 'minute'), whole % 60 === 0 ? null : unit(whole % 60, 'second'))
  const hours = Math.floor(minutes / 60)
  return pair(unit(hours, 'hour'), minutes % 60 === 0 ? null : unit(minutes % 60, 'minute'))
}

function formatDate(value: ParamValue, locale: string, timeZone?: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone && { timeZone }) }).format(date)
}

function formatOne(name: string, value: ParamValue, locale: string, timeZone?: string): string {
  if (isDateName(name)) return formatDate(value, locale, timeZone)
  if (typeof value === 'string') return value
  if (name === 'seconds') return formatDuration(value, locale)
  if (SIZE_NAMES.has(name)) return formatSize(value, locale)
  if (PLAIN_NUMBERS.has(name)) return String(value)
  return new Intl.NumberFormat(locale).format(value)
}

/**
 * A text's parameters as the locale writes them, each isolated for right-to-left text. The
 * main process and the page both show texts through this, so a size or a wait reads the same
 * in a notification as on screen.
 */
export function formatParams(params: Record<string, ParamValue> | undefined, locale: string, timeZone?: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(params ?? {})) out[name] = `${FSI}${formatOne(name, value, locale, timeZone)}${PDI}`
  return out
}

/** The number that picks a text's plural form, if it has one. */
export function pluralOf(params: Record<string, ParamValue> | undefined): number | undefined {
  const count = params?.['count']
  return typeof count === 'number' ? count : undefined
}
