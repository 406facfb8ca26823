import { randomBytes } from 'node:crypto'
import { AppError, type AppErrorData } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { OutboxAction } from '@shared/channels/outbox'
import type { HistoryEntry, OutboxItemView, StorySummary } from '@shared/story/records'
import { decide } from './outbox-decisions'
import { OutboxCore, type AttemptOutcome, type NewStory, type OutboxOptions, type StoryPublisher } from './outbox-core'
import { OutboxDrain } from './outbox-drain'
import type { OutboxItem } from './outbox-item'
import { OutboxRecovery } from './outbox-recovery'
import { OutboxSchedule, refusal, type ScheduleEdit } from './outbox-schedule'
import { OutboxSender } from './outbox-sender'
import type { StoryReader } from './reconcile'

export type { AttemptOutcome, NewStory, OutboxOptions, OutboxTimers, StoryPublisher } from './outbox-core'
export type { ScheduleEdit } from './outbox-schedule'

const UNKNOWN_AFTER_RESTORE: AppErrorData = { code: 'unknown-outcome', text: userText('storyErrors.outbox.unknownAfterRestore') }

/**
 * Stories on their way out, for one account. Each item follows a state machine written to its
 * store before every network attempt:
 *
 *   queued --claim--> sending --> sent (recorded in history, then removed)
 *                        |------> queued  (provably not sent: offline, unreachable)
 *                        |------> failed  (refused by the server; the user may send again)
 *                        '------> unknown (may have been published: looked for on the server,
 *                                          then left to the user)
 *
 * Which hand works on an item is the store's claim (store/outbox-store.ts), never a flag here:
 * concurrent triggers in this process or another engine over the same store cannot send one
 * story twice. An item found `sending` without a live claim was interrupted mid-request and
 * becomes `unknown`: it is never sent again without the user saying so.
 *
 * A story for later starts `scheduled` with its due instant (outbox-schedule.ts); the queue going
 * out is outbox-drain.ts, one attempt outbox-sender.ts, lapsed claims and unknown outcomes
 * outbox-recovery.ts. Without a client (none yet, or its token is needed) the outbox keeps and
 * shows its items but sends nothing until `resume`.
 */
export class Outbox {
  readonly accountId: string
  readonly #core: OutboxCore
  readonly #schedule: OutboxSchedule
  readonly #sender: OutboxSender
  readonly #drain: OutboxDrain
  readonly #recovery: OutboxRecovery
  /** Whether the items were read: nothing is judged or sent before. */
  #loaded = false
  /** Whether the schedule was looked at since the items were loaded: the first look judges with the user's allowance only. */
  #scheduleLooked = false
  #unsubscribe: (() => void) | null = null

