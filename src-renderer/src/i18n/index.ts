import { createI18n } from 'vue-i18n'
import type { Catalog } from '@shared/i18n/types/catalog'
import en from '@shared/i18n/en/index'
import { pickSystemTag } from '@shared/i18n/locales'
import { pluralRules } from '@shared/i18n/plural-rules'

export type MessageSchema = Catalog<typeof en>

/** The system's preferred language tags, most preferred first. */
export function systemLanguages(): readonly string[] {
  if (navigator.languages?.length) return navigator.languages
  return navigator.language ? [navigator.language] : []
}

/** The tag the interface follows when the settings say "same as the system". */
export function userLocale(preferred: readonly string[] = systemLanguages()): string {
  return pickSystemTag(preferred)
}

/**
 * The i18n instance. Its locale is a full language-and-region tag ("es-MX"): dates and numbers
 * use it as it is, and strings come from its translation ("es", found by vue-i18n's own
 * fallback from region to language) and then English. Translations other than English load
 * on demand (see load-locale.ts).
 */
export function createAppI18n(locale = userLocale()) {
  return createI18n<[MessageSchema], 'en'>({
    legacy: false,
    locale,
    // Portuguese from any region reads the Brazilian translation.
    fallbackLocale: { pt: ['pt-BR', 'en'], default: ['en'] },
    messages: { en },
    pluralRules: pluralRules(),
    missingWarn: false,
    fallbackWarn: false,
  })
}
