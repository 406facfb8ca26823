import { randomBytes } from 'node:crypto'
import { AppError, type AppErrorData, type ErrorCode } from '@shared/errors'
import type { OutboxAction } from '@shared/channels/stories'
import type { HistoryEntry, OutboxItemView, StorySummary } from '@shared/story/records'
import type { PublishStoryInput, PublishStoryResult, UploadProgress } from '../../../platform/api'
import type { HistoryStore } from '../history/history-store'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { storyNotWritten } from './disk-failure'
import { OutboxFiles } from './outbox-files'
import { viewOf, type OutboxItem, type StoryPayload } from './outbox-item'
import { canCopy, canUpload, uploadStep, type PublishStep } from './media-step'
import { judgeFailure } from './outcome'
import { graceFor, judgeDue, nextCheckIn, RUNNING_GRACE_MS } from './due-time'

/** The one call the outbox needs from the API client. */
export interface StoryPublisher {
  publishStory(
    input: PublishStoryInput,
    options?: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void; networkRetries?: boolean },
  ): Promise<PublishStoryResult>
}

/** Online/offline as learnt from requests (platform/net/connectivity.ts). */
export interface ConnectivityPort {
  readonly online: boolean
  reportSuccess(): void
  reportFailure(code: ErrorCode): void
  onChange(listener: (online: boolean) => void): () => void
}

export interface OutboxTimers {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const systemTimers: OutboxTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms)
    // A pending retry must not keep a process (web mode, a test) alive on its own.
    handle.unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export interface OutboxOptions {
  accountId: string
  accountDir: string
  publisher: StoryPublisher
  connectivity: ConnectivityPort
  history: HistoryStore
  onChange?: (items: OutboxItemView[]) => void
  onHistory?: () => void
  onProgress?: (requestId: string, progress: UploadProgress & { step?: PublishStep }) => void
  timers?: OutboxTimers
  log?: Logger
  /** Backoff of automatic attempts while the server cannot be reached. */
  retry?: { firstMs: number; maxMs: number }
  /** "Send if less than N minutes late" for a scheduled story found past its time (0: always ask). */
  lateSendMinutes?: () => number
  /** Scheduled stories found past their time, now `missed`, waiting for the user's decision. */
  onMissed?: (items: OutboxItemView[]) => void
  /** What became of a story sent without the user waiting on it (the queue, a schedule): for notifications. */
  onOutcome?: (outcome: AttemptOutcome) => void
}

/** What one attempt ended in, from the caller's side. */
export type AttemptOutcome =
  | { state: 'sent'; item: OutboxItemView; messageId: string | null; messageStatus: string | null }
  | { state: 'queued' | 'unknown' | 'failed'; item: OutboxItemView; error: AppErrorData }
  /** Refused or cancelled in an interactive publish: nothing was published and nothing is kept. */
  | { state: 'dropped'; error: AppErrorData }
  /** Written down to go at its due instant. */
  | { state: 'scheduled'; item: OutboxItemView }

export interface NewStory {
  requestId: string
  payload: StoryPayload
  summary: StorySummary
  /** The granted file to copy into the item (media stories). */
  mediaSource: string | null
  /** When given, the story is held until this instant (ms since the epoch, UTC) instead of sent now. */
  dueAt?: number
}

/** Changes the user may make to a story that has not gone yet. */
export interface ScheduleEdit {
  /** A new due instant (ms since the epoch, UTC). */
  dueAt?: number
  caption?: string
}

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
 * A story for later starts `scheduled` with its due instant and is never claimed as such: when
 * the clock (not a timer) says it is due it is written `queued` and follows the path above;
 * found later than the user allows, it becomes `missed` and waits for the user (due-time.ts).
 */
export class Outbox {
  readonly accountId: string
  readonly #files: OutboxFiles
  readonly #opts: OutboxOptions
  #publisher: StoryPublisher
  readonly #timers: OutboxTimers
  readonly #log: Logger
  readonly #items = new Map<string, OutboxItem>()
  readonly #locked = new Set<string>()
  readonly #controllers = new Map<string, AbortController>()
  /** Interactive publishes waiting for their turn in the queue, by item id. */
  readonly #waiters = new Map<string, (outcome: AttemptOutcome) => void>()
  #draining: Promise<void> | null = null
  #drainAgain = false
  #retryTimer: unknown = null
  #scheduleTimer: unknown = null
  /** One look at the schedule at a time: a resume and a timer arriving together take turns. */
  #checking: Promise<void> = Promise.resolve()
  #offlineStreak = 0
  #closed = false
  #unsubscribe: (() => void) | null = null

