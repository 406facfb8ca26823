import type { OutboxItemEnd } from '@shared/channels/outbox'
import type { OutboxItemView, OutboxState } from '@shared/story/records'

/**
 * What became of the items that leave an account's outbox, said by main with the change that
 * takes them out, so no page has to guess it from the order two events arrive in. The outbox
 * writes a published story `sent` (and tells that change) before it records the history and
 * removes the item; an item that goes without having been `sent` was removed: discarded by the
 * user, or dropped when its server refused it while the user waited.
 */
export class OutboxEndings {
  /** Each account's items as its last change listed them: their ids and states. */
  readonly #last = new Map<string, Map<string, Pick<OutboxItemView, 'requestId' | 'state'>>>()

  /** The items of `accountId` that this change no longer lists, each with its end; remembers the change. */
  change(accountId: string, items: readonly OutboxItemView[]): OutboxItemEnd[] {
    const before = this.#last.get(accountId)
    const now = new Map(items.map((item) => [item.id, { requestId: item.requestId, state: item.state }]))
    this.#last.set(accountId, now)
    if (!before) return []
    const left: OutboxItemEnd[] = []
    for (const [id, item] of before) {
      if (now.has(id)) continue
      left.push({ id, requestId: item.requestId, outcome: endOf(item.state) })
    }
    return left
  }
}

function endOf(state: OutboxState): OutboxItemEnd['outcome'] {
  return state === 'sent' ? 'published' : 'removed'
}
