import type { OutboxAction, PublishResult, SetAsideAction, SetAsideItem, StoryNotification } from '@shared/channels/stories'
import { parseStoryRequest } from '@shared/domain/story'
import { AppError } from '@shared/errors'
import { blockingIssues, checkStory, type StoryIssue } from '@shared/story/checks'
import type { StoryDraft } from '@shared/story/draft'
import type { StoryLimits } from '@shared/story/limits'
import type { MediaGrant } from '@shared/story/media-facts'
import type { FeedStory } from '@shared/story/feed'
import type { HistoryEntry, OutboxItemView, StorySummary } from '@shared/story/records'
import { mediaStoryFields, textStoryRequest } from '@shared/story/request'
import { summarizeStory } from '@shared/story/summary'
import type { AccountSession, ActiveAccountSource } from '../account-session'
import type { UploadProgress } from '../api'
import { DraftStore } from '../drafts/draft-store'
import { HistoryStore } from '../history/history-store'
import { silentLogger, type Logger } from '../log'
import type { MediaStore } from '../media/media-store'
import { Outbox, type AttemptOutcome, type ConnectivityPort, type OutboxTimers, type ScheduleEdit, type StoryPublisher } from '../outbox/outbox'
import type { StoryPayload } from '../outbox/outbox-item'
import { tokenNeededError } from '../accounts/token-needed-client'
import { SetAsideFiles } from '../set-aside/set-aside-files'
import { describeIssues } from './issue-messages'
import { restoreSetAside } from './restore-set-aside'
import { storyNotification } from './story-notification'
import { sweepStaleTempFiles } from './temp-sweep'

export interface StoriesEvents {
  progress(event: { requestId: string } & UploadProgress): void
  outboxChanged(accountId: string, items: OutboxItemView[]): void
  historyChanged(accountId: string): void
  notice(level: 'info' | 'warning' | 'error', message: string): void
  /** A story sent (or missed) without the user waiting on it: shown as a notification. */
  notify?(notification: StoryNotification): void
}

export interface StoriesServiceOptions {
  accounts: ActiveAccountSource<StoryPublisher>
  media: MediaStore
  limits: () => StoryLimits
  connectivity: ConnectivityPort
  events: StoriesEvents
  log?: Logger
  timers?: OutboxTimers
  retry?: { firstMs: number; maxMs: number }
  /** The account's name as the user gave it, for messages. */
  labelOf?: (accountId: string) => string | undefined
  /** "Send if less than N minutes late" for scheduled stories (0: always ask the user). */
  lateSendMinutes?: () => number
}

interface AccountContext {
  session: AccountSession<StoryPublisher>
  outbox: Outbox
  history: HistoryStore
  drafts: DraftStore
  setAside: SetAsideFiles
  ready: Promise<void>
}

const SEE_SET_ASIDE = 'Open Outbox › Set-aside files to look at it, restore what can be read, or discard it.'

const NO_ACCOUNT = 'Connect an account first (Accounts), then publish.'

/**
 * Publishing for the active account: checks a composed story, hands it to the outbox (which
 * writes it down before sending and never sends it twice) and reports what became of it.
 * Also owns the account's drafts and history.
 */
export class StoriesService {
  readonly #opts: StoriesServiceOptions
  readonly #log: Logger
  #context: AccountContext | null = null
  /**
   * One outbox per account for the life of the process: switching away and back reuses it,
   * so a request still on its way is never mistaken for an interrupted one.
   */
  readonly #contexts = new Map<string, AccountContext>()
  readonly #inFlight = new Map<string, { promise: Promise<PublishResult>; controller: AbortController }>()
  /** Recent outcomes by request id, so a repeated request (a double click) gets the first answer. */
  readonly #answered = new Map<string, PublishResult>()
  #unsubscribe: (() => void) | null = null

  constructor(options: StoriesServiceOptions) {
    this.#opts = options
    this.#log = options.log ?? silentLogger
  }

  /** Opens the active account's outbox and sends what waits in it; follows account switches. */
  async start(): Promise<void> {
    this.#unsubscribe = this.#opts.accounts.onActiveChange((session) => void this.#switchTo(session))
    await this.#switchTo(this.#opts.accounts.active())
  }

