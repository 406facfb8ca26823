import type { ChannelName, EventName } from '@shared/contract'
import type { Result } from '@shared/errors'

/** How the bridge reaches main: Electron IPC through the preload, or HTTP in web mode. */
export interface Transport {
  readonly kind: 'ipc' | 'web'
  invoke(channel: ChannelName, arg: unknown): Promise<Result<unknown>>
  on(event: EventName, listener: (payload: unknown) => void): () => void
}

export const LOST_CONTACT: Result<never> = {
  ok: false,
  error: { code: 'internal', message: 'Lost contact with the Statusdesk service. Restart the app or reload the page.' },
}