  constructor(options: OutboxOptions) {
    this.accountId = options.accountId
    this.#core = new OutboxCore(options)
    this.#schedule = new OutboxSchedule(this.#core, () => void this.drain())
    this.#sender = new OutboxSender(this.#core, () => this.#drain.scheduleRetry())
    this.#recovery = new OutboxRecovery(this.#core)
    this.#drain = new OutboxDrain(this.#core, this.#schedule, this.#sender, {
      before: () => this.#recovery.reapExpired(),
      unknown: () => this.#recovery.soon(),
    })
  }

  /** Whether it sends by itself now (it has a client and was not closed). */
  get sending(): boolean {
    return !this.#core.closed
  }

  /**
   * Loads the items, settles what an interrupted run left behind, then (with a client) listens
   * for the connection, judges the schedule and sends what is queued. Returns what could not be read.
   */
  async open(): Promise<string[]> {
    const core = this.#core
    const { items, setAside } = await core.store.open(this.accountId)
    core.adopt(items)
    for (const item of items)
      if (item.state === 'sent' && (await core.claim(item.id, 'edit', ['sent'], item.rev))) await core.finishSent(item)
    await this.#recovery.reapExpired()
    this.#loaded = true
    core.emit()
    if (!core.closed) {
      this.#listen()
      this.#recovery.soon()
      await this.#lookAtSchedule()
    }
    return setAside
  }

  /** Stops automatic sending (the account was closed, or its token is needed). A request already on its way finishes and is recorded as usual. */
  close(): void {
    this.#core.closed = true
    this.#unsubscribe?.()
    this.#unsubscribe = null
    this.#drain.stop()
    this.#schedule.stop()
    this.#recovery.stop()
  }

  /** The account's client, perhaps new (its token entered again): automatic sending goes on or resumes. */
  resume(publisher: StoryPublisher, reader: StoryReader | null = null): void {
    const core = this.#core
    core.publisher = publisher
    if (reader) core.reader = reader
    if (!core.closed) return
    core.closed = false
    // Before the items are read, open() does the rest.
    if (!this.#loaded) return
    this.#listen()
    this.#recovery.soon()
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
    return this.#core.known(id) !== undefined
  }

  /** The account's item for this request, as the store has it: a repeated publish finds its first item. */
  async findByRequest(requestId: string): Promise<OutboxItemView | null> {
    const item = await this.#core.store.findByRequest(this.accountId, requestId)
    return item ? this.#core.view(item) : null
  }

  /** The account's published story of this request, once its item is gone: a repeated publish is answered from it. */
  async publishedByRequest(requestId: string): Promise<HistoryEntry | null> {
    return (await this.#core.opts.history.list()).find((entry) => entry.requestId === requestId) ?? null
  }

  /** Whether any story waits to go by itself: planned for later, or queued for the connection. */
  hasWaiting(): boolean {
    return this.#core.items().some((item) => item.state === 'scheduled' || item.state === 'queued')
  }

  /**
   * Another engine may have changed the account's items (a shared store): reads them again,
   * settles lapsed claims, judges the schedule and sends what is due.
   */
  async wake(): Promise<void> {
    if (!this.#loaded) return
    await this.#core.refresh()
    if (this.#core.closed) return
    await this.#schedule.check({ running: true })
    await this.drain()
  }

  /**
   * Publishes a new story: written to the store first, then sent in its turn. Stories leave in
   * the order they were queued, so one published while others wait goes after them; while the
   * app knows it is offline it is queued without a try. With `uniqueDue` (a posting-queue slot)
   * a story already planned at that instant refuses it.
   */
  async publish(story: NewStory, signal?: AbortSignal, options: { uniqueDue?: boolean } = {}): Promise<AttemptOutcome> {
    const core = this.#core
    if (core.closed && story.dueAt === undefined) throw new Error('outbox: a story to send now needs a client')
    const now = core.nowIso()
    const item: OutboxItem = {
      version: 1,
      id: randomBytes(12).toString('base64url'),
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
    if (story.dueAt !== undefined)
      return { state: 'scheduled', item: await this.#schedule.hold(item, story.dueAt, story.mediaSource, options.uniqueDue ?? false) }
    if (!core.opts.connectivity.online) return this.#queueOffline(item, story.mediaSource)
    return this.#sendInTurn(item, story.mediaSource, signal)
  }

  /** The app already knows there is no network: no attempt, the retry timer and the reconnect take it from here. */
  async #queueOffline(item: OutboxItem, mediaSource: string | null): Promise<AttemptOutcome> {
    const core = this.#core
    const error: AppErrorData = { code: 'offline', text: userText('storyErrors.outbox.offline'), details: { published: false } }
    const next = new Date(core.timers.now() + this.#sender.retryDelay()).toISOString()
    const queued = await core.insert({ ...item, lastError: error, nextAttemptAt: next }, { mediaSource })
    this.#drain.scheduleRetry()
    return { state: 'queued', item: core.view(queued), error }
  }

  /**
   * The user waits on this story: it joins the queue with its waiter registered first, so the run
   * that claims it (this press's or any other trigger's) attempts it as the user's, and says so.
   */
  async #sendInTurn(item: OutboxItem, mediaSource: string | null, signal: AbortSignal | undefined): Promise<AttemptOutcome> {
    const core = this.#core
    let outcome: AttemptOutcome | undefined
    const turn = new Promise<AttemptOutcome>((resolve) => this.#drain.waiters.set(item.id, { resolve, signal }))
    const onAbort = () => void this.#abandon(item)
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      // A store that refuses the write throws here: never attempted, and the user is told it was not sent.
      const claimed = await this.#insertClaimedIfFirst(item, mediaSource)
      if (claimed)
        // A failure before the request (the store refused a write) leaves it queued, for the drain to take as usual.
        await this.#drain.sendClaimed(claimed).catch((error: unknown) => core.logFailure('sending a story at once failed', error))
      else await core.insert(item, { mediaSource })
      // Each run sends oldest first; one that stops (no network, closed) leaves this story queued.
      await Promise.race([turn.then((value) => (outcome = value)), this.drain().then(() => this.idle())])
      outcome ??= await Promise.race([turn, Promise.resolve(undefined)])
      if (outcome === undefined) {
        const current = core.known(item.id)
        const error: AppErrorData = current?.lastError ?? { code: 'offline', text: userText('storyErrors.outbox.behindEarlier') }
        return { state: 'queued', item: core.view(current ?? item), error }
      }
      return outcome
    } finally {
      signal?.removeEventListener('abort', onAbort)
      this.#drain.waiters.delete(item.id)
    }
  }

  /**
   * On a shared store another engine's worker wakes for a story as soon as it is written: when
   * nothing of the account waits before it, the story is written already claimed to send, so this
   * press sends it as the user's and answers the outcome. Null: written the usual way, it waits its turn.
   */
  async #insertClaimedIfFirst(item: OutboxItem, mediaSource: string | null): Promise<OutboxItem | null> {
    const core = this.#core
    if (!core.shared || core.closed) return null
    if (core.items().some((other) => other.state === 'queued')) return null
    return core.insertToSend(item, mediaSource)
  }

  /** The user cancelled a story that waits for its turn: on its way it ends as it ends; still waiting, it goes away. */
  async #abandon(item: OutboxItem): Promise<void> {
    if (this.cancel(item.requestId)) return
    const claimed = await this.#core.claim(item.id, 'edit', ['queued'])
    if (!claimed) return
    await this.#core.drop(item.id)
    this.#drain.waiters.get(item.id)?.resolve({
      state: 'dropped',
      error: { code: 'cancelled', text: userText('storyErrors.publish.cancelled'), details: { published: false } },
    })
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

  duplicate(id: string, requestId: string, dueAt: string): Promise<OutboxItemView> {
    return this.#schedule.duplicate(id, requestId, dueAt)
  }

  /**
   * Takes back a story from a set-aside folder, already moved to its own folder name. It may
   * have gone out before the damage, so it is `unknown`: only the user sends it again.
   */
  async restore(item: OutboxItem): Promise<OutboxItemView> {
    const restored = await this.#core.insert(
      { ...item, state: 'unknown', nextAttemptAt: null, lastError: UNKNOWN_AFTER_RESTORE, rev: 0, claim: null },
      { mediaSource: null },
    )
    return this.#core.view(restored)
  }

  /** Stops the upload of a story being sent (interactively or from the queue). */
  cancel(requestId: string): boolean {
    return this.#sender.cancel(requestId)
  }

  /** Sends every queued item, oldest first, one at a time. Concurrent calls share one run. */
  drain(): Promise<void> {
    return this.#drain.run()
  }

  /** The user's decisions: send a queued or failed item now, resend an unknown one, mark it sent, discard. */
  async act(id: string, action: OutboxAction, rev?: number): Promise<OutboxItemView[]> {
    const core = this.#core
    if (!core.known(id)) throw new AppError('not-found', userText('storyErrors.outbox.itemGone'))
    // The claim is held until the decision is written: a second click (or a discard) meanwhile is refused.
    const item = await core.claim(id, 'edit', ['queued', 'failed', 'unknown', 'scheduled', 'missed'], rev)
    if (!item) throw await refusal(core, id, rev, new AppError('conflict', userText('storyErrors.outbox.beingSent')))
    try {
      await decide(core, this.#schedule, item, action)
    } finally {
      await core.letGo(id)
    }
    if (action === 'send-now' || action === 'send-again') void this.drain()
    return this.list()
  }

  /** Settles after every run in progress: for tests and an orderly shutdown. */
  async idle(): Promise<void> {
    await this.#schedule.settled()
    await this.#drain.idle()
    await this.#recovery.settled()
  }
}
