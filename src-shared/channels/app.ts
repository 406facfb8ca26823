import { z } from 'zod'
import { channel, event } from '../define'

export const TransportSchema = z.enum(['ipc', 'web'])
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

export const appChannels = {
  'app:info': channel<AppInfo>()(z.void()),
}

export const appEvents = {
  /** A notice main wants the user to see (a settings file set aside, a cache rebuilt). */
  'app:notice': event<{ level: 'info' | 'warning' | 'error'; message: string }>(),
}
