import type { AppErrorData, ErrorCode } from '@shared/errors'
import type { HistoryEntry, OutboxItemView, StorySummary } from '@shared/story/records'
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
import { OutboxFiles } from './outbox-files'
import { viewOf, type OutboxItem, type StoryPayload } from './outbox-item'

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
export type AttemptOutcome =
  | { state: 'sent'; item: OutboxItemView; messageId: string | null; messageStatus: string | null }
  | { state: 'queued' | 'unknown' | 'failed'; item: OutboxItemView; error: AppErrorData }
  /** Refused or cancelled in an interactive publish: nothing was published and nothing is kept. */
  | { state: 'dropped'; error: AppErrorData }
  /** Written down to go at its due instant. */
  | { state: 'scheduled'; item: OutboxItemView }

export interface OutboxOptions {
  accountId: string
  accountDir: string
  /** The account's client; null while it has none (not built yet, or its token is needed): nothing is sent meanwhile. */
  publisher: StoryPublisher | null
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
  /** When given, the story is held until this instant (ms since the epoch, UTC) instead of sent now. */
  dueAt?: number
}

/**
 * What the parts of one account's outbox share: its items as last written, the locks that
 * keep one item in one hand, its files, and the one way an item is written (before anything
 * depends on it) and its change told.
 */
export class OutboxCore {
  readonly accountId: string
  readonly files: OutboxFiles
  readonly opts: OutboxOptions
  readonly timers: OutboxTimers
  readonly log: Logger
  readonly items = new Map<string, OutboxItem>()
  /** Items one hand is working on: a claim checks and sets this in one synchronous step. */
  readonly locked = new Set<string>()
  publisher: StoryPublisher | null
  /** Not sending by itself: no client yet, its token is needed, or the account was closed. */
  closed: boolean

  constructor(options: OutboxOptions) {
    this.accountId = options.accountId
    this.opts = options
    this.publisher = options.publisher
    this.closed = options.publisher === null
    this.files = new OutboxFiles(options.accountDir)
    this.timers = options.timers ?? systemTimers
    this.log = options.log ?? silentLogger
  }

  view(item: OutboxItem): OutboxItemView {
    return viewOf(item, this.accountId)
  }

  list(): OutboxItemView[] {
    return [...this.items.values()].map((item) => this.view(item))
  }

  nowIso(): string {
    return new Date(this.timers.now()).toISOString()
  }

  /** Oldest first; a scheduled story counts from its due instant, the moment it joined the queue. */
  queued(): OutboxItem[] {
    const since = (item: OutboxItem) => item.dueAt ?? item.createdAt
    return [...this.items.values()]
      .filter((item) => item.state === 'queued')
      .sort((a, b) => since(a).localeCompare(since(b)) || a.id.localeCompare(b.id))
  }

  /** Writes the item before anything depends on it; a failure here means nothing was sent. */
  async save(item: OutboxItem): Promise<OutboxItem> {
    const stamped = { ...item, updatedAt: this.nowIso() }
    try {
      await this.files.write(stamped)
    } catch (error) {
      this.logFailure('outbox write failed', error)
      throw storyNotWritten(error)
    }
    this.items.set(stamped.id, stamped)
    this.emit()
    return stamped
  }

  /**
   * Records what a request ended in. The request has happened, so a disk that refuses the
   * write must not turn into "not sent": the outcome is kept in memory and the file keeps
   * saying `sending`, which the next start reads as unknown, so nothing goes out twice.
   */
  async settle(item: OutboxItem): Promise<OutboxItem> {
    try {
      return await this.save(item)
    } catch {
      const stamped = { ...item, updatedAt: this.nowIso() }
      this.items.set(stamped.id, stamped)
      this.emit()
      return stamped
    }
  }

  /** `sent` is written first, then history, then the folder goes: a crash between steps repeats none of the sending. */
  async finishSent(item: OutboxItem, confirmation: HistoryEntry['confirmation'] = 'confirmed'): Promise<void> {
    const sent = await this.settle({ ...item, state: 'sent' })
    const entry: HistoryEntry = {
      id: sent.id,
      publishedAt: sent.updatedAt,
      summary: sent.summary,
      messageId: sent.result?.messageId ?? null,
      messageStatus: sent.result?.messageStatus ?? null,
      confirmation,
    }
    try {
      if (await this.opts.history.add(entry)) this.opts.onHistory?.()
      this.items.delete(sent.id)
      await this.files.remove(sent.id)
    } catch (error) {
      // It is published and marked so on disk; the next start records it and tidies up.
      this.logFailure('recording a sent story failed', error)
    }
    this.emit()
  }

  /** Takes an item out for good (discarded, or refused while the user waited): nothing of it stays to go later. */
  async drop(id: string): Promise<void> {
    this.items.delete(id)
    await this.files.remove(id).catch((error: unknown) => this.logFailure('removing a story failed', error))
    this.emit()
  }

  logFailure(what: string, error: unknown): void {
    this.log.error(what, { error: error instanceof Error ? error.message : String(error) })
  }

  emit(): void {
    this.opts.onChange?.(this.list())
  }
}
