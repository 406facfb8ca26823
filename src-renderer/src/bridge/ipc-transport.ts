import type { Api, ChannelName } from '@shared/channels/contract'
import type { Result } from '@shared/errors'
import { LOST_CONTACT, type Transport } from './transport'

export function createIpcTransport(api: Api): Transport {
  return {
    kind: 'ipc',
    async invoke(channel, arg) {
      const fn = api[channel] as (arg?: unknown) => Promise<Result<unknown>>
      try {
        return await fn(arg)
      } catch {
        return LOST_CONTACT
      }
    },
    on: (event, listener) => api.on(event, listener as never),
  } satisfies Transport & { invoke(channel: ChannelName, arg: unknown): Promise<Result<unknown>> }
}
