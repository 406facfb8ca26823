import { formatArgb, parseArgb } from '../domain/colors'

/** What a colour control shows: `<input type="color">`'s `#rrggbb` and an opacity in percent. */
export interface PickerColor {
  hex: string
  opacity: number
}

/** `#80FF0000` -> `{hex: '#ff0000', opacity: 50}` (alpha is the first byte of ARGB). */
export function pickerFromArgb(argb: string): PickerColor {
  const { r, g, b, a } = parseArgb(argb)
  const hex = `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`
  return { hex, opacity: Math.round(a * 100) }
}

/** The reverse: `('#ff0000', 50)` -> `#80FF0000`. */
export function argbFromPicker(hex: string, opacity: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!match) throw new RangeError(`Not a #rrggbb colour: ${hex}`)
  const clamped = Math.min(100, Math.max(0, opacity))
  return formatArgb({
    r: parseInt(match[1]!, 16),
    g: parseInt(match[2]!, 16),
    b: parseInt(match[3]!, 16),
    a: clamped / 100,
  })
}
