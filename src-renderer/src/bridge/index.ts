import type { Api, ChannelArgs, ChannelName, ChannelResult, EventName, EventPayload } from '@shared/channels/contract'
import type { AppErrorData, ErrorCode, Result } from '@shared/errors'
import type { UserText } from '@shared/i18n/user-text'
import { createIpcTransport } from './ipc-transport'
import type { Transport } from './transport'
import { createWebTransport, reloadOnNewSecret, takeSecret } from './web-transport'

declare global {
  interface Window {
    api?: Api
  }
}

/** A failed call, carrying the code and the text main sent; `message` is the key, for the console. */
export class BridgeError extends Error {
  readonly code: ErrorCode
  readonly text: UserText
  readonly details: Record<string, unknown> | undefined

  constructor(data: AppErrorData) {
    super(data.text.key)
    this.name = 'BridgeError'
    this.code = data.code
    this.text = data.text
    this.details = data.details
  }
}

let transport: Transport | null = null
const rejectedListeners = new Set<() => void>()

function current(): Transport {
  if (transport) return transport
  if (window.api) return (transport = createIpcTransport(window.api))
  reloadOnNewSecret()
  transport = createWebTransport(takeSecret(), { onRejected: () => rejectedListeners.forEach((listener) => listener()) })
  return transport
}

/** Tests and stories swap in their own transport. */
export function setTransport(next: Transport | null): void {
  transport = next
}

type Args<C extends ChannelName> = undefined extends ChannelArgs<C> ? [arg?: ChannelArgs<C>] : [arg: ChannelArgs<C>]

/** The one door from the renderer to main. Views call stores; stores call this. */
export const bridge = {
  get kind(): 'ipc' | 'web' {
    return current().kind
  },

  /** Calls a channel and returns its Result without throwing. */
  call<C extends ChannelName>(channel: C, ...args: Args<C>): Promise<Result<ChannelResult<C>>> {
    return current().invoke(channel, args[0]) as Promise<Result<ChannelResult<C>>>
  },

  /** Calls a channel and returns its value, or throws a BridgeError. */
  async invoke<C extends ChannelName>(channel: C, ...args: Args<C>): Promise<ChannelResult<C>> {
    const result = await bridge.call(channel, ...args)
    if (!result.ok) throw new BridgeError(result.error)
    return result.value
  },

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    return current().on(event, listener as (payload: unknown) => void)
  },

  /** Whether files main serves (pictures, granted media) must be fetched rather than linked. */
  get fetchesOwnFiles(): boolean {
    return current().fetchOwn !== undefined
  },

  /** A request to main's own routes (uploads, pictures, media), carrying the transport's proof if it needs one. */
  fetchOwn(path: string, init?: RequestInit): Promise<Response> {
    const used = current()
    return used.fetchOwn ? used.fetchOwn(path, init) : fetch(path, init)
  },

  /** False when web mode's server refuses this page's secret (a bookmark, or a restarted server). */
  sessionValid(): Promise<boolean> {
    return current().checkSession?.() ?? Promise.resolve(true)
  },

  /** Called when the server starts refusing the page's secret mid-session. */
  onSessionRejected(listener: () => void): () => void {
    rejectedListeners.add(listener)
    return () => rejectedListeners.delete(listener)
  },
}
