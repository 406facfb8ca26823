import { z } from 'zod'
import { channel, event } from '../define'
import type { UserText } from '../i18n/user-text'

export const TransportSchema = z.enum(['ipc', 'web', 'agent'])
export type Transport = z.infer<typeof TransportSchema>

export interface AppInfo {
  name: string
  version: string
  platform: string
  arch: string
  transport: Transport
  versions: { node: string; chrome?: string; electron?: string }
  /** The operating system's preferred languages, most preferred first (desktop only; a browser has navigator.languages). */
  systemLanguages?: string[]
}

export type NoticeLevel = 'info' | 'warning' | 'error'

/** A notice main wants the user to see (a file set aside, a cache rebuilt). */
export interface AppNotice {
  level: NoticeLevel
  /** What the notice says, as a key of the catalogs: the page renders it in the user's language. */
  text: UserText
  /** Given by main when the notice is kept; a page marks it read with `app:notices-read`. */
  id?: number
  at?: string
}

export const appChannels = {
  'app:info': channel<AppInfo>()(z.void()),
  /**
   * Notices no page has read yet: those of start-up, raised before any page listened,
   * and any emitted while none was open.
   */
  'app:notices': channel<AppNotice[]>()(z.void()),
  'app:notices-read': channel<void>()(z.object({ ids: z.array(z.number().int().positive()).max(500) })),
}

export const appEvents = {
  'app:notice': event<AppNotice>(),
}
