import { parseArgb, type Rgba } from '../domain/colors'

/**
 * Stories are viewed on a black screen, so a translucent background is seen blended over
 * black, and translucent text over that blend.
 */
const VIEWER_BACKDROP: Rgba = { r: 0, g: 0, b: 0, a: 1 }

/**
 * Story text is shown large, so WCAG's threshold for large text (AA, 3:1) is the line
 * under which the composer warns.
 */
export const MIN_STORY_CONTRAST = 3

function over(top: Rgba, bottom: Rgba): Rgba {
  const blend = (t: number, b: number) => t * top.a + b * (1 - top.a)
  return { r: blend(top.r, bottom.r), g: blend(top.g, bottom.g), b: blend(top.b, bottom.b), a: 1 }
}

/** WCAG 2.x relative luminance of an opaque sRGB colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG contrast ratio (1..21) between two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** The contrast of ARGB text on an ARGB background, as seen on the viewer's black screen. */
export function storyTextContrast(textArgb: string, backgroundArgb: string): number {
  const background = over(parseArgb(backgroundArgb), VIEWER_BACKDROP)
  const text = over(parseArgb(textArgb), background)
  return contrastRatio(text, background)
}
