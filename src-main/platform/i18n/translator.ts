import {
  NOT_REOSLVED,
  compile,
  createCoreContext,
  fallbackWithLocaleChain,
  registerLocaleFallbacker,
  registerMessageCompiler,
  registerMessageResolver,
  resolveValue,
  translate,
  type CoreContext,
  type LocaleMessage,
} from '@intlify/core-base'
import { codeText } from '@shared/errors'
import { MAIN_TEXTS } from '@shared/i18n/main-texts'
import { pluralRules } from '@shared/i18n/plural-rules'
import { formatParams, pluralOf } from '@shared/i18n/text-params'
import type { UserText } from '@shared/i18n/user-text'

// The bundler build of the engine ships without these wired in (vue-i18n registers them for
// the page); main registers the same ones, so a message reads the same on both sides.
registerMessageCompiler(compile)
registerMessageResolver(resolveValue)
registerLocaleFallbacker(fallbackWithLocaleChain)

/** Renders a text in the language main currently speaks. */
export type Say = (text: UserText) => string

/** Renders main's texts in one language at a time; the tray, menus, dialogs and notifications speak through it. */
export interface Translator {
  /** The text in the current language; a key this version lacks reads as the generic "something went wrong". */
  say(text: UserText): string
  /** The current language-and-region tag ("es-MX"): dates and numbers follow it as well. */
  readonly locale: string
  setLocale(tag: string): void
  /** Called after the language changed, so that what is on screen can be built again. */
  onChange(listener: (locale: string) => void): () => void
}

/** A tag Intl accepts, in its canonical spelling; English for anything else. */
function canonicalTag(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en'
  } catch {
    return 'en'
  }
}

export function createTranslator(initialTag: string, options: { timeZone?: string } = {}): Translator {
  let locale = canonicalTag(initialTag)
  const listeners = new Set<(locale: string) => void>()
  const context: CoreContext<string> = createCoreContext({
    locale,
    // Strings come from the tag's own translation, then its language's, then English.
    fallbackLocale: { pt: ['pt-BR', 'en'], default: ['en'] },
    messages: MAIN_TEXTS as unknown as Record<string, LocaleMessage<string>>,
    pluralRules: pluralRules(),
    missingWarn: false,
    fallbackWarn: false,
    warnHtmlMessage: false,
    // A missing key comes back as NOT_REOSLVED rather than as the key itself.
    unresolving: true,
  }) as CoreContext<string>

  const render = (text: UserText): string | null => {
    const named = formatParams(text.params, locale, options.timeZone)
    const plural = pluralOf(text.params)
    const result = translate(context, text.key, named, plural === undefined ? {} : { plural })
    return result === NOT_REOSLVED || typeof result !== 'string' ? null : result
  }

  return {
    say: (text) => render(text) ?? render(codeText('internal')) ?? text.key,
    get locale() {
      return locale
    },
    setLocale(tag) {
      const next = canonicalTag(tag)
      if (next === locale) return
      locale = next
      context.locale = next
      for (const listener of listeners) listener(next)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
