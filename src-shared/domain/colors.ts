/**
 * Story colours are ARGB (`#AARRGGBB`, alpha first), unlike CSS (`#RRGGBBAA`). A six-digit
 * value has no alpha and is opaque.
 */
export const ARGB_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/

export interface Rgba {
  /** 0..255 */
  r: number
  g: number
  b: number
  /** 0..1 */
  a: number
}

export function parseArgb(color: string): Rgba {
  if (!ARGB_COLOR_PATTERN.test(color)) throw new RangeError(`Not an ARGB colour: ${color}`)
  const hex = color.slice(1)
  const alpha = hex.length === 8 ? parseInt(hex.slice(0, 2), 16) : 255
  const rgb = hex.length === 8 ? hex.slice(2) : hex
  return {
    r: parseInt(rgb.slice(0, 2), 16),
    g: parseInt(rgb.slice(2, 4), 16),
    b: parseInt(rgb.slice(4, 6), 16),
    a: Math.round((alpha / 255) * 1000) / 1000,
  }
}

/** `#80FF0000` -> `rgba(255, 0, 0, 0.502)`: what the composer's preview paints. */
export function argbToCssRgba(color: string): string {
  const { r, g, b, a } = parseArgb(color)
  return `rgba(${r}, ${g}, ${b}, ${a})`
}

const hex2 = (n: number) =>
  Math.min(255, Math.max(0, Math.round(n)))
    .toString(16)
    .padStart(2, '0')
    .toUpperCase()

/** The reverse, for a colour picker that yields red, green, blue and an opacity. */
export function formatArgb({ r, g, b, a }: Rgba): string {
  return `#${hex2(a * 255)}${hex2(r)}${hex2(g)}${hex2(b)}`
}

/** A fully transparent background (the provider's default `#00000000`) shows nothing behind the text. */
export function isTransparentArgb(color: string): boolean {
  return parseArgb(color).a === 0
}
