import type { Handlers } from './dispatch'
import type { EventHub } from './events'
import { type AppIdentity, appHandlers } from './handlers/app'
import type { Logger } from './services/log'

/**
 * Everything the services need from the outside world. The Electron entry fills it with
 * adapters (net.fetch, safeStorage, electron-store, dialogs); the web entry with plain Node
 * equivalents. Nothing below this line knows which.
 */
export interface CorePorts {
  identity: AppIdentity
  /** Where per-user data lives (settings, caches, outbox). */
  dataDir: string
  fetch: typeof fetch
  log: Logger
  events: EventHub
}

export interface AppCore {
  handlers: Handlers
  /** Work that starts after the first window can talk to us (background sync, outbox). */
  start(): Promise<void>
  dispose(): Promise<void>
}

export async function createAppCore(ports: CorePorts): Promise<AppCore> {
  const handlers: Handlers = {
    ...appHandlers(ports.identity),
  }
  return {
    handlers,
    start: async () => {},
    dispose: async () => {},
  }
}
