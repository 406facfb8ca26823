import type { MessageLocale } from './locales'
import arAccount from './ar/account-errors'
import arApi from './ar/api-errors'
import arDesktop from './ar/desktop'
import arErrors from './ar/errors'
import arGroup from './ar/group-errors'
import arNotices from './ar/notices'
import arStory from './ar/story-errors'
import arInsights from './ar/insights-errors'
import arQueue from './ar/queue-errors'
import arMedia from './ar/media-errors'
import enAccount from './en/account-errors'
import enApi from './en/api-errors'
import enDesktop from './en/desktop'
import enErrors from './en/errors'
import enGroup from './en/group-errors'
import enNotices from './en/notices'
import enStory from './en/story-errors'
import enInsights from './en/insights-errors'
import enQueue from './en/queue-errors'
import enMedia from './en/media-errors'
import esAccount from './es/account-errors'
import esApi from './es/api-errors'
import esDesktop from './es/desktop'
import esErrors from './es/errors'
import esGroup from './es/group-errors'
import esNotices from './es/notices'
import esStory from './es/story-errors'
import esInsights from './es/insights-errors'
import esQueue from './es/queue-errors'
import esMedia from './es/media-errors'
import idAccount from './id/account-errors'
import idApi from './id/api-errors'
import idDesktop from './id/desktop'
import idErrors from './id/errors'
import idGroup from './id/group-errors'
import idNotices from './id/notices'
import idStory from './id/story-errors'
import idInsights from './id/insights-errors'
import idQueue from './id/queue-errors'
import idMedia from './id/media-errors'
import ptAccount from './pt-BR/account-errors'
import ptApi from './pt-BR/api-errors'
import ptDesktop from './pt-BR/desktop'
import ptErrors from './pt-BR/errors'
import ptGroup from './pt-BR/group-errors'
import ptNotices from './pt-BR/notices'
import ptStory from './pt-BR/story-errors'
import ptInsights from './pt-BR/insights-errors'
import ptQueue from './pt-BR/queue-errors'
import ptMedia from './pt-BR/media-errors'
import ruAccount from './ru/account-errors'
import ruApi from './ru/api-errors'
import ruDesktop from './ru/desktop'
import ruErrors from './ru/errors'
import ruGroup from './ru/group-errors'
import ruNotices from './ru/notices'
import ruStory from './ru/story-errors'
import ruInsights from './ru/insights-errors'
import ruQueue from './ru/queue-errors'
import ruMedia from './ru/media-errors'

/**
 * The texts main itself says: errors and notices (rendered by the page) and the tray, menus,
 * dialogs and notifications (rendered by main). Main loads only these parts of each catalog.
 */
const EN = {
  ...enErrors,
  ...enApi,
  ...enAccount,
  ...enGroup,
  ...enStory,
  ...enInsights,
  ...enQueue,
  ...enMedia,
  ...enNotices,
  ...enDesktop,
}
export type MainTexts = typeof EN

export const MAIN_TEXTS: Record<MessageLocale, unknown> = {
  en: EN,
  es: { ...esErrors, ...esApi, ...esAccount, ...esGroup, ...esStory, ...esInsights, ...esQueue, ...esMedia, ...esNotices, ...esDesktop },
  'pt-BR': {
    ...ptErrors,
    ...ptApi,
    ...ptAccount,
    ...ptGroup,
    ...ptStory,
    ...ptInsights,
    ...ptQueue,
    ...ptMedia,
    ...ptNotices,
    ...ptDesktop,
  },
  ru: { ...ruErrors, ...ruApi, ...ruAccount, ...ruGroup, ...ruStory, ...ruInsights, ...ruQueue, ...ruMedia, ...ruNotices, ...ruDesktop },
  id: { ...idErrors, ...idApi, ...idAccount, ...idGroup, ...idStory, ...idInsights, ...idQueue, ...idMedia, ...idNotices, ...idDesktop },
  ar: { ...arErrors, ...arApi, ...arAccount, ...arGroup, ...arStory, ...arInsights, ...arQueue, ...arMedia, ...arNotices, ...arDesktop },
}
