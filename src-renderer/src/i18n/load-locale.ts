import type { WritableComputedRef } from 'vue'
import type { MessageSchema } from './index'
import { isRtl, type MessageLocale, translationFor } from '@shared/i18n/locales'

type Loader = () => Promise<{ default: MessageSchema }>

/** One chunk per translation, fetched the first time it is chosen; English is in the main bundle. */
const LOADERS: Record<Exclude<MessageLocale, 'en'>, Loader> = {
  es: () => import('@shared/i18n/es/index'),
  'pt-BR': () => import('@shared/i18n/pt-BR/index'),
  ru: () => import('@shared/i18n/ru/index'),
  id: () => import('@shared/i18n/id/index'),
  ar: () => import('@shared/i18n/ar/index'),
}

/** The part of vue-i18n's global composer that switching language needs. */
export interface LocaleTarget {
  locale: WritableComputedRef<string>
  availableLocales: readonly string[]
  setLocaleMessage(locale: string, messages: MessageSchema): void
}

/** Loads the translation `tag` reads, if there is one and it is not loaded yet; says whether it is there. */
export async function loadTranslation(target: LocaleTarget, tag: string): Promise<boolean> {
  const translation = translationFor(tag)
  if (!translation) return false
  if (translation === 'en' || target.availableLocales.includes(translation)) return true
  const messages = await LOADERS[translation]()
  target.setLocaleMessage(translation, messages.default)
  return true
}

function validTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null
  } catch {
    return null
  }
}

/**
 * Switches the interface to `tag`: its translation loaded first so that no English flashes
 * in, then the locale, then the document's lang and direction (screen readers, fonts, layout).
 * A tag Intl cannot use falls back to English rather than breaking every date on screen.
 */
let latest = 0

export async function setAppLocale(target: LocaleTarget, tag: string, root: HTMLElement = document.documentElement): Promise<void> {
  const next = validTag(tag) ?? 'en'
  const request = ++latest
  let translated = false
  try {
    translated = await loadTranslation(target, next)
  } catch {
    // A chunk that failed to load leaves English strings; dates and numbers still follow the tag.
  }
  // Two quick changes (the system's language, then the saved one): the later one wins, however
  // long the earlier one's translation took to arrive.
  if (request !== latest) return
  target.locale.value = next
  root.lang = next
  root.dir = translated && isRtl(next) ? 'rtl' : 'ltr'
}
