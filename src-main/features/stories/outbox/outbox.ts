import { randomBytes } from 'node:crypto'
import { AppError, type AppErrorData } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { OutboxAction } from '@shared/channels/outbox'
import type { OutboxItemView, StorySummary } from '@shared/story/records'
import { storyNotWritten } from './disk-failure'
import { decide } from './outbox-decisions'
import { OutboxCore, type AttemptOutcome, type NewStory, type OutboxOptions, type StoryPublisher } from './outbox-core'
import type { OutboxItem } from './outbox-item'
import { OutboxSchedule, type ScheduleEdit } from './outbox-schedule'
import { OutboxSender } from './outbox-sender'

export type { AttemptOutcome, ConnectivityPort, NewStory, OutboxOptions, OutboxTimers, StoryPublisher } from './outbox-core'
export type { ScheduleEdit } from './outbox-schedule'

const UNKNOWN_AFTER_STOP: AppErrorData = { code: 'unknown-outcome', text: userText('storyErrors.outbox.unknownAfterStop') }
const UNKNOWN_AFTER_RESTORE: AppErrorData = { code: 'unknown-outcome', text: userText('storyErrors.outbox.unknownAfterRestore') }

/**
 * Stories on their way out, for one account. Each item follows a state machine written to
 * disk before every network attempt:
 *
 *   queued --claim--> sending --> sent (recorded in history, then removed)
 *                        |------> queued  (provably not sent: offline, unreachable)
 *                        |------> failed  (refused by the server; the user may send again)
 *                        '------> unknown (may have been published; the user decides)
 *
 * A claim needs the item to be `queued` and not locked in memory, and both are checked and
 * set in one synchronous step, so concurrent triggers (reconnect, timer, start-up, a click)
 * cannot send it twice. An item found `sending` at start-up was interrupted mid-request and
 * becomes `unknown`: it is never sent again without the user saying so.
 *
 * A story for later starts `scheduled` with its due instant (outbox-schedule.ts); the sending
 * itself is outbox-sender.ts. Without a client (none yet, or its token is needed) the outbox
 * keeps and shows its items but sends nothing until `resume`.
 */
export class Outbox {
  readonly accountId: string
  readonly #core: OutboxCore
  readonly #schedule: OutboxSchedule
  readonly #sender: OutboxSender
  /** Interactive publishes waiting for their turn in the queue, by item id. */
  readonly #waiters = new Map<string, (outcome: AttemptOutcome) => void>()
  #draining: Promise<void> | null = null
  #drainAgain = false
  #retryTimer: unknown = null
  /** Whether the items were read from disk: nothing is judged or sent before. */
  #loaded = false
  /** Whether the schedule was looked at since the items were loaded: the first look judges with the user's allowance only. */
  #scheduleLooked = false
  #unsubscribe: (() => void) | null = null

  constructor(options: OutboxOptions) {
    this.accountId = options.accountId
    this.#core = new OutboxCore(options)
    this.#schedule = new OutboxSchedule(this.#core, () => void this.drain())
    this.#sender = new OutboxSender(this.#core, () => this.#scheduleRetry())
  }

  /** Whether it sends by itself now (it has a client and was not closed). */
  get sending(): boolean {
    return !this.#core.closed
  }

  /**
   * Loads the items, settles what an interrupted run left behind, then (with a client) listens
   * for the connection, judges the schedule and sends what is queued. Returns folders that
   * could not be read.
   */
  async open(): Promise<string[]> {
    const core = this.#core
    const { items, setAside } = await core.files.loadAll(new Date(core.timers.now()))
    for (const item of items) {
      if (item.state === 'sending') {
        await core.save({ ...item, state: 'unknown', lastError: UNKNOWN_AFTER_STOP })
      } else if (item.state === 'sent') {
        await core.finishSent(item)
      } else {
        core.items.set(item.id, item)
      }
    }
    this.#loaded = true
    core.emit()
    if (!core.closed) {
      this.#listen()
      await this.#lookAtSchedule()
    }
    return setAside
  }

