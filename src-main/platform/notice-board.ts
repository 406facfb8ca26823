import type { AppNotice } from '@shared/channels/app'
import type { EventName, EventPayload } from '@shared/channels/contract'
import { EventHub, type EventListener } from './events'

/** Notices kept unread at most; the oldest go first past this. */
const MAX_KEPT = 50

/**
 * Notices kept until a page says it has shown them. Start-up finds damaged files before
 * any window or web page listens, so an event alone would reach nobody.
 */
export class NoticeBoard {
  readonly #items: Required<AppNotice>[] = []
  readonly #now: () => Date
  #next = 1

  constructor(now: () => Date = () => new Date()) {
    this.#now = now
  }

  add(notice: AppNotice): Required<AppNotice> {
    const kept = { level: notice.level, text: notice.text, id: this.#next++, at: this.#now().toISOString() }
    this.#items.push(kept)
    if (this.#items.length > MAX_KEPT) this.#items.splice(0, this.#items.length - MAX_KEPT)
    return kept
  }

  unread(): Required<AppNotice>[] {
    return this.#items.map((item) => ({ ...item }))
  }

  markRead(ids: readonly number[]): void {
    const read = new Set(ids)
    for (let i = this.#items.length - 1; i >= 0; i--) if (read.has(this.#items[i]!.id)) this.#items.splice(i, 1)
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
