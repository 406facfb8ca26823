import type { AppErrorData } from '@shared/errors'
import type { HistoryEntry } from '@shared/story/records'
import { userText } from '@shared/i18n/user-text'
import type { OutboxCore } from './outbox-core'
import type { OutboxItem } from './outbox-item'
import { checksOf, findOnServer, RECONCILE_DELAYS_MS } from './reconcile'

const UNKNOWN_AFTER_STOP: AppErrorData = { code: 'unknown-outcome', text: userText('storyErrors.outbox.unknownAfterStop') }

/**
 * What lapsed or stayed unsure, settled: a claim whose holder is gone (a process killed, a send
 * that outlived its lease) and the unknown outcomes, looked for on the server. Nothing here
 * sends a story: an item found `sending` without a live claim may have reached its server and
 * becomes `unknown`; an unknown one the server lists becomes sent; one it does not list stays
 * unknown, saying so, for the user.
 */
export class OutboxRecovery {
  readonly #core: OutboxCore
  #timer: unknown = null
  #checking: Promise<void> | null = null

  constructor(core: OutboxCore) {
    this.#core = core
  }

  /** Settles every lapsed claim of the account: `sending` becomes unknown, `sent` is recorded, anything else is free again. */
  async reapExpired(): Promise<void> {
    const core = this.#core
    const lapsed = await core.store.expired(core.accountId, core.timers.now())
    let unknown = false
    for (const item of lapsed) {
      const claimed = await core.claim(item.id, 'edit', [item.state], item.rev)
      if (!claimed) continue
      if (claimed.state === 'sending') {
        await core.save({ ...claimed, state: 'unknown', nextAttemptAt: null, lastError: UNKNOWN_AFTER_STOP }, { release: true })
        unknown = true
      } else if (claimed.state === 'sent') {
        // Its engine died after it was published and before it was recorded: recorded here, once.
        await core.finishSent(claimed)
      } else await core.save(claimed, { release: true })
    }
    if (unknown) this.soon()
  }

  /** Looks for the unknown outcomes on the server after the next delay each is due. */
  soon(): void {
    const core = this.#core
    if (core.closed || !core.reader) return
    this.stop()
    const waits = core
      .items()
      .filter((item) => item.state === 'unknown' && checksOf(item) < RECONCILE_DELAYS_MS.length)
      .map((item) => RECONCILE_DELAYS_MS[checksOf(item)]!)
    if (waits.length === 0) return
    this.#timer = core.timers.setTimeout(
      () => {
        this.#timer = null
        void this.reconcile()
      },
      Math.min(...waits),
    )
  }

  stop(): void {
    if (this.#timer !== null) this.#core.timers.clearTimeout(this.#timer)
    this.#timer = null
  }

  /** Settles after the look in progress. */
  async settled(): Promise<void> {
    while (this.#checking) await this.#checking
  }

  /** One look at the server for every unknown outcome still to be looked for. */
  reconcile(): Promise<void> {
    this.#checking ??= this.#reconcile()
      .catch((error: unknown) => this.#core.logFailure('reconciling unknown outcomes failed', error))
      .finally(() => {
        this.#checking = null
        this.soon()
      })
    return this.#checking
  }

  async #reconcile(): Promise<void> {
    const core = this.#core
    const reader = core.reader
    if (!reader || core.closed) return
    const unsure = core.items().filter((item) => item.state === 'unknown' && checksOf(item) < RECONCILE_DELAYS_MS.length)
    if (unsure.length === 0) return
    const history = await core.opts.history.list()
    // Its publication reached the history before the store heard of it (the database was away
    // when the answer came, or the engine died between the two): it is sent, by its own record.
    const known = new Map(history.map((entry) => [entry.id, entry]))
    const lookedFor = unsure.filter((item) => !known.has(item.id))
    for (const item of unsure) {
      const entry = known.get(item.id)
      if (entry) await this.#recorded(item, entry)
    }
    if (lookedFor.length === 0) return
    const recorded = new Set(history.flatMap((entry) => (entry.messageId ? [entry.messageId] : [])))
    const found = await findOnServer(reader, lookedFor, recorded, core.timers.now())
    for (const item of lookedFor) await this.#settle(item, found.get(item.id) ?? null)
  }

  async #recorded(item: OutboxItem, entry: HistoryEntry): Promise<void> {
    const core = this.#core
    const claimed = await core.claim(item.id, 'edit', ['unknown'], item.rev)
    if (!claimed) return
    await core.finishSent({ ...claimed, result: { messageId: entry.messageId, messageStatus: entry.messageStatus } }, entry.confirmation)
  }

  async #settle(item: OutboxItem, story: { id: string; status: string | null } | null): Promise<void> {
    const core = this.#core
    const claimed = await core.claim(item.id, 'edit', ['unknown'], item.rev)
    if (!claimed) return
    if (story) {
      await core.finishSent({ ...claimed, result: { messageId: story.id, messageStatus: story.status } }, 'reconciled')
      return
    }
    const checks = checksOf(claimed) + 1
    const lastError: AppErrorData = {
      code: 'unknown-outcome',
      text: userText('storyErrors.outbox.unknownNotListed', { at: core.nowIso() }),
      details: { ...claimed.lastError?.details, serverChecks: checks },
    }
    await core.save({ ...claimed, lastError }, { release: true })
  }
}