  /**
   * Stops automatic sending (the account was closed, or its token is needed). A request
   * already on its way finishes and is recorded as usual.
   */
  close(): void {
    this.#core.closed = true
    this.#unsubscribe?.()
    this.#unsubscribe = null
    if (this.#retryTimer !== null) this.#core.timers.clearTimeout(this.#retryTimer)
    this.#retryTimer = null
    this.#schedule.stop()
  }

  /** The account's client, perhaps new (its token entered again): automatic sending goes on or resumes. */
  resume(publisher: StoryPublisher): void {
    const core = this.#core
    core.publisher = publisher
    if (!core.closed) return
    core.closed = false
    // Before the items are read, open() does the rest.
    if (!this.#loaded) return
    this.#listen()
    void this.#lookAtSchedule()
    void this.drain()
  }

  /** Whatever was due while nothing was sending is judged with the user's allowance only, the first time. */
  #lookAtSchedule(): Promise<void> {
    const running = this.#scheduleLooked
    this.#scheduleLooked = true
    return this.#schedule.check({ running })
  }

  #listen(): void {
    this.#unsubscribe?.()
    this.#unsubscribe = this.#core.opts.connectivity.onChange((online) => {
      if (online) void this.drain()
    })
  }

  list(): OutboxItemView[] {
    return this.#core.list()
  }

  has(id: string): boolean {
    return this.#core.items.has(id)
  }

  findByRequest(requestId: string): OutboxItemView | null {
    for (const item of this.#core.items.values()) if (item.requestId === requestId) return this.#core.view(item)
    return null
  }

  /** Whether any story waits to go by itself: planned for later, or queued for the connection. */
  hasWaiting(): boolean {
    for (const item of this.#core.items.values()) if (item.state === 'scheduled' || item.state === 'queued') return true
    return false
  }

  /**
   * Publishes a new story: written to the outbox first, then sent under its lock. Stories
   * leave in the order they were queued, so one published while others wait goes after
   * them; while the app knows it is offline it is queued without a try.
   */
  async publish(story: NewStory, signal?: AbortSignal): Promise<AttemptOutcome> {
    const core = this.#core
    if (core.closed && story.dueAt === undefined) throw new Error('outbox: a story to send now needs a client')
    const id = randomBytes(12).toString('base64url')
    // Locked before it exists, so no drain can take it between writing and sending.
    core.locked.add(id)
    try {
      const waiting = core.queued().length > 0 || this.#draining !== null
      const offline = !core.opts.connectivity.online
      try {
        await core.files.prepare(id, story.mediaSource)
      } catch (error) {
        core.logFailure('outbox item not prepared', error)
        throw storyNotWritten(error)
      }
      const now = core.nowIso()
      const item: OutboxItem = {
        version: 1,
        id,
        requestId: story.requestId,
        state: 'queued',
        createdAt: now,
        updatedAt: now,
        attempts: 0,
        payload: story.payload,
        summary: story.summary,
        lastError: null,
        result: null,
        nextAttemptAt: null,
        dueAt: null,
        rev: 0,
        claim: null,
      }
      if (story.dueAt !== undefined) return { state: 'scheduled', item: await this.#schedule.hold(item, story.dueAt) }
      if (offline) return await this.#queueOffline(item)
      await core.save(item)
      if (waiting) return await this.#awaitTurn(item, signal)
      return await this.#sender.attempt(item, { interactive: true, ...(signal && { signal }) })
    } catch (error) {
      // Never attempted (the disk refused a write): the user is told it was not sent, so nothing stays behind to go later.
      const current = core.items.get(id)
      if (!current || current.state === 'queued') await core.drop(id)
      throw error
    } finally {
      core.locked.delete(id)
      this.#waiters.delete(id)
    }
  }

  /** The app already knows there is no network: no attempt, the retry timer and the reconnect take it from here. */
  async #queueOffline(item: OutboxItem): Promise<AttemptOutcome> {
    const core = this.#core
    const error: AppErrorData = { code: 'offline', text: userText('storyErrors.outbox.offline'), details: { published: false } }
    const next = new Date(core.timers.now() + this.#sender.retryDelay()).toISOString()
    const queued = await core.save({ ...item, lastError: error, nextAttemptAt: next })
    this.#scheduleRetry()
    return { state: 'queued', item: core.view(queued), error }
  }

  /** Earlier stories are waiting: this one goes after them, and the caller hears what became of it. */
  async #awaitTurn(item: OutboxItem, signal: AbortSignal | undefined): Promise<AttemptOutcome> {
    const core = this.#core
    const turn = new Promise<AttemptOutcome>((resolve) => this.#waiters.set(item.id, resolve))
    const onAbort = () => {
      // On its way: the attempt ends as it ends (cancelled, or unknown once the body is out).
      if (this.cancel(item.requestId)) return
      // Still waiting in line: it never left, so it goes away.
      if (core.items.get(item.id)?.state !== 'queued' || core.locked.has(item.id)) return
      core.locked.add(item.id)
      void core.drop(item.id)
      this.#waiters.get(item.id)?.({
        state: 'dropped',
        error: { code: 'cancelled', text: userText('storyErrors.publish.cancelled'), details: { published: false } },
      })
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    core.locked.delete(item.id)
    try {
      let outcome: AttemptOutcome | undefined
      // Each drain sends oldest first; one that stops (no network, closed) leaves this story queued.
      await Promise.race([turn.then((value) => (outcome = value)), this.drain().then(() => this.idle())])
      outcome ??= await Promise.race([turn, Promise.resolve(undefined)])
      if (outcome === undefined) {
        const current = core.items.get(item.id)
        const error: AppErrorData = current?.lastError ?? { code: 'offline', text: userText('storyErrors.outbox.behindEarlier') }
        return { state: 'queued', item: core.view(current ?? item), error }
      }
      if (outcome.state === 'failed') {
        // Refused while the user waited for it: said now, as an interactive refusal is, and not kept.
        await core.drop(item.id)
        return { state: 'dropped', error: outcome.error }
      }
      return outcome
    } finally {
      signal?.removeEventListener('abort', onAbort)
    }
  }

  /** Looks at the planned stories against the clock (the computer woke, the clock may have moved). */
  checkSchedule(options: { running: boolean }): Promise<void> {
    return this.#schedule.check(options)
  }

  nextDue(): { id: string; dueAt: string; summary: StorySummary } | null {
    return this.#schedule.nextDue()
  }

  editScheduled(id: string, edit: ScheduleEdit): Promise<OutboxItemView> {
    return this.#schedule.edit(id, edit)
  }

  duplicate(id: string, requestId: string, dueAt: number): Promise<OutboxItemView> {
    return this.#schedule.duplicate(id, requestId, dueAt)
  }

  /**
   * Takes back a story from a set-aside folder, already moved to its own folder name. It
   * may have gone out before the damage, so it is `unknown`: only the user sends it again.
   */
  async restore(item: OutboxItem): Promise<OutboxItemView> {
    const restored = await this.#core.save({
      ...item,
      state: 'unknown',
      nextAttemptAt: null,
      lastError: UNKNOWN_AFTER_RESTORE,
    })
    return this.#core.view(restored)
  }

  /** Stops the upload of a story being sent (interactively or from the queue). */
  cancel(requestId: string): boolean {
    return this.#sender.cancel(requestId)
  }

  /** Sends every queued item, oldest first, one at a time. Concurrent calls share one run. */
  drain(): Promise<void> {
    const core = this.#core
    if (core.closed) return Promise.resolve()
    if (this.#draining) {
      this.#drainAgain = true
      return this.#draining
    }
    const run = (async () => {
      do {
        this.#drainAgain = false
        for (const item of core.queued()) {
          if (core.closed) return
          const current = core.items.get(item.id)
          if (!current || current.state !== 'queued' || core.locked.has(item.id)) continue
          core.locked.add(item.id)
          try {
            if (await this.#schedule.tooLate(current)) continue
            const outcome = await this.#sender.attempt(current, { interactive: false })
            this.#waiters.get(current.id)?.(outcome)
            core.opts.onOutcome?.(outcome)
            // Still no connection: the rest would fail the same way.
            if (outcome.state === 'queued') return
          } finally {
            core.locked.delete(item.id)
          }
        }
      } while (this.#drainAgain && !core.closed)
    })()
    this.#draining = run
      .catch((error: unknown) => core.log.error('outbox drain failed', { error: String(error) }))
      .finally(() => {
        this.#draining = null
        this.#scheduleRetry()
      })
    return this.#draining
  }

  /** The user's decisions: send a queued or failed item now, resend an unknown one, mark it sent, discard. */
  async act(id: string, action: OutboxAction): Promise<OutboxItemView[]> {
    const core = this.#core
    const item = core.items.get(id)
    if (!item) throw new AppError('not-found', userText('storyErrors.outbox.itemGone'))
    if (core.locked.has(id) || item.state === 'sending') throw new AppError('conflict', userText('storyErrors.outbox.beingSent'))
    // Held until the decision is on disk: a second click (or a discard) arriving meanwhile would
    // otherwise act on the same stale item and could write `queued` over a request in flight.
    core.locked.add(id)
    try {
      await decide(core, this.#schedule, item, action)
    } finally {
      core.locked.delete(id)
    }
    if (action === 'send-now' || action === 'send-again') void this.drain()
    return this.list()
  }

  /** Settles after every run in progress: for tests and an orderly shutdown. */
  async idle(): Promise<void> {
    await this.#schedule.settled()
    while (this.#draining) await this.#draining
  }

  /** While something waits for the connection, try again on a backoff, in case no other request notices it is back. */
  #scheduleRetry(): void {
    const core = this.#core
    if (core.closed || this.#retryTimer !== null) return
    const waiting = core.queued()
    if (waiting.length === 0) return
    const due = Math.min(...waiting.map((item) => (item.nextAttemptAt ? Date.parse(item.nextAttemptAt) : core.timers.now())))
    this.#retryTimer = core.timers.setTimeout(
      () => {
        this.#retryTimer = null
        void this.drain()
      },
      Math.max(0, due - core.timers.now()),
    )
  }
}
