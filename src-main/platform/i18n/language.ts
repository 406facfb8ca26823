import { pickSystemTag } from '@shared/i18n/locales'
import type { Translator } from './translator'

/** The settings as far as the language goes: `locale` null follows the system. */
export interface LanguageSetting {
  get(): { locale: string | null }
  onChange(listener: (settings: { locale: string | null }) => void): () => void
}

function isValidTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1
  } catch {
    return false
  }
}

/**
 * The tag main speaks: the one chosen in Settings, else the first of the system's languages
 * there is a translation for. A setting Intl does not accept (a hand-edited file) is ignored.
 */
export function chosenLanguage(setting: string | null, systemLanguages: readonly string[]): string {
  if (setting && isValidTag(setting)) return setting
  return pickSystemTag(systemLanguages)
}

/** Keeps the translator on the language Settings chooses, from now on; returns the way to stop. */
export function followLanguageSetting(
  translator: Translator,
  settings: LanguageSetting,
  systemLanguages: () => readonly string[],
): () => void {
  translator.setLocale(chosenLanguage(settings.get().locale, systemLanguages()))
  return settings.onChange((current) => translator.setLocale(chosenLanguage(current.locale, systemLanguages())))
}
