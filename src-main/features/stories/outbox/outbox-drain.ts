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
      .catch((error: unknown) => core.log.error('outbox drain failed', { error: String(error) }))
      .finally(() => {
        this.#running = null
        this.scheduleRetry()
      })
    return this.#running
  }

  /** Settles after the run in progress (and any it started again). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running
  }

  async #loop(): Promise<void> {
    const core = this.#core
    do {
      this.#again = false
      await this.#hooks.before()
      for (;;) {
        if (core.closed) return
        const item = await core.claimNext()
        if (!item) break
        const outcome = await this.#send(item.id)
        // Still no connection: the rest would fail the same way.
        if (outcome?.state === 'queued') return
      }
    } while (this.#again && !core.closed)
  }

  /** One claimed story: too late to go by itself, or attempted; the claim is let go whatever happens. */
  async #send(id: string): Promise<AttemptOutcome | null> {
    const core = this.#core
    try {
      const item = core.known(id)!
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

  /** While something waits for the connection, try again on a backoff, in case no other request notices it is back. */
  scheduleRetry(): void {
    const core = this.#core
    if (core.closed || this.#retryTimer !== null) return
    const waiting = core.items().filter((item) => item.state === 'queued')
    if (waiting.length === 0) return
    const due = Math.min(...waiting.map((item) => (item.nextAttemptAt ? Date.parse(item.nextAttemptAt) : core.timers.now())))
    this.#retryTimer = core.timers.setTimeout(
      () => {
        this.#retryTimer = null
        void this.run()
      },
      Math.max(0, due - core.timers.now()),
    )
  }
}
