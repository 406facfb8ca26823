import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { AppError, type AppErrorData, type ErrorCode } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { HistoryEntry, OutboxItemView, OutboxState, StorySummary } from '@shared/story/records'
import type {
  CopyStoryResult,
  PublishStoryInput,
  PublishStoryResult,
  UploadMediaResult,
  UploadProgress,
  UploadSource,
} from '../../../platform/api'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { systemTimers, type Timers } from '../../../platform/timers'
import type { HistoryStore } from '../history/history-store'
import { storyNotWritten } from './disk-failure'
import { RUNNING_GRACE_MS } from './due-time'
import { viewOf, type OutboxItem, type StoryPayload } from './outbox-item'
import type { StoryReader } from './reconcile'
import { FilesOutboxStore } from './store/files-store'
import { StoreConflict, type ClaimPurpose, type OutboxStore } from './store/outbox-store'

/** Which of the two requests of a media story a progress report is about. */
export type PublishStep = 'upload' | 'publish'

/** What the outbox asks of an account's client: the story, its file alone first, and a repost. */
export interface StoryPublisher {
  publishStory(
    input: PublishStoryInput,
    options?: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void; networkRetries?: boolean },
  ): Promise<PublishStoryResult>
  uploadMedia(
    source: UploadSource,
    options?: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void },
  ): Promise<UploadMediaResult>
  copyStory(
    id: string,
    audience: { contacts?: string[]; exclude_contacts?: string[] },
    options?: { signal?: AbortSignal },
  ): Promise<CopyStoryResult>
}

/** Online/offline as learnt from requests (platform/net/connectivity.ts). */
export interface ConnectivityPort {
  readonly online: boolean
  reportSuccess(): void
  reportFailure(code: ErrorCode): void
  onChange(listener: (online: boolean) => void): () => void
}

export type OutboxTimers = Timers

/** What one attempt ended in, from the caller's side. */
/** How a new item is written: its media, a claim it holds from its first instant, and whether its due instant must be its own. */
type InsertChoice = { mediaSource: string | null; claim?: ClaimPurpose; uniqueDue?: boolean }

export type AttemptOutcome =
  | { state: 'sent'; item: OutboxItemView; messageId: string | null; messageStatus: string | null }
  | { state: 'queued' | 'unknown' | 'failed'; item: OutboxItemView; error: AppErrorData }
  /** Refused or cancelled in an interactive publish: nothing was published and nothing is kept. */
  | { state: 'dropped'; error: AppErrorData }
  /** Written down to go at its due instant. */
  | { state: 'scheduled'; item: OutboxItemView }

export interface OutboxOptions {
  accountId: string
  /** The account's folder: where the files store keeps the outbox when no `store` is given. */
  accountDir: string
  /** Where items live and who may work on one; default: the files in `accountDir`, this outbox the only writer. */
  store?: OutboxStore
  /** The account's client; null while it has none (not built yet, or its token is needed): nothing is sent meanwhile. */
  publisher: StoryPublisher | null
  /** Reads the account's stories from its server, to settle an unknown outcome; without one, unknown waits for the user alone. */
  reader?: StoryReader | null
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

export interface NewStory {
  requestId: string
  payload: StoryPayload
  summary: StorySummary
  /** The granted file to copy into the item (media stories). */
  mediaSource: string | null
  /** When given, the story is held until this instant (UTC, ISO) instead of sent now. */
  dueAt?: string
}

/** How long a claim to send holds unless renewed: a send renews it while it runs, a dead process's lapses. */
export const SEND_LEASE_MS = 30_000

/**
 * How often an engine on a shared store looks again at every open account's items: what other
 * engines changed shows, and a claim a killed engine left is settled within its lease and this.
 */
export const SHARED_LOOK_MS = 15_000
/** A user's decision is written in well under this. */
const EDIT_LEASE_MS = 30_000

/** A name for this engine run in claims: the host and process, and a random part for two runs of one pid. */
export function engineOwner(): string {
  return `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`
}

/**
 * One account's hold on the outbox store: its items as last read or written (what lists show),
 * the claims it takes (the store decides), the one way an item is written and its change told.
 */
export class OutboxCore {
  readonly accountId: string
  readonly store: OutboxStore
  readonly opts: OutboxOptions
  readonly timers: OutboxTimers
  readonly log: Logger
  readonly #view = new Map<string, OutboxItem>()
  publisher: StoryPublisher | null
  /** Reads the account's stories, to settle an unknown outcome; null: unknown waits for the user alone. */
  reader: StoryReader | null
  /** Not sending by itself: no client yet, its token is needed, or the account was closed. */
  closed: boolean

  constructor(options: OutboxOptions) {
    this.accountId = options.accountId
    this.opts = options
    this.publisher = options.publisher
    this.reader = options.reader ?? null
    this.closed = options.publisher === null
    this.store = options.store ?? new FilesOutboxStore({ dirOf: () => options.accountDir, owner: engineOwner() })
    this.timers = options.timers ?? systemTimers
    this.log = options.log ?? silentLogger
  }

