import type { OutboxItem } from '../../../account/files/formats/outbox-item'
import type { OutboxCore, AttemptOutcome } from './outbox-core'
import type { OutboxSchedule } from './outbox-schedule'
import type { OutboxSender } from './outbox-sender'

/** Someone waits on one story's attempt: the user who pressed Publish, with their cancel. */
export interface Waiter {
  resolve(outcome: AttemptOutcome): void
  signal: AbortSignal | undefined
}

/** Before each run, what lapsed is settled; after an attempt left a story unknown, it is looked for (outbox-recovery.ts). */
export interface DrainHooks {
  before(): Promise<void>
  unknown(): void
}

/**
 * The account's queue going out: the store hands over the next story to send, one at a time
 * (its claim is the turn), oldest first, until none waits or the network is gone. Concurrent
 * triggers (reconnect, timer, a press, another engine's wake-up) share one run here, and the
 * store's claim keeps two runs anywhere from sending one story, or two of one account at once.
 */
export class OutboxDrain {
  readonly #core: OutboxCore
  readonly #schedule: OutboxSchedule
  readonly #sender: OutboxSender
  readonly #hooks: DrainHooks
  /** Publishes whose user waits for the outcome, by item id. */
  readonly waiters = new Map<string, Waiter>()
  #running: Promise<void> | null = null
  #again = false
  #retryTimer: unknown = null

  constructor(core: OutboxCore, schedule: OutboxSchedule, sender: OutboxSender, hooks: DrainHooks) {
    this.#core = core
    this.#schedule = schedule
    this.#sender = sender
    this.#hooks = hooks
  }

  get running(): boolean {
    return this.#running !== null
  }

  /** Sends every queued story, oldest first, one at a time. Concurrent calls share one run. */
  run(): Promise<void> {
    const core = this.#core
    if (core.closed) return Promise.resolve()
    if (this.#running) {
      this.#again = true
      return this.#running
    }
    this.#running = this.#loop()
      .catch((error: unknown): DrainEnd => {
        core.log.error('outbox drain failed', { error: String(error) })
        return 'failed'
      })
      .then((end) => {
        this.#running = null
        this.scheduleRetry(end)
      })
    return this.#running
  }

  /** Settles after the run in progress (and any it started again). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running
  }

  async #loop(): Promise<DrainEnd> {
    const core = this.#core
    do {
      this.#again = false
      await this.#hooks.before()
      for (;;) {
        if (core.closed) return 'done'
        const item = await core.claimNext()
        if (!item) break
        const outcome = await this.#send(item)
        // Still no connection: the rest would fail the same way.
        if (outcome?.state === 'queued') return 'offline'
      }
    } while (this.#again && !core.closed)
    // Queued stories the store would not hand over are held by another send of the account (here or another engine's).
    return core.items().some((item) => item.state === 'queued') ? 'held' : 'done'
  }

  /** Attempts a story this engine claimed to send outside a run (the user's press); its claim is let go after. */
  sendClaimed(item: OutboxItem): Promise<AttemptOutcome | null> {
    return this.#send(item)
  }

  /** One claimed story: too late to go by itself, or attempted; the claim is let go whatever happens. */
  async #send(item: OutboxItem): Promise<AttemptOutcome | null> {
    const core = this.#core
    const id = item.id
    try {
      if (await this.#schedule.tooLate(item)) return null
      const waiter = this.waiters.get(id)
      const outcome = await this.#sender.attempt(item, {
        interactive: waiter !== undefined,
        ...(waiter?.signal && { signal: waiter.signal }),
      })
      // The user who waits hears it in the answer; a story that went by itself is told as a notification.
      if (waiter) waiter.resolve(outcome)
      else core.opts.onOutcome?.(outcome)
      if (outcome.state === 'unknown') this.#hooks.unknown()
      return outcome
    } finally {
      await core.letGo(id)
    }
  }

  stop(): void {
    if (this.#retryTimer !== null) this.#core.timers.clearTimeout(this.#retryTimer)
    this.#retryTimer = null
  }

  /**
   * While something waits, try again when it is due, in case no other request notices the
   * connection is back. However the run ended, the next one waits at least a floor: a story held
   * by another send, or a run that failed, never turns the retry into a busy loop.
   */
  scheduleRetry(end: DrainEnd = 'done'): void {
    const core = this.#core
    if (core.closed || this.#retryTimer !== null) return
    const waiting = core.items().filter((item) => item.state === 'queued')
    if (waiting.length === 0) return
    const now = core.timers.now()
    const due = Math.min(...waiting.map((item) => dueAgain(item, now)))
    this.#retryTimer = core.timers.setTimeout(
      () => {
        this.#retryTimer = null
        void this.run()
      },
      Math.max(this.#floor(end), due - now),
    )
  }

  #floor(end: DrainEnd): number {
    if (end === 'offline') return this.#sender.retryDelay()
    if (end === 'done') return 0
    return this.#core.opts.retry?.firstMs ?? DEFAULT_RETRY_FIRST_MS
  }
}

/** How a drain run ended: nothing left, the network gone, the account's turn held elsewhere, or the run failed. */
export type DrainEnd = 'done' | 'offline' | 'held' | 'failed'

const DEFAULT_RETRY_FIRST_MS = 10_000

/** When a queued story is worth another look: after its backoff, and after a live claim on it lapses. */
function dueAgain(item: OutboxItem, now: number): number {
  // An instant that does not read is no reason to wait, nor to spin: the floor covers it.
  const at = (iso: string | null | undefined): number => {
    const ms = iso ? Date.parse(iso) : Number.NaN
    return Number.isFinite(ms) ? ms : now
  }
  return Math.max(at(item.nextAttemptAt), at(item.claim?.expiresAt), now)
}
