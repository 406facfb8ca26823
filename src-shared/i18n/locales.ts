/** The languages the interface is translated into; English is the reference and is always bundled. */
export const MESSAGE_LOCALES = ['en', 'es', 'pt-BR', 'ru', 'id', 'ar'] as const
export type MessageLocale = (typeof MESSAGE_LOCALES)[number]

/** Languages written right to left among the ones above. */
const RTL = new Set<MessageLocale>(['ar'])

/**
 * Language-and-region tags offered in Settings: each translated language, with the regions
 * most of its speakers use, so that dates and numbers can follow a country as well.
 */
export const OFFERED_TAGS = ['en-US', 'en-GB', 'es-ES', 'es-MX', 'pt-BR', 'ru-RU', 'id-ID', 'ar-SA', 'ar-EG'] as const

function canonical(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null
  } catch {
    return null
  }
}

/** The translation a language tag reads: its own if there is one, else its language's, else none. */
export function translationFor(tag: string): MessageLocale | null {
  const clean = canonical(tag)
  if (!clean) return null
  const exact = MESSAGE_LOCALES.find((code) => code.toLowerCase() === clean.toLowerCase())
  if (exact) return exact
  const language = clean.split('-')[0]!.toLowerCase()
  // Portuguese from any region reads the Brazilian translation, the only Portuguese one.
  return MESSAGE_LOCALES.find((code) => code.split('-')[0]!.toLowerCase() === language) ?? null
}

/**
 * Picks the tag to use from the system's ordered preferences: the first one we have a
 * translation for (so "de-DE, es-ES" reads Spanish), else the first one (English texts,
 * that region's dates and numbers), else English.
 */
export function pickSystemTag(preferred: readonly string[]): string {
  const valid = preferred.map(canonical).filter((tag): tag is string => tag !== null)
  return valid.find((tag) => translationFor(tag) !== null) ?? valid[0] ?? 'en'
}

export function isRtl(tag: string): boolean {
  const translation = translationFor(tag)
  return translation !== null && RTL.has(translation)
}

/** The name of a language-and-region in its own language, e.g. "español (México)". */
export function nativeName(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag
  } catch {
    return tag
  }
}
