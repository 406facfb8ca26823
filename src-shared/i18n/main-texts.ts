import type { MessageLocale } from './locales'
import arAccount from './ar/account-errors'
import arApi from './ar/api-errors'
import arDesktop from './ar/desktop'
import arErrors from './ar/errors'
import arGroup from './ar/group-errors'
import arNotices from './ar/notices'
import arStory from './ar/story-errors'
import arMedia from './ar/media-errors'
import enAccount from './en/account-errors'
import enApi from './en/api-errors'
import enDesktop from './en/desktop'
import enErrors from './en/errors'
import enGroup from './en/group-errors'
import enNotices from './en/notices'
import enStory from './en/story-errors'
import enMedia from './en/media-errors'
import esAccount from './es/account-errors'
import esApi from './es/api-errors'
import esDesktop from './es/desktop'
import esErrors from './es/errors'
import esGroup from './es/group-errors'
import esNotices from './es/notices'
import esStory from './es/story-errors'
import esMedia from './es/media-errors'
import idAccount from './id/account-errors'
import idApi from './id/api-errors'
import idDesktop from './id/desktop'
import idErrors from './id/errors'
import idGroup from './id/group-errors'
import idNotices from './id/notices'
import idStory from './id/story-errors'
import idMedia from './id/media-errors'
import ptAccount from './pt-BR/account-errors'
import ptApi from './pt-BR/api-errors'
import ptDesktop from './pt-BR/desktop'
import ptErrors from './pt-BR/errors'
import ptGroup from './pt-BR/group-errors'
import ptNotices from './pt-BR/notices'
import ptStory from './pt-BR/story-errors'
import ptMedia from './pt-BR/media-errors'
import ruAccount from './ru/account-errors'
import ruApi from './ru/api-errors'
import ruDesktop from './ru/desktop'
import ruErrors from './ru/errors'
import ruGroup from './ru/group-errors'
import ruNotices from './ru/notices'
import ruStory from './ru/story-errors'
import ruMedia from './ru/media-errors'

/**
 * The texts main itself says: errors and notices (rendered by the page) and the tray, menus,
 * dialogs and notifications (rendered by main). Main loads only these parts of each catalog.
 */
const EN = { ...enErrors, ...enApi, ...enAccount, ...enGroup, ...enStory, ...enMedia, ...enNotices, ...enDesktop }
export type MainTexts = typeof EN

export const MAIN_TEXTS: Record<MessageLocale, unknown> = {
  en: EN,
  es: { ...esErrors, ...esApi, ...esAccount, ...esGroup, ...esStory, ...esMedia, ...esNotices, ...esDesktop },
  'pt-BR': { ...ptErrors, ...ptApi, ...ptAccount, ...ptGroup, ...ptStory, ...ptMedia, ...ptNotices, ...ptDesktop },
  ru: { ...ruErrors, ...ruApi, ...ruAccount, ...ruGroup, ...ruStory, ...ruMedia, ...ruNotices, ...ruDesktop },
  id: { ...idErrors, ...idApi, ...idAccount, ...idGroup, ...idStory, ...idMedia, ...idNotices, ...idDesktop },
  ar: { ...arErrors, ...arApi, ...arAccount, ...arGroup, ...arStory, ...arMedia, ...arNotices, ...arDesktop },
}