  get owner(): string {
    return this.store.owner
  }

  /** Whether other engines may send from this store (PostgreSQL), rather than this one alone (files). */
  get shared(): boolean {
    return this.store.kind !== 'files'
  }

  view(item: OutboxItem): OutboxItemView {
    return viewOf(item, this.accountId)
  }

  list(): OutboxItemView[] {
    return [...this.#view.values()].map((item) => this.view(item))
  }

  /** The items as last seen, for lists and for choosing what to look at; the store decides every change. */
  items(): OutboxItem[] {
    return [...this.#view.values()]
  }

  known(id: string): OutboxItem | undefined {
    return this.#view.get(id)
  }

  /**
   * How late a story may still go by itself while the engine runs. On a shared store another
   * engine may die holding the account's turn: its lease lapses and this engine looks again
   * before the story goes, and that wait is the system running, not a story found late.
   */
  runningGraceMs(): number {
    return this.store.kind === 'files' ? RUNNING_GRACE_MS : RUNNING_GRACE_MS + SEND_LEASE_MS + SHARED_LOOK_MS
  }

  nowIso(): string {
    return new Date(this.timers.now()).toISOString()
  }

  /** Takes the view from the store (what another engine changed included) and says so. */
  async refresh(): Promise<void> {
    const items = await this.store.list(this.accountId)
    this.#view.clear()
    for (const item of items) this.#view.set(item.id, item)
    this.emit()
  }

  /** The items the store gave at open, as the view. */
  adopt(items: readonly OutboxItem[]): void {
    for (const item of items) this.#view.set(item.id, item)
  }

  /** A claim on one item in one of `states` (at the revision last seen when `rev` is given); null when the store refuses it. */
  async claim(id: string, purpose: ClaimPurpose, states: readonly OutboxState[], rev?: number): Promise<OutboxItem | null> {
    const now = this.timers.now()
    const leaseMs = purpose === 'send' ? SEND_LEASE_MS : EDIT_LEASE_MS
    const claimed = await this.store.claim(this.accountId, id, {
      owner: this.owner,
      leaseMs,
      now,
      purpose,
      states,
      ...(rev !== undefined && { rev }),
    })
    if (claimed) this.#view.set(id, claimed)
    return claimed
  }

  /** The account's next story to send, claimed; null when none waits or another send of the account holds its turn. */
  async claimNext(): Promise<OutboxItem | null> {
    const now = this.timers.now()
    const claimed = await this.store.claimNext(this.accountId, { owner: this.owner, leaseMs: SEND_LEASE_MS, now, purpose: 'send' })
    if (claimed) this.#view.set(claimed.id, claimed)
    return claimed
  }

  /** Keeps a send's claim while it runs; false when it was lost (it lapsed and another took it). */
  renew(id: string): Promise<boolean> {
    const request = { owner: this.owner, leaseMs: SEND_LEASE_MS, now: this.timers.now(), purpose: 'send' as const }
    return this.store.renew(this.accountId, id, request).catch(() => false)
  }

  /** Writes a new item; a disk or database that refuses it means nothing was sent. */
  async insert(item: OutboxItem, options: InsertChoice): Promise<OutboxItem> {
    return (await this.#insert(item, options, false))!
  }

  /** Writes a new item already claimed to send, in one step: no other engine takes it first. Null while the account's send turn is held. */
  insertToSend(item: OutboxItem, mediaSource: string | null): Promise<OutboxItem | null> {
    return this.#insert(item, { mediaSource, claim: 'send' }, true)
  }

  async #insert(item: OutboxItem, options: InsertChoice, heldIsNull: boolean): Promise<OutboxItem | null> {
    const leaseMs = options.claim === 'send' ? SEND_LEASE_MS : EDIT_LEASE_MS
    const claim = options.claim && { owner: this.owner, leaseMs, now: this.timers.now(), purpose: options.claim }
    const extra = { ...(claim && { claim }), ...(options.uniqueDue && { uniqueDue: true }) }
    let stored: OutboxItem
    try {
      stored = await this.store.insert(this.accountId, item, { mediaSource: options.mediaSource, ...extra })
    } catch (error) {
      if (heldIsNull && error instanceof StoreConflict && error.reason === 'held') return null
      // developer-only: the log's line; the user reads the refusal's own text.
      throw this.#refused(error, 'outbox item not written')
    }
    this.#view.set(stored.id, stored)
    this.emit()
    return stored
  }

  /**
   * Writes the item as changed on the revision it carries; `release` lets go of this run's claim.
   * A change the store refuses (the item moved on, or another holds it) is a `conflict`; a
   * failure to write means nothing was sent.
   */
  async save(item: OutboxItem, options: { release?: boolean; uniqueDue?: boolean } = {}): Promise<OutboxItem> {
    const stamped = { ...item, updatedAt: this.nowIso() }
    let saved: OutboxItem
    try {
      saved = await this.store.update(this.accountId, {
        item: stamped,
        rev: item.rev,
        owner: this.owner,
        release: options.release ?? false,
        now: this.timers.now(),
        ...(options.uniqueDue && { uniqueDue: true }),
      })
    } catch (error) {
      throw this.#refused(error, 'outbox write failed')
    }
    this.#view.set(saved.id, saved)
    this.emit()
    return saved
  }

  /**
   * Records what a request ended in. The request has happened, so a store that refuses the write
   * must not turn into "not sent": the outcome is shown, and the store keeps saying `sending`
   * until the claim lapses, which reads as unknown, so nothing goes out twice.
   */
  async settle(item: OutboxItem, options: { keepClaim?: boolean } = {}): Promise<OutboxItem> {
    try {
      return await this.save(item, { release: !options.keepClaim })
    } catch {
      const stamped = { ...item, updatedAt: this.nowIso() }
      this.#view.set(stamped.id, stamped)
      this.emit()
      return stamped
    }
  }

  /** Lets go of this run's claim on an item that was not sent (its attempt ended without a word, or was not made). */
  async letGo(id: string): Promise<void> {
    const current = await this.store.get(this.accountId, id).catch(() => null)
    if (!current?.claim || current.claim.owner !== this.owner || current.state === 'sending') return
    await this.save(current, { release: true }).catch((error: unknown) => this.logFailure('claim not released', error))
  }

  /**
   * `sent` is written first, then history, then the item goes: a crash between steps repeats none
   * of the sending. The claim is kept until the item is gone, so another engine finds a `sent`
   * item only once its holder died, and records it then.
   */
  async finishSent(item: OutboxItem, confirmation: HistoryEntry['confirmation'] = 'confirmed'): Promise<void> {
    const sent = await this.settle({ ...item, state: 'sent' }, { keepClaim: true })
    const entry: HistoryEntry = {
      id: sent.id,
      requestId: sent.requestId,
      publishedAt: sent.updatedAt,
      summary: sent.summary,
      messageId: sent.result?.messageId ?? null,
      messageStatus: sent.result?.messageStatus ?? null,
      confirmation,
    }
    try {
      if (await this.opts.history.add(entry)) this.opts.onHistory?.()
      this.#view.delete(sent.id)
      await this.store.remove(this.accountId, sent.id, { owner: this.owner, now: this.timers.now() })
    } catch (error) {
      // It is published and marked so on disk; the next start records it and tidies up.
      this.logFailure('recording a sent story failed', error)
    }
    this.emit()
  }

  /** Takes an item out for good (discarded, or refused while the user waited): nothing of it stays to go later. */
  async drop(id: string): Promise<void> {
    try {
      await this.store.remove(this.accountId, id, { owner: this.owner, now: this.timers.now() })
      this.#view.delete(id)
    } catch (error) {
      // Still in the store, so still shown: a view without it would hide a story that may yet go.
      this.logFailure('removing a story failed', error)
    }
    this.emit()
  }

  /** The user discarded it: gone from the store (its claim was the caller's), or the refusal said. */
  async discard(id: string): Promise<void> {
    try {
      await this.store.remove(this.accountId, id, { owner: this.owner, now: this.timers.now() })
    } catch (error) {
      // developer-only: the log's line; the user reads the refusal's own text.
      throw this.#refused(error, 'discarding a story failed')
    }
    this.#view.delete(id)
    this.emit()
  }

  mediaPath(id: string): Promise<string> {
    return this.store.mediaPath(this.accountId, id)
  }

  logFailure(what: string, error: unknown): void {
    this.log.error(what, { error: error instanceof Error ? error.message : String(error) })
  }

  emit(): void {
    this.opts.onChange?.(this.list())
  }

  #refused(error: unknown, what: string): AppError {
    if (error instanceof StoreConflict) {
      if (error.current) this.#view.set(error.current.id, error.current)
      else if (error.reason === 'gone') this.emit()
      return conflictError(error)
    }
    this.logFailure(what, error)
    return storyNotWritten(error)
  }
}

/** What the user reads when the store refused a change: the story moved on, or is on its way. */
export function conflictError(error: StoreConflict): AppError {
  switch (error.reason) {
    case 'gone':
      return new AppError('not-found', userText('storyErrors.outbox.itemGone'))
    case 'held':
      return new AppError('conflict', userText('storyErrors.outbox.beingSent'))
    case 'slot-taken':
      return new AppError('conflict', userText('storyErrors.outbox.slotTaken'))
    case 'request-taken':
      return new AppError('conflict', userText('storyErrors.outbox.requestTaken'))
    case 'changed':
      return new AppError('conflict', userText('storyErrors.outbox.changedMeanwhile'), { current: error.current?.state ?? null })
  }
}
