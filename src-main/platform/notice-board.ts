import type { AppNotice } from '@shared/channels/app'
import type { EventName, EventPayload } from '@shared/channels/contract'
import { EventHub, type EventListener } from './events'

/** Notices kept at most; the oldest go first past this. */
const MAX_KEPT = 50
/** Clients whose reading is remembered; the one heard from longest ago is forgotten first (it sees the kept notices again). */
const MAX_CLIENTS = 64

/**
 * Notices kept until each client (a window, a page) says it has shown them. Start-up finds
 * damaged files before any window or web page listens, so an event alone would reach nobody;
 * and each client reads them for itself, so a second window still shows what the first read.
 */
export class NoticeBoard {
  readonly #items: Required<AppNotice>[] = []
  /** Client → the ids of the kept notices it read. */
  readonly #read = new Map<string, Set<number>>()
  readonly #now: () => Date
  #next = 1

  constructor(now: () => Date = () => new Date()) {
    this.#now = now
  }

  add(notice: AppNotice): Required<AppNotice> {
    const kept = { level: notice.level, text: notice.text, id: this.#next++, at: this.#now().toISOString() }
    this.#items.push(kept)
    if (this.#items.length > MAX_KEPT) {
      const gone = this.#items.splice(0, this.#items.length - MAX_KEPT)
      for (const read of this.#read.values()) for (const item of gone) read.delete(item.id)
    }
    return kept
  }

  /** The kept notices this client has not read yet. */
  unread(client: string): Required<AppNotice>[] {
    const read = this.#read.get(client)
    return this.#items.filter((item) => !read?.has(item.id)).map((item) => ({ ...item }))
  }

  markRead(client: string, ids: readonly number[]): void {
    const kept = new Set(this.#items.map((item) => item.id))
    const read = this.#read.get(client) ?? new Set<number>()
    for (const id of ids) if (kept.has(id)) read.add(id)
    // Heard from now: the last to be forgotten.
    this.#read.delete(client)
    this.#read.set(client, read)
    while (this.#read.size > MAX_CLIENTS) this.#read.delete(this.#read.keys().next().value!)
  }
}

/** The services' event hub: forwards everything, and keeps each notice (with its id) on the board. */
export class NoticeKeepingHub extends EventHub {
  readonly #inner: EventHub
  readonly #board: NoticeBoard

  constructor(inner: EventHub, board: NoticeBoard) {
    super()
    this.#inner = inner
    this.#board = board
  }

  override emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    if (name === 'app:notice') {
      this.#inner.emit('app:notice', this.#board.add(payload as AppNotice))
      return
    }
    this.#inner.emit(name, payload)
  }

  override subscribe(listener: EventListener): () => void {
    return this.#inner.subscribe(listener)
  }
}