  constructor(options: OutboxOptions) {
    this.accountId = options.accountId
    this.#opts = options
    this.#publisher = options.publisher
    this.#files = new OutboxFiles(options.accountDir)
    this.#timers = options.timers ?? systemTimers
    this.#log = options.log ?? silentLogger
  }

  /**
   * Loads the items, settles what an interrupted run left behind, then listens for the
   * connection and sends what is queued. Returns folders that could not be read.
   */
  async open(): Promise<string[]> {
    const { items, setAside } = await this.#files.loadAll(new Date(this.#timers.now()))
    for (const item of items) {
      if (item.state === 'sending') {
        await this.#save({
          ...item,
          state: 'unknown',
          lastError: {
            code: 'unknown-outcome',
            message:
              'The app stopped while this story was being sent, so it cannot tell whether it was published. Check the account’s status, then mark it as sent, send it again or discard it.',
          },
        })
      } else if (item.state === 'sent') {
        await this.#finishSent(item)
      } else {
        this.#items.set(item.id, item)
      }
    }
    this.#listen()
    this.#emit()
    // Whatever was due while the app was not running is judged with the user's allowance only.
    await this.checkSchedule({ running: false })
    return setAside
  }

  /**
   * Stops automatic sending (the account is no longer the active one). A request already on
   * its way finishes and is recorded as usual.
   */
  close(): void {
    this.#closed = true
    this.#unsubscribe?.()
    if (this.#retryTimer !== null) this.#timers.clearTimeout(this.#retryTimer)
    this.#retryTimer = null
    if (this.#scheduleTimer !== null) this.#timers.clearTimeout(this.#scheduleTimer)
    this.#scheduleTimer = null
  }

  /** The account is active again, perhaps with a new token: automatic sending resumes. */
  resume(publisher: StoryPublisher): void {
    this.#publisher = publisher
    if (!this.#closed) return
    this.#closed = false
    this.#listen()
    void this.checkSchedule({ running: true })
    void this.drain()
  }

  #listen(): void {
    this.#unsubscribe?.()
    this.#unsubscribe = this.#opts.connectivity.onChange((online) => {
      if (online) void this.drain()
    })
  }

  list(): OutboxItemView[] {
    return [...this.#items.values()].map(viewOf)
  }

  get(id: string): OutboxItemView | null {
    const item = this.#items.get(id)
    return item ? viewOf(item) : null
  }

  findByRequest(requestId: string): OutboxItemView | null {
    for (const item of this.#items.values()) if (item.requestId === requestId) return viewOf(item)
    return null
  }

  /**
   * Publishes a new story: written to the outbox first, then sent under its lock. Stories
   * leave in the order they were queued, so one published while others wait goes after
   * them; while the app knows it is offline it is queued without a try.
   */
  async publish(story: NewStory, signal?: AbortSignal): Promise<AttemptOutcome> {
    const id = randomBytes(12).toString('base64url')
    // Locked before it exists, so no drain can take it between writing and sending.
    this.#locked.add(id)
    try {
      const waiting = this.#queued().length > 0 || this.#draining !== null
      const offline = !this.#opts.connectivity.online
      try {
        await this.#files.prepare(id, story.mediaSource)
      } catch (error) {
        this.#logFailure('outbox item not prepared', error)
        throw storyNotWritten(error)
      }
      const now = new Date(this.#timers.now()).toISOString()
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
      }
      if (story.dueAt !== undefined) return await this.#hold(item, story.dueAt)
      if (offline) return await this.#queueOffline(item)
      await this.#save(item)
      if (waiting) return await this.#awaitTurn(item, signal)
      return await this.#attempt(item, { interactive: true, ...(signal && { signal }) })
    } catch (error) {
      // Never attempted (the disk refused a write): the user is told it was not sent, so nothing stays behind to go later.
      const current = this.#items.get(id)
      if (!current || current.state === 'queued') {
        this.#items.delete(id)
        await this.#files.remove(id).catch(() => {})
        this.#emit()
      }
      throw error
    } finally {
      this.#locked.delete(id)
      this.#waiters.delete(id)
    }
  }

  /** A story for later: written down as `scheduled` with its instant, and the scheduler told. */
  async #hold(item: OutboxItem, dueAt: number): Promise<AttemptOutcome> {
    this.#requireFuture(dueAt)
    const scheduled = await this.#save({ ...item, state: 'scheduled', dueAt: new Date(dueAt).toISOString() })
    this.#armSchedule()
    return { state: 'scheduled', item: viewOf(scheduled) }
  }

  #requireFuture(dueAt: number): void {
    // A time picked a moment ago may pass while the user clicks; anything older is a mistake, not a plan.
    if (!Number.isFinite(dueAt) || dueAt < this.#timers.now() - RUNNING_GRACE_MS)
      throw new AppError('invalid-argument', 'That time has already passed. Pick a time in the future.')
  }

  /**
   * Looks at every scheduled story against the clock: due ones join the queue (written down
   * before anything is sent), ones too late for the allowance become `missed` for the user to
   * decide, and the timer is set for the next look. Called by the timer, on resume from sleep,
   * and at start-up (`running: false`: only the user's allowance counts then).
   */
  checkSchedule(options: { running: boolean }): Promise<void> {
    const run = this.#checking.then(() => this.#checkSchedule(options.running))
    this.#checking = run.catch((error: unknown) => this.#logFailure('schedule check failed', error))
    return this.#checking
  }

  async #checkSchedule(running: boolean): Promise<void> {
    if (this.#closed) return
    const grace = graceFor(this.#opts.lateSendMinutes?.() ?? 0, running)
    const missed: OutboxItemView[] = []
    let released = false
    for (const item of [...this.#items.values()]) {
      if (item.state !== 'scheduled' || item.dueAt === null || this.#locked.has(item.id)) continue
      const verdict = judgeDue(Date.parse(item.dueAt), this.#timers.now(), grace)
      if (verdict.kind === 'wait') continue
      this.#locked.add(item.id)
      try {
        if (verdict.kind === 'due') {
          // Queued on disk before the drain may claim it: the usual queued → sending path takes it from here.
          await this.#save({ ...item, state: 'queued', nextAttemptAt: null })
          released = true
        } else {
          missed.push(viewOf(await this.#save({ ...item, state: 'missed', nextAttemptAt: null })))
        }
      } finally {
        this.#locked.delete(item.id)
      }
    }
    if (missed.length > 0) this.#opts.onMissed?.(missed)
    this.#armSchedule()
    if (released) void this.drain()
  }

  /** Sets the one schedule timer for the next look; it is capped, so a clock that jumps is noticed. */
  #armSchedule(): void {
    if (this.#scheduleTimer !== null) this.#timers.clearTimeout(this.#scheduleTimer)
    this.#scheduleTimer = null
    if (this.#closed) return
    const dueTimes = [...this.#items.values()]
      .filter((item) => item.state === 'scheduled' && item.dueAt !== null)
      .map((item) => Date.parse(item.dueAt!))
    const delay = nextCheckIn(dueTimes, this.#timers.now())
    if (delay === null) return
    this.#scheduleTimer = this.#timers.setTimeout(() => {
      this.#scheduleTimer = null
      void this.checkSchedule({ running: true })
    }, delay)
  }

  /** The next scheduled story's instant, or null: for the tray and the quit question. */
  nextDue(): { id: string; dueAt: string; summary: StorySummary } | null {
    let next: OutboxItem | null = null
    for (const item of this.#items.values())
      if (item.state === 'scheduled' && item.dueAt !== null && (next === null || item.dueAt < next.dueAt!)) next = item
    return next ? { id: next.id, dueAt: next.dueAt!, summary: next.summary } : null
  }

  /** Reschedules or edits the caption of a story that has not gone yet (scheduled or missed). */
  async editScheduled(id: string, edit: ScheduleEdit): Promise<OutboxItemView> {
    const item = this.#items.get(id)
    if (!item) throw new AppError('not-found', 'That story is no longer in the outbox.')
    if (this.#locked.has(id) || (item.state !== 'scheduled' && item.state !== 'missed'))
      throw new AppError('conflict', 'Only a story that is still planned can be changed.')
    if (edit.dueAt !== undefined) this.#requireFuture(edit.dueAt)
    else if (item.state === 'missed') throw new AppError('invalid-argument', 'Its time has passed: pick a new time.')
    this.#locked.add(id)
    try {
      const changed = await this.#save({
        ...withCaption(item, edit.caption),
        state: 'scheduled',
        ...(edit.dueAt !== undefined && { dueAt: new Date(edit.dueAt).toISOString() }),
      })
      this.#armSchedule()
      return viewOf(changed)
    } finally {
      this.#locked.delete(id)
    }
  }

  /** A copy of a story not sent yet, planned for `dueAt` (its media copied too); the user then edits it. */
  async duplicate(id: string, requestId: string, dueAt: number): Promise<OutboxItemView> {
    const item = this.#items.get(id)
    if (!item) throw new AppError('not-found', 'That story is no longer in the outbox.')
    if (item.payload.kind === 'copy') throw new AppError('invalid-request', 'A repost cannot be duplicated.')
    this.#requireFuture(dueAt)
    const copyId = randomBytes(12).toString('base64url')
    this.#locked.add(copyId)
    try {
      try {
        await this.#files.prepare(copyId, item.payload.kind === 'media' ? this.#files.mediaPath(id) : null)
      } catch (error) {
        throw storyNotWritten(error)
      }
      const now = new Date(this.#timers.now()).toISOString()
      const payload: StoryPayload =
        item.payload.kind === 'media' ? { ...item.payload, media: withoutMediaId(item.payload.media) } : item.payload
      const copy = await this.#save({
        ...item,
        id: copyId,
        requestId,
        state: 'scheduled',
        createdAt: now,
        attempts: 0,
        payload,
        lastError: null,
        result: null,
        nextAttemptAt: null,
        dueAt: new Date(dueAt).toISOString(),
      })
      this.#armSchedule()
      return viewOf(copy)
    } finally {
      this.#locked.delete(copyId)
    }
  }

  /** The app already knows there is no network: no attempt, the retry timer and the reconnect take it from here. */
  async #queueOffline(item: OutboxItem): Promise<AttemptOutcome> {
    const error = {
      code: 'offline' as const,
      message: 'There is no connection right now. The story waits in the outbox and goes out by itself when the connection returns.',
      details: { published: false },
    }
    const next = new Date(this.#timers.now() + this.#retryDelay()).toISOString()
    const queued = await this.#save({ ...item, lastError: error, nextAttemptAt: next })
    this.#scheduleRetry()
    return { state: 'queued', item: viewOf(queued), error }
  }

  /** Earlier stories are waiting: this one goes after them, and the caller hears what became of it. */
  async #awaitTurn(item: OutboxItem, signal: AbortSignal | undefined): Promise<AttemptOutcome> {
    const turn = new Promise<AttemptOutcome>((resolve) => this.#waiters.set(item.id, resolve))
    const onAbort = () => {
      // On its way: the attempt ends as it ends (cancelled, or unknown once the body is out).
      if (this.cancel(item.requestId)) return
      // Still waiting in line: it never left, so it goes away.
      if (this.#items.get(item.id)?.state !== 'queued' || this.#locked.has(item.id)) return
      this.#locked.add(item.id)
      this.#items.delete(item.id)
      void this.#files.remove(item.id).catch((error: unknown) => this.#logFailure('removing a cancelled story failed', error))
      this.#emit()
      this.#waiters.get(item.id)?.({ state: 'dropped', error: { code: 'cancelled', message: 'Cancelled before it was sent.', details: { published: false } } })
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    this.#locked.delete(item.id)
    try {
      let outcome: AttemptOutcome | undefined
      // Each drain sends oldest first; one that stops (no network, closed) leaves this story queued.
      await Promise.race([turn.then((value) => (outcome = value)), this.drain().then(() => this.idle())])
      outcome ??= await Promise.race([turn, Promise.resolve(undefined)])
      if (outcome === undefined) {
        const current = this.#items.get(item.id)
        const view = current ? viewOf(current) : viewOf(item)
        const error = current?.lastError ?? {
          code: 'offline' as const,
          message: 'The story waits in the outbox behind earlier stories and goes out after them.',
        }
        return { state: 'queued', item: view, error }
      }
      if (outcome.state === 'failed') {
        // Refused while the user waited for it: said now, as an interactive refusal is, and not kept.
        this.#items.delete(item.id)
        await this.#files.remove(item.id).catch((error: unknown) => this.#logFailure('removing a refused story failed', error))
        this.#emit()
        return { state: 'dropped', error: outcome.error }
      }
      return outcome
    } finally {
      signal?.removeEventListener('abort', onAbort)
    }
  }

  /**
   * Takes back a story from a set-aside folder, already moved to its own folder name. It
   * may have gone out before the damage, so it is `unknown`: only the user sends it again.
   */
  async restore(item: OutboxItem): Promise<OutboxItemView> {
    const restored = await this.#save({
      ...item,
      state: 'unknown',
      nextAttemptAt: null,
      lastError: {
        code: 'unknown-outcome',
        message: 'Restored from a damaged file: it may or may not have been published. Check the account, then send it again, mark it as sent or discard it.',
      },
    })
    return viewOf(restored)
  }

  has(id: string): boolean {
    return this.#items.has(id)
  }

  /** Stops the upload of a story being sent (interactively or from the queue). */
  cancel(requestId: string): boolean {
    const controller = this.#controllers.get(requestId)
    controller?.abort()
    return controller !== undefined
  }

  /** Sends every queued item, oldest first, one at a time. Concurrent calls share one run. */
  drain(): Promise<void> {
    if (this.#closed) return Promise.resolve()
    if (this.#draining) {
      this.#drainAgain = true
      return this.#draining
    }
    const run = (async () => {
      do {
        this.#drainAgain = false
        for (const item of this.#queued()) {
          if (this.#closed) return
          const current = this.#items.get(item.id)
          if (!current || current.state !== 'queued' || this.#locked.has(item.id)) continue
          this.#locked.add(item.id)
          try {
            if (await this.#tooLate(current)) continue
            const outcome = await this.#attempt(current, { interactive: false })
            this.#waiters.get(current.id)?.(outcome)
            this.#opts.onOutcome?.(outcome)
            // Still no connection: the rest would fail the same way.
            if (outcome.state === 'queued') return
          } finally {
            this.#locked.delete(item.id)
          }
        }
      } while (this.#drainAgain && !this.#closed)
    })()
    this.#draining = run
      .catch((error: unknown) => this.#log.error('outbox drain failed', { error: String(error) }))
      .finally(() => {
        this.#draining = null
        this.#scheduleRetry()
      })
    return this.#draining
  }

  /**
   * A scheduled story that became due but could not go (no connection, a queue ahead of it)
   * is not sent late by itself beyond the allowance: it becomes `missed` and the user decides.
   */
  async #tooLate(item: OutboxItem): Promise<boolean> {
    if (item.dueAt === null) return false
    const grace = graceFor(this.#opts.lateSendMinutes?.() ?? 0, true)
    if (judgeDue(Date.parse(item.dueAt), this.#timers.now(), grace).kind !== 'missed') return false
    const missed = await this.#save({ ...item, state: 'missed', nextAttemptAt: null })
    this.#opts.onMissed?.([viewOf(missed)])
    return true
  }

  /** The user's decisions: send a queued or failed item now, resend an unknown one, mark it sent, discard. */
  async act(id: string, action: OutboxAction): Promise<OutboxItemView[]> {
    const item = this.#items.get(id)
    if (!item) throw new AppError('not-found', 'That story is no longer in the outbox.')
    if (this.#locked.has(id) || item.state === 'sending')
      throw new AppError('conflict', 'That story is being sent right now. Wait for the result.')
    // Held until the decision is on disk: a second click (or a discard) arriving meanwhile would
    // otherwise act on the same stale item and could write `queued` over a request in flight.
    this.#locked.add(id)
    try {
      await this.#decide(item, action)
    } finally {
      this.#locked.delete(id)
    }
    if (action === 'send-now' || action === 'send-again') void this.drain()
    return this.list()
  }

  async #decide(item: OutboxItem, action: OutboxAction): Promise<void> {
    const { id } = item
    switch (action) {
      case 'send-now':
        if (item.state !== 'queued' && item.state !== 'failed' && item.state !== 'scheduled' && item.state !== 'missed')
          throw new AppError('conflict', 'Only a waiting, planned or failed story can be sent from here; for an unknown outcome choose “Send again”.')
        // The user's word: from now on an ordinary queued story, with no time to be late for.
        await this.#save({ ...item, state: 'queued', nextAttemptAt: null, dueAt: null })
        if (item.state === 'scheduled') this.#armSchedule()
        break
      case 'send-again':
        if (item.state !== 'unknown' && item.state !== 'failed')
          throw new AppError('conflict', 'Only a story whose outcome is unknown or that failed can be sent again.')
        await this.#save({ ...item, state: 'queued', nextAttemptAt: null, dueAt: null })
        break
      case 'mark-sent':
        if (item.state !== 'unknown') throw new AppError('conflict', 'Only a story whose outcome is unknown can be marked as sent.')
        await this.#finishSent({ ...item, state: 'sent' }, 'marked')
        break
      case 'discard':
        this.#items.delete(id)
        await this.#files.remove(id)
        this.#armSchedule()
        this.#emit()
        break
    }
  }

  /** Settles after every run in progress: for tests and an orderly shutdown. */
  async idle(): Promise<void> {
    await this.#checking
    while (this.#draining) await this.#draining
  }

  /** Oldest first; a scheduled story counts from its due instant, the moment it joined the queue. */
  #queued(): OutboxItem[] {
    const since = (item: OutboxItem) => item.dueAt ?? item.createdAt
    return [...this.#items.values()]
      .filter((item) => item.state === 'queued')
      .sort((a, b) => since(a).localeCompare(since(b)) || a.id.localeCompare(b.id))
  }

  /**
   * One network attempt. The caller holds the item's lock; the item is `queued`. A media
   * story whose file is not on the server yet is uploaded first, still `queued` (the upload
   * publishes nothing); the media id is written down before the story request leaves.
   */
  async #attempt(
    item: OutboxItem,
    options: { interactive: boolean; signal?: AbortSignal; reuploaded?: boolean },
  ): Promise<AttemptOutcome> {
    if (item.state !== 'queued') throw new Error(`outbox: attempt on a ${item.state} item`)
    const controller = new AbortController()
    const onAbort = () => controller.abort()
    options.signal?.addEventListener('abort', onAbort, { once: true })
    if (options.signal?.aborted) controller.abort()
    this.#controllers.set(item.requestId, controller)
    try {
      return await this.#attemptSteps(item, options, controller.signal)
    } finally {
      options.signal?.removeEventListener('abort', onAbort)
      this.#controllers.delete(item.requestId)
    }
  }

  async #attemptSteps(
    queued: OutboxItem,
    options: { interactive: boolean; reuploaded?: boolean },
    signal: AbortSignal,
  ): Promise<AttemptOutcome> {
    let item = queued
    const { payload } = item
    const publisher = this.#publisher
    if (payload.kind === 'media' && payload.media.mediaId === undefined && canUpload(publisher)) {
      let mediaId: string | null
      try {
        mediaId = await uploadStep(
          publisher,
          { kind: 'file', path: this.#files.mediaPath(item.id), mimeType: payload.media.mimeType },
          {
            signal,
            onProgress: (progress) => this.#opts.onProgress?.(item.requestId, { ...progress, step: 'upload' }),
          },
        )
      } catch (error) {
        return this.#afterFailure({ ...item, attempts: item.attempts + 1 }, error, options)
      }
      if (mediaId !== null) {
        item = await this.#save({ ...item, payload: { ...payload, media: { ...payload.media, mediaId } } })
      }
    }
    const sending: OutboxItem = { ...item, state: 'sending', attempts: item.attempts + 1, nextAttemptAt: null }
    // The point of no return is written down before the request leaves.
    await this.#save(sending)

    let result: PublishStoryResult | undefined
    let failure: unknown
    try {
      result =
        sending.payload.kind === 'copy'
          ? await this.#copy(sending.payload, signal)
          : await this.#publisher.publishStory(this.#input(sending), {
              signal,
              onProgress: (progress) => this.#opts.onProgress?.(item.requestId, { ...progress, step: 'publish' }),
              // The first failure for want of a network queues the story; the outbox's own backoff retries it.
              networkRetries: false,
            })
    } catch (error) {
      failure = error
    }

    if (result?.outcome === 'published') {
      this.#opts.connectivity.reportSuccess()
      this.#offlineStreak = 0
      const message = result.response.message
      const sent: OutboxItem = {
        ...sending,
        state: 'sent',
        lastError: null,
        result: { messageId: message?.id ?? null, messageStatus: message?.status ?? null },
      }
      await this.#finishSent(sent)
      return { state: 'sent', item: viewOf(sent), messageId: sent.result!.messageId, messageStatus: sent.result!.messageStatus }
    }
    if (result?.outcome === 'unknown') {
      const unknown = await this.#settle({ ...sending, state: 'unknown', lastError: result.error.toData() })
      return { state: 'unknown', item: viewOf(unknown), error: unknown.lastError! }
    }

    const mediaId = sending.payload.kind === 'media' ? sending.payload.media.mediaId : undefined
    if (mediaId !== undefined && !options.reuploaded && failure instanceof AppError && failure.code === 'not-found') {
      // The server no longer has the upload (media ids expire): the story was refused, so the
      // file goes up again, once, and the story with the new id.
      const expired = sending.payload as Extract<StoryPayload, { kind: 'media' }>
      const { mediaId: _expired, ...media } = expired.media
      const again = await this.#save({ ...sending, state: 'queued', payload: { ...expired, media } })
      return this.#attemptSteps(again, { ...options, reuploaded: true }, signal)
    }
    return this.#afterFailure(sending, failure, options)
  }

  /** What a failed step leaves: queued again, failed, unknown, or (interactive refusals) nothing. */
  async #afterFailure(sending: OutboxItem, failure: unknown, options: { interactive: boolean }): Promise<AttemptOutcome> {
    const verdict = judgeFailure(failure)
    if (failure instanceof AppError) this.#opts.connectivity.reportFailure(failure.code)
    if (verdict.kind === 'unknown') {
      this.#logFailure('story attempt failed unexpectedly', failure)
      const unknown = await this.#settle({ ...sending, state: 'unknown', lastError: verdict.error })
      return { state: 'unknown', item: viewOf(unknown), error: verdict.error }
    }
    if (verdict.kind === 'retry') {
      this.#offlineStreak++
      const next = new Date(this.#timers.now() + this.#retryDelay()).toISOString()
      const queued = await this.#settle({ ...sending, state: 'queued', lastError: verdict.error, nextAttemptAt: next })
      if (options.interactive) this.#scheduleRetry()
      return { state: 'queued', item: viewOf(queued), error: verdict.error }
    }
    // Refused or cancelled: nothing was published.
    if (options.interactive) {
      this.#items.delete(sending.id)
      // A folder left behind still says `sending`: the next start shows it as unknown, never sends it.
      await this.#files.remove(sending.id).catch((error: unknown) => this.#logFailure('removing a refused story failed', error))
      this.#emit()
      return { state: 'dropped', error: verdict.error }
    }
    const failed = await this.#settle({ ...sending, state: 'failed', lastError: verdict.error })
    return { state: 'failed', item: viewOf(failed), error: verdict.error }
  }

  /** A repost: the same rules as a story (written down first, never sent twice), another request. */
  async #copy(payload: Extract<StoryPayload, { kind: 'copy' }>, signal: AbortSignal): Promise<PublishStoryResult> {
    const publisher = this.#publisher
    if (!canCopy(publisher)) throw new AppError('invalid-request', 'This connection cannot post a story again.', { published: false })
    const copied = await publisher.copyStory(payload.storyId, payload.audience, { signal })
    return copied.outcome === 'published' ? { outcome: 'published', response: { sent: true }, attempts: copied.attempts } : copied
  }

  #input(item: OutboxItem): PublishStoryInput {
    const { payload } = item
    if (payload.kind === 'copy') throw new Error('outbox: a repost has no story body')
    if (payload.kind === 'text') return payload.request as unknown as PublishStoryInput
    const { mediaId } = payload.media
    return {
      ...(payload.fields as object),
      media:
        mediaId === undefined
          ? { kind: 'file', path: this.#files.mediaPath(item.id), mimeType: payload.media.mimeType }
          : { kind: 'media-id', id: mediaId },
    } as PublishStoryInput
  }

  /** `sent` is written first, then history, then the folder goes: a crash between steps repeats none of the sending. */
  async #finishSent(item: OutboxItem, confirmation: HistoryEntry['confirmation'] = 'confirmed'): Promise<void> {
    const sent = await this.#settle({ ...item, state: 'sent' })
    const entry: HistoryEntry = {
      id: sent.id,
      publishedAt: sent.updatedAt,
      summary: sent.summary,
      messageId: sent.result?.messageId ?? null,
      messageStatus: sent.result?.messageStatus ?? null,
      confirmation,
    }
    try {
      if (await this.#opts.history.add(entry)) this.#opts.onHistory?.()
      this.#items.delete(sent.id)
      await this.#files.remove(sent.id)
    } catch (error) {
      // It is published and marked so on disk; the next start records it and tidies up.
      this.#logFailure('recording a sent story failed', error)
    }
    this.#emit()
  }

  /** Writes the item before anything depends on it; a failure here means nothing was sent. */
  async #save(item: OutboxItem): Promise<OutboxItem> {
    const stamped = { ...item, updatedAt: new Date(this.#timers.now()).toISOString() }
    try {
      await this.#files.write(stamped)
    } catch (error) {
      this.#logFailure('outbox write failed', error)
      throw storyNotWritten(error)
    }
    this.#items.set(stamped.id, stamped)
    this.#emit()
    return stamped
  }

  /**
   * Records what a request ended in. The request has happened, so a disk that refuses the
   * write must not turn into "not sent": the outcome is kept in memory and the file keeps
   * saying `sending`, which the next start reads as unknown, so nothing goes out twice.
   */
  async #settle(item: OutboxItem): Promise<OutboxItem> {
    try {
      return await this.#save(item)
    } catch {
      const stamped = { ...item, updatedAt: new Date(this.#timers.now()).toISOString() }
      this.#items.set(stamped.id, stamped)
      this.#emit()
      return stamped
    }
  }

  #logFailure(what: string, error: unknown): void {
    this.#log.error(what, { error: error instanceof Error ? error.message : String(error) })
  }

  #retryDelay(): number {
    const { firstMs, maxMs } = this.#opts.retry ?? { firstMs: 10_000, maxMs: 5 * 60_000 }
    return Math.min(maxMs, firstMs * 2 ** Math.max(0, this.#offlineStreak - 1))
  }

  /** While something waits for the connection, try again on a backoff, in case no other request notices it is back. */
  #scheduleRetry(): void {
    if (this.#closed || this.#retryTimer !== null) return
    const waiting = this.#queued()
    if (waiting.length === 0) return
    const due = Math.min(...waiting.map((item) => (item.nextAttemptAt ? Date.parse(item.nextAttemptAt) : this.#timers.now())))
    this.#retryTimer = this.#timers.setTimeout(
      () => {
        this.#retryTimer = null
        void this.drain()
      },
      Math.max(0, due - this.#timers.now()),
    )
  }

  #emit(): void {
    this.#opts.onChange?.(this.list())
  }
}

/** The story with a new caption: in the request (text), the fields (media) and the summary the lists show. */
function withCaption(item: OutboxItem, caption: string | undefined): OutboxItem {
  if (caption === undefined) return item
  const { payload } = item
  if (payload.kind === 'copy') throw new AppError('invalid-request', 'A repost has no caption to edit.')
  if (payload.kind === 'text' && caption.trim() === '') throw new AppError('invalid-argument', 'A text story needs some text.')
  const next: StoryPayload =
    payload.kind === 'text'
      ? { ...payload, request: { ...payload.request, caption } }
      : { ...payload, fields: { ...payload.fields, caption } }
  return { ...item, payload: next, summary: { ...item.summary, text: caption } }
}

/** A copy uploads its own file: the original's media id may expire or be used already. */
function withoutMediaId<M extends { mediaId?: string | undefined }>(media: M): Omit<M, 'mediaId'> {
  const { mediaId: _dropped, ...rest } = media
  return rest
}