  async dispose(): Promise<void> {
    this.#unsubscribe?.()
    for (const context of this.#contexts.values()) context.outbox.close()
    this.#contexts.clear()
    this.#context = null
  }

  async publish(requestId: string, draft: StoryDraft, dueAt?: number): Promise<PublishResult> {
    const answered = this.#answered.get(requestId)
    if (answered) return answered
    const running = this.#inFlight.get(requestId)
    if (running) return running.promise
    // Registered before the first await, so a repeat arriving meanwhile joins this one.
    const controller = new AbortController()
    const promise = this.#require().then((context) => {
      const earlier = context.outbox.findByRequest(requestId)
      if (earlier) return resultOfItem(earlier)
      // Nothing is written or queued: the composer keeps the story until the token is entered.
      if (context.session.tokenNeeded) throw tokenNeededError(this.#labelOf(context))
      return this.#publish(context, requestId, draft, controller.signal, dueAt)
    })
    this.#inFlight.set(requestId, { promise, controller })
    try {
      const result = await promise
      this.#remember(requestId, result)
      return result
    } finally {
      this.#inFlight.delete(requestId)
    }
  }

  /**
   * Posts a story of the account again to an audience (`PUT /stories/{id}`), through the
   * outbox: written down before it leaves, never sent twice, an unknown outcome left to the user.
   */
  async repost(
    requestId: string,
    story: FeedStory,
    audience: { contacts?: string[]; exclude_contacts?: string[] },
  ): Promise<PublishResult> {
    const answered = this.#answered.get(requestId)
    if (answered) return answered
    const context = await this.#require()
    const earlier = context.outbox.findByRequest(requestId)
    if (earlier) return resultOfItem(earlier)
    const outcome = await context.outbox.publish({
      requestId,
      payload: { kind: 'copy', storyId: story.id, audience },
      summary: repostSummary(story, audience),
      mediaSource: null,
    })
    if (outcome.state === 'dropped') {
      const { code, message, details } = outcome.error
      throw new AppError(code, message, details)
    }
    if (outcome.state === 'scheduled') throw new Error('stories: a repost is never scheduled')
    const result: PublishResult =
      outcome.state === 'sent'
        ? { state: 'sent', itemId: outcome.item.id, messageId: outcome.messageId, messageStatus: outcome.messageStatus }
        : { state: outcome.state === 'queued' ? 'queued' : 'unknown', itemId: outcome.item.id, error: outcome.error }
    this.#remember(requestId, result)
    return result
  }

  cancel(requestId: string): void {
    this.#inFlight.get(requestId)?.controller.abort()
    this.#context?.outbox.cancel(requestId)
  }

  async outboxList(): Promise<OutboxItemView[]> {
    const context = await this.#current()
    return context ? context.outbox.list() : []
  }

