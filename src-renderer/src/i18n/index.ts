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

/** Whether the English catalog, which every translation has every key of, holds a message at `key`. */
function inEnglish(key: string): boolean {
  let node: unknown = en
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return false
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string'
}

/**
 * What happens when the code asks for a key that no catalog has: a mistake in the code, which
 * would show the user the key itself ("publish.targets.legend"). In development and in the
 * unit tests it throws, so the test that renders it fails; in a build it is said once on the
 * console (which the end-to-end tests fail on) and the key is shown. A key only a translation
 * still loading lacks is not missing: English answers for it meanwhile.
 */
export function missingKeyHandler(strict: boolean) {
  const said = new Set<string>()
  return (_locale: string, key: string, _instance?: unknown, type?: string): string | undefined => {
    if ((type !== undefined && type !== 'translate') || inEnglish(key)) return undefined
    // developer-only: a mistake in the code, never a text for the user
    const message = `Missing message key: ${key}`
    if (strict) throw new Error(message)
    if (!said.has(key)) {
      said.add(key)
      console.error(message)
    }
    return undefined
  }
}

/**
 * The i18n instance. Its locale is a full language-and-region tag ("es-MX"): dates and numbers
 * use it as it is, and strings come from its translation ("es", found by vue-i18n's own
 * fallback from region to language) and then English. Translations other than English load
 * on demand (see load-locale.ts). A key no catalog has throws in development and tests
 * (`strict`), and is said on the console in a build (see missingKeyHandler).
 */
export function createAppI18n(locale = userLocale(), options: { strict?: boolean } = {}) {
  return createI18n<[MessageSchema], 'en'>({
    legacy: false,
    locale,
    // Portuguese from any region reads the Brazilian translation.
    fallbackLocale: { pt: ['pt-BR', 'en'], default: ['en'] },
    messages: { en },
    pluralRules: pluralRules(),
    missing: missingKeyHandler(options.strict ?? import.meta.env.DEV),
    missingWarn: false,
    fallbackWarn: false,
  })
}
