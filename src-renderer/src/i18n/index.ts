import { createI18n } from 'vue-i18n'
import en from './en/index'

export type MessageSchema = typeof en

/** The user's language for dates and numbers; strings fall back to English. */
export function userLocale(): string {
  return navigator.languages?.[0] ?? navigator.language ?? 'en'
}

export function createAppI18n(locale = userLocale()) {
  return createI18n<[MessageSchema], 'en'>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: { en },
    missingWarn: false,
    fallbackWarn: false,
  })
}
