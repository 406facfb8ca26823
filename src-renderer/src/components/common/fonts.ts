import type { StoryFont } from '@shared/domain/story'
// The provider's typefaces that exist under an open licence (SIL OFL 1.1), bundled with the
// app so the preview does not depend on what the computer has or on any download.
import '@fontsource/calistoga/400.css'
import '@fontsource/comic-neue/400.css'
import '@fontsource/courier-prime/700.css'
import '@fontsource/dancing-script/600.css'
import '@fontsource/exo-2/800.css'

/**
 * Fallbacks after each story typeface, so Arabic, Hebrew, Devanagari, CJK text and emoji
 * still show in a fitting face when the chosen font has no such letters.
 */
const SCRIPT_FALLBACKS =
  "'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari', 'Noto Sans Thai', 'Noto Sans CJK SC', 'Noto Sans CJK JP', 'Noto Color Emoji'"
const SYSTEM_SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial"

export interface FontFace {
  family: string
  weight: number
  /** The generic family the stack ends with. */
  generic: string
  /**
   * The bundled open face drawn in place of a provider font that has no open release; the
   * picker says so, since contacts see the provider's own. Null where the face is the same.
   */
  standIn?: string
}

/** How the preview paints each of the provider's eight fonts. */
export const STORY_FONT_FACES: Record<StoryFont, FontFace> = {
  SYSTEM: { family: SYSTEM_SANS, weight: 400, generic: 'sans-serif' },
  SYSTEM_TEXT: { family: "Georgia, 'Noto Serif', 'Times New Roman', 'Noto Serif CJK SC'", weight: 400, generic: 'serif' },
  FB_SCRIPT: { family: "'Dancing Script', 'Segoe Script', 'Brush Script MT'", weight: 600, generic: 'cursive', standIn: 'Dancing Script' },
  SYSTEM_BOLD: { family: SYSTEM_SANS, weight: 700, generic: 'sans-serif' },
  // Morning Breeze is the provider's own rounded hand-lettered face, with no open release;
  // Comic Neue (SIL OFL) is the closest open face in shape and weight.
  MORNINGBREEZE_REGULAR: {
    family: "'Comic Neue', 'Comic Sans MS', 'Chalkboard SE', 'Segoe Print'",
    weight: 400,
    generic: 'sans-serif',
    standIn: 'Comic Neue',
  },
  CALISTOGA_REGULAR: { family: "'Calistoga', 'Cooper Black', Georgia", weight: 400, generic: 'serif' },
  EXO2_EXTRABOLD: { family: "'Exo 2', 'Trebuchet MS', 'Segoe UI'", weight: 800, generic: 'sans-serif' },
  COURIERPRIME_BOLD: { family: "'Courier Prime', 'Courier New', 'Noto Sans Mono', Courier", weight: 700, generic: 'monospace' },
}

export function standInFor(font: StoryFont): string | null {
  return STORY_FONT_FACES[font].standIn ?? null
}

export function fontStyle(font: StoryFont): { fontFamily: string; fontWeight: number } {
  const face = STORY_FONT_FACES[font]
  return { fontFamily: `${face.family}, ${SCRIPT_FALLBACKS}, ${face.generic}`, fontWeight: face.weight }
}