  async outboxAct(id: string, action: OutboxAction): Promise<OutboxItemView[]> {
    const context = await this.#require()
    if (context.session.tokenNeeded && (action === 'send-now' || action === 'send-again')) throw tokenNeededError(this.#labelOf(context))
    return context.outbox.act(id, action)
  }

  /** Reschedules or edits the caption of a planned story of the active account. */
  async scheduleEdit(id: string, edit: ScheduleEdit): Promise<OutboxItemView> {
    return (await this.#require()).outbox.editScheduled(id, edit)
  }

  async scheduleDuplicate(id: string, requestId: string, dueAt: number): Promise<OutboxItemView> {
    return (await this.#require()).outbox.duplicate(id, requestId, dueAt)
  }

  /** The active account's next planned story, for the tray. */
  nextDue(): { dueAt: string; summary: StorySummary } | null {
    return this.#context?.outbox.nextDue() ?? null
  }

  /** Planned stories of the active account: the window hides to the tray instead of quitting while any wait. */
  scheduledCount(): number {
    return this.#context?.outbox.list().filter((item) => item.state === 'scheduled').length ?? 0
  }

  /** The computer woke up (or the clock may have moved): every open outbox looks at its schedule again. */
  recheckSchedule(): void {
    for (const context of this.#contexts.values()) void context.outbox.checkSchedule({ running: true })
  }

  async historyList(): Promise<HistoryEntry[]> {
    const context = await this.#current()
    return context ? context.history.list() : []
  }

  /** The server listed these stories with these statuses: the history follows. */
  async settleHistory(statuses: ReadonlyMap<string, string>): Promise<void> {
    const context = await this.#current()
    if (context && (await context.history.settle(statuses))) this.#opts.events.historyChanged(context.session.id)
  }

  async setAsideList(): Promise<SetAsideItem[]> {
    const context = await this.#current()
    return context ? context.setAside.list() : []
  }

  async setAsideAct(id: string, action: SetAsideAction): Promise<SetAsideItem[]> {
    const context = await this.#require()
    const item = await context.setAside.find(id)
    if (action === 'discard') await context.setAside.discard(item)
    else await restoreSetAside(item, context)
    this.#log.info('set-aside file handled', { kind: item.kind, action })
    return context.setAside.list()
  }

  async draftGet(): Promise<StoryDraft | null> {
    const context = await this.#current()
    return context ? context.drafts.load() : null
  }

  /** Saves into `accountId`'s drafts when given (a save sent just before a switch), the active account's otherwise. */
  async draftSave(draft: StoryDraft, accountId?: string): Promise<void> {
    const active = await this.#require()
    if (accountId === undefined || accountId === active.session.id) return active.drafts.save(draft)
    const owner = this.#contexts.get(accountId)
    if (!owner) throw new AppError('not-found', 'The account this draft belongs to is no longer open, so the draft was not saved.')
    await owner.drafts.save(draft)
  }

  async draftClear(): Promise<void> {
    const context = await this.#current()
    await context?.drafts.clear()
  }

  /** Resolves once the active account's queue has settled (tests, shutdown). */
  async idle(): Promise<void> {
    const context = await this.#current()
    await context?.outbox.idle()
  }

  async #publish(context: AccountContext, requestId: string, draft: StoryDraft, signal: AbortSignal, dueAt?: number): Promise<PublishResult> {
    const { grant, mediaPath } = await this.#resolveMedia(draft)
    const gone = draft.kind === 'media' && draft.media.grantId !== null && grant === null
    const issues = blockingIssues(checkStory(draft, grant, this.#opts.limits())).map((issue) =>
      // The file was chosen, but main no longer has it (cleaned up, or a draft from another machine).
      gone && issue.code === 'media-missing' ? { ...issue, params: { gone: 1 } } : issue,
    )
    if (issues.length > 0) throw refusal(issues)
    const payload = buildPayload(draft, grant)
    const outcome = await context.outbox.publish(
      { requestId, payload, summary: summarizeStory(draft, grant), mediaSource: mediaPath, ...(dueAt !== undefined && { dueAt }) },
      signal,
    )
    if (outcome.state === 'dropped') {
      const { code, message, details } = outcome.error
      throw new AppError(code, message, details)
    }
    // The story now lives in the outbox or the history: the composer starts afresh.
    await context.drafts.clear().catch(() => {})
    if (grant) await this.#opts.media.release(grant.id).catch(() => {})
    switch (outcome.state) {
      case 'sent':
        return { state: 'sent', itemId: outcome.item.id, messageId: outcome.messageId, messageStatus: outcome.messageStatus }
      case 'queued':
      case 'unknown':
        return { state: outcome.state, itemId: outcome.item.id, error: outcome.error }
      case 'failed':
        return { state: 'unknown', itemId: outcome.item.id, error: outcome.error }
      case 'scheduled':
        return { state: 'scheduled', itemId: outcome.item.id, dueAt: outcome.item.dueAt! }
    }
  }

  #notify(outcome: AttemptOutcome): void {
    if (outcome.state === 'dropped' || outcome.state === 'scheduled' || outcome.state === 'queued') return
    const kind = outcome.state === 'sent' ? 'published' : outcome.state
    this.#opts.events.notify?.(storyNotification(kind, outcome.item.summary))
  }

  #missed(items: OutboxItemView[]): void {
    const count = items.length
    this.#opts.events.notice(
      'warning',
      count === 1
        ? 'A scheduled story’s time passed before it could be sent. It was not sent late: open the Outbox to send it now, reschedule or cancel it.'
        : `${count} scheduled stories’ times passed before they could be sent. They were not sent late: open the Outbox to decide for each.`,
    )
    for (const item of items) this.#opts.events.notify?.(storyNotification('missed', item.summary))
  }

  async #resolveMedia(draft: StoryDraft): Promise<{ grant: MediaGrant | null; mediaPath: string | null }> {
    if (draft.kind !== 'media' || draft.media.grantId === null) return { grant: null, mediaPath: null }
    const grant = await this.#opts.media.get(draft.media.grantId)
    const mediaPath = grant ? await this.#opts.media.pathOf(grant.id) : null
    return mediaPath ? { grant, mediaPath } : { grant: null, mediaPath: null }
  }

