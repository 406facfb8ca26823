/** A disappearing-messages timer (seconds) in the largest whole unit: "24 hours", "7 days", "90 days". */
export function formatEphemeral(seconds: number | null, locale: string): string | null {
  if (seconds === null || seconds <= 0) return null
  const units: Array<[Intl.NumberFormatOptions['unit'], number]> = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ]
  for (const [unit, size] of units) {
    if (seconds % size === 0 && seconds >= size && !(unit === 'day' && seconds === 86_400)) {
      return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size)
    }
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(seconds)
}
