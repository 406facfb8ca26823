/** Numbers in the user's locale, with the same per-locale caching as dates. */
const cache = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = cache.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    cache.set(key, format)
  }
  return format
}

export function formatCount(value: number | null | undefined, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return ''
  return numberFormat(locale).format(value)
}

/** Pixel sizes: digits in the user's script, never grouped ("1080 × 1920", not "1,080"). */
export function formatPixels(value: number | null | undefined, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return ''
  return numberFormat(locale, { useGrouping: false, maximumFractionDigits: 0 }).format(value)
}

/** Unread badges: "999+" past a thousand, so the badge keeps its size. */
export function formatBadge(value: number, locale: string): string {
  return value > 999 ? `${numberFormat(locale).format(999)}+` : numberFormat(locale).format(value)
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

export function formatFileSize(bytes: number | null | undefined, locale: string): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return ''
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000
    unit++
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value)
}

/** "1:05" / "1:02:03" for media lengths. */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return ''
  const total = Math.round(seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m)
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`
}

/** A price in its ISO 4217 currency; an unknown code still shows the amount and the code. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, locale: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return ''
  if (currency && /^[A-Z]{3}$/i.test(currency)) {
    try {
      return numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount)
    } catch {
      // A syntactically valid code Intl does not know: fall through to the plain form.
    }
  }
  return `${numberFormat(locale, { maximumFractionDigits: 2 }).format(amount)}${currency ? ` ${currency}` : ''}`
}

export function formatPercent(fraction: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction)
}

export function formatCoordinate(value: number | null | undefined, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return ''
  return numberFormat(locale, { maximumFractionDigits: 5, minimumFractionDigits: 2 }).format(value)
}
