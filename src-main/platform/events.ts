import type { EventName, EventPayload } from '@shared/channels/contract'

export type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void

/**
 * Services emit renderer events here without knowing the transport; the window (IPC) and
 * every open web-mode event stream subscribe.
 */
export class EventHub {
  private readonly listeners = new Set<EventListener>()

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) listener(name, payload)
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
