import type { ChannelName, EventName } from '@shared/channels/contract'
import type { Result } from '@shared/errors'

/** How the bridge reaches main: Electron IPC through the preload, or HTTP in web mode. */
export interface Transport {
  readonly kind: 'ipc' | 'web'
  invoke(channel: ChannelName, arg: unknown): Promise<Result<unknown>>
  on(event: EventName, listener: (payload: unknown) => void): () => void
  /**
   * A request to main's own routes (media upload, pictures, granted media) with whatever proof
   * the transport needs. Absent where the page can load those URLs directly (the desktop app).
   */
  fetchOwn?(path: string, init?: RequestInit): Promise<Response>
  /** False when the server refuses this page's secret, so the page can say what to do. */
  checkSession?(): Promise<boolean>
}

export const LOST_CONTACT: Result<never> = {
  ok: false,
  error: { code: 'internal', text: { key: 'errors.bridge.lostContact' } },
}