  #labelOf(context: AccountContext): string {
    return this.#opts.labelOf?.(context.session.id) ?? 'this account'
  }

  #remember(requestId: string, result: PublishResult): void {
    this.#answered.set(requestId, result)
    if (this.#answered.size > 100) this.#answered.delete(this.#answered.keys().next().value!)
  }

  async #current(): Promise<AccountContext | null> {
    const context = this.#context
    if (context) await context.ready
    return context
  }

  async #require(): Promise<AccountContext> {
    const context = await this.#current()
    if (!context) throw new AppError('unauthorized', NO_ACCOUNT)
    return context
  }

  async #switchTo(session: AccountSession<StoryPublisher> | null): Promise<void> {
    if (this.#context?.session.id === session?.id && this.#context?.session.client === session?.client) return
    this.#context?.outbox.close()
    this.#context = null
    if (!session) return
    const known = this.#contexts.get(session.id)
    if (known) {
      known.session = session
      this.#context = known
      await known.ready.catch(() => {})
      // Without its token the account's outbox is shown but sends nothing (its client would refuse every item).
      if (!session.tokenNeeded) known.outbox.resume(session.client)
      return
    }
    const { events } = this.#opts
    const setAsideNotice = (what: string) => events.notice('warning', `${what} could not be read and was set aside. ${SEE_SET_ASIDE}`)
    const history = new HistoryStore(session.dir, {
      log: this.#log,
      onSetAside: () => setAsideNotice('The list of published stories'),
    })
    const outbox = new Outbox({
      accountId: session.id,
      accountDir: session.dir,
      publisher: session.client,
      connectivity: this.#opts.connectivity,
      history,
      onChange: (items) => events.outboxChanged(session.id, items),
      onHistory: () => events.historyChanged(session.id),
      onProgress: (requestId, progress) => events.progress({ requestId, ...progress }),
      log: this.#log,
      lateSendMinutes: () => this.#opts.lateSendMinutes?.() ?? 0,
      onMissed: (items) => this.#missed(items),
      onOutcome: (outcome) => this.#notify(outcome),
      ...(this.#opts.timers && { timers: this.#opts.timers }),
      ...(this.#opts.retry && { retry: this.#opts.retry }),
    })
    // Opened for reading only until the token is entered: nothing may be sent, or be marked failed, meanwhile.
    if (session.tokenNeeded) outbox.close()
    const context: AccountContext = {
      session,
      outbox,
      history,
      drafts: new DraftStore(session.dir, this.#log, () => setAsideNotice('The saved draft')),
      setAside: new SetAsideFiles(session.dir),
      ready: Promise.resolve(),
    }
    // Leftovers of writes a killed run never finished go before anything reads the folders.
    context.ready = sweepStaleTempFiles(session.dir, this.#log)
      .catch(() => 0)
      .then(() => outbox.open())
      .then(
      (setAside) => {
        for (const path of setAside) {
          setAsideNotice('A story in the outbox')
          this.#log.warn('outbox item set aside', { path })
        }
        if (this.#context === context) void outbox.drain()
      },
      (error: unknown) => {
        this.#log.error('outbox could not be opened', { error: error instanceof Error ? error.message : String(error) })
        events.notice('error', 'The outbox could not be read. Stories cannot be queued until the app is restarted.')
        throw new AppError('storage', 'The outbox could not be read from disk.')
      },
    )
    this.#context = context
    this.#contexts.set(session.id, context)
    await context.ready.catch(() => {})
  }
}

function refusal(issues: StoryIssue[]): AppError {
  return new AppError('invalid-argument', describeIssues(issues), { issues })
}

function buildPayload(draft: StoryDraft, grant: MediaGrant | null): StoryPayload {
  if (draft.kind === 'text' || grant === null) {
    const request = textStoryRequest(draft)
    const parsed = parseStoryRequest(request)
    if (!parsed.success) throw invalidRequest(parsed.issue)
    return { kind: 'text', request: { ...request } }
  }
  const fields = mediaStoryFields(draft, grant)
  const parsed = parseStoryRequest({ ...fields, media: `data:${grant.mimeType};base64,`, mime_type: grant.mimeType })
  if (!parsed.success) throw invalidRequest(parsed.issue)
  return { kind: 'media', fields: { ...fields }, media: { file: 'media', mimeType: grant.mimeType, size: grant.size } }
}

function invalidRequest(issue: { path: string; message: string }): AppError {
  return new AppError('invalid-argument', `The story was not sent: ${issue.path ? `${issue.path}: ` : ''}${issue.message}.`, { issue })
}

function resultOfItem(item: OutboxItemView): PublishResult {
  const error = item.lastError ?? { code: 'offline' as const, message: 'The story is waiting in the outbox.' }
  if (item.state === 'scheduled' && item.dueAt !== null) return { state: 'scheduled', itemId: item.id, dueAt: item.dueAt }
  return item.state === 'unknown' || item.state === 'failed' || item.state === 'sending'
    ? { state: 'unknown', itemId: item.id, error }
    : { state: 'queued', itemId: item.id, error }
}

function repostSummary(story: FeedStory, audience: { contacts?: string[]; exclude_contacts?: string[] }): StorySummary {
  const contacts = audience.contacts?.length ?? 0
  return {
    kind: story.kind === 'other' ? 'image' : story.kind,
    text: story.text,
    thumbnail: story.thumbnail,
    background: story.background,
    color: story.color,
    font: story.font,
    audience:
      contacts > 0
        ? { mode: 'contacts', count: contacts, excluded: 0 }
        : { mode: 'everyone', count: null, excluded: audience.exclude_contacts?.length ?? 0 },
    mediaBytes: null,
  }
}
