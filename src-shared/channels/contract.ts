import type { z } from 'zod'
import { accountsChannels, accountsEvents } from './accounts'
import { agentChannels, agentEvents } from './agent'
import { appChannels, appEvents } from './app'
import { clipboardChannels } from './clipboard'
import { communityChannels } from './community'
import { connectivityChannels } from './connectivity'
import { diagnosticsChannels } from './diagnostics'
import { exportChannels } from './export'
import { groupsChannels, groupsEvents } from './groups'
import { handoverChannels } from './handover'
import { insightsChannels, insightsEvents } from './insights'
import { libraryChannels } from './library'
import { outboxChannels, outboxEvents } from './outbox'
import { queueChannels, queueEvents } from './queue'
import { settingsChannels, settingsEvents } from './settings'
import { storiesChannels, storiesEvents } from './stories'
import type { ChannelDef, EventDef } from '../define'
import type { Result } from '../errors'

/**
 * The one contract between renderer and main. Each domain lists its channels in
 * src-shared/channels/<domain>.ts; main, preload, the web transport and the renderer's
 * bridge are all typed from the maps below.
 */
export const channels = {
  ...appChannels,
  ...settingsChannels,
  ...accountsChannels,
  ...groupsChannels,
  ...connectivityChannels,
  ...communityChannels,
  ...exportChannels,
  ...clipboardChannels,
  ...diagnosticsChannels,
  ...storiesChannels,
  ...outboxChannels,
  ...libraryChannels,
  ...insightsChannels,
  ...queueChannels,
  ...agentChannels,
  ...handoverChannels,
} satisfies Record<string, ChannelDef<z.ZodType, unknown>>

export const events = {
  ...appEvents,
  ...settingsEvents,
  ...accountsEvents,
  ...groupsEvents,
  ...storiesEvents,
  ...outboxEvents,
  ...insightsEvents,
  ...queueEvents,
  ...agentEvents,
} satisfies Record<string, EventDef<unknown>>

export type Channels = typeof channels
export type ChannelName = keyof Channels
export type ChannelArgs<C extends ChannelName> = z.input<Channels[C]['args']>
export type ChannelParsedArgs<C extends ChannelName> = z.output<Channels[C]['args']>
export type ChannelResult<C extends ChannelName> = Channels[C] extends ChannelDef<z.ZodType, infer R> ? R : never

export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<E extends EventName> = Events[E] extends EventDef<infer P> ? P : never

export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[]

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name)
}

/** The shape of `window.api` (preload) and of the web transport's client. */
export type Api = {
  [C in ChannelName]: (
    ...args: undefined extends ChannelArgs<C> ? [arg?: ChannelArgs<C>] : [arg: ChannelArgs<C>]
  ) => Promise<Result<ChannelResult<C>>>
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

/** The IPC channel on which main pushes every event, as `[name, payload]`. */
export const EVENT_CHANNEL = 'statusdesk:event'
