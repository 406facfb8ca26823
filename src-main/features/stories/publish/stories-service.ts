import { targetRequestId, type BroadcastOutcome, type BroadcastResult, type BroadcastTarget } from '@shared/channels/broadcast'
import type { OutboxAction, PublishResult, SetAsideAction, SetAsideItem, StoryNotification } from '@shared/channels/stories'
import { parseStoryRequest } from '@shared/domain/story'
import { AppError, type AppErrorData } from '@shared/errors'
import { blockingIssues, checkStory, type StoryIssue } from '@shared/story/checks'
import type { StoryDraft } from '@shared/story/draft'
import type { StoryLimits } from '@shared/story/limits'
import type { MediaGrant } from '@shared/story/media-facts'
import type { FeedStory } from '@shared/story/feed'
import type { HistoryEntry, OutboxItemView, StorySummary } from '@shared/story/records'
import { mediaStoryFields, textStoryRequest } from '@shared/story/request'
import { summarizeStory } from '@shared/story/summary'
import type { AccountSession, ActiveAccountSource } from '../../../account/workspace/account-session'
import type { UploadProgress } from '../../../platform/api'
import { DraftStore } from '../drafts/draft-store'
import { HistoryStore } from '../history/history-store'
import { silentLogger, type Logger } from '../../../platform/log/log'
import type { MediaStore } from '../media/media-store'
import { AccountConnectivity } from '../outbox/account-connectivity'
import { OutboxFiles } from '../outbox/outbox-files'
import { Outbox, type AttemptOutcome, type ConnectivityPort, type OutboxTimers, type ScheduleEdit, type StoryPublisher } from '../outbox/outbox'
import type { StoryPayload } from '../outbox/outbox-item'
import { tokenNeededError } from '../../../account/accounts/token-needed-client'
import { SetAsideFiles } from '../set-aside/set-aside-files'
import { describeIssues } from './issue-messages'
import { restoreSetAside } from './restore-set-aside'
import { storyNotification } from './story-notification'
import { sweepStaleTempFiles } from '../../../platform/files/temp-sweep'

/** How long dispose() waits for sends already on their way. */
const DISPOSE_WAIT_MS = 5_000

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
  /** A session for any listed account, active or not (a story published to several accounts). */
  sessionOf?: (accountId: string) => Promise<AccountSession<StoryPublisher> | null>
  /** Whether a saved draft still names this media grant, so publishing does not delete its file. */
  grantInUse?: (grantId: string) => Promise<boolean>
  /** Every listed account: at start, those with stories waiting to go are opened in the background. */
  listedAccounts?: () => readonly string[]
}

interface AccountContext {
  session: AccountSession<StoryPublisher>
  outbox: Outbox
  history: HistoryStore
  drafts: DraftStore
  setAside: SetAsideFiles
  ready: Promise<void>
  /**
   * Opened by a publish to several accounts while another was active: it sends its queue
   * without being the active one, until it is opened (then closed on a switch as usual) or signed out.
   * Contexts are created synchronously after their last await, so one account never gets two outboxes.
   */
  background: boolean
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
  readonly #broadcastRuns = new Map<string, { promise: Promise<BroadcastResult>; controller: AbortController }>()
  readonly #broadcasts = new Map<string, BroadcastResult>()
  #unsubscribe: (() => void) | null = null

  constructor(options: StoriesServiceOptions) {
    this.#opts = options
    this.#log = options.log ?? silentLogger
  }

  /** Opens the active account's outbox and sends what waits in it; follows account switches. */
  async start(): Promise<void> {
    this.#unsubscribe = this.#opts.accounts.onActiveChange((session) => void this.#switchTo(session))
    await this.#switchTo(this.#opts.accounts.active())
    await this.#openWaiting()
  }

  /**
   * Other accounts whose outbox holds a story planned for later or waiting for the connection
   * (a publish to several, then a restart) are opened in the background, so their stories go
   * at their time without the user opening each account; one whose time passed while the app
   * was closed becomes missed there and waits for the user, as in the open account.
   */
  async #openWaiting(): Promise<void> {
    const activeId = this.#context?.session.id
    for (const accountId of this.#opts.listedAccounts?.() ?? []) {
      if (accountId === activeId || this.#contexts.has(accountId)) continue
      try {
        const session = await this.#opts.sessionOf?.(accountId)
        if (!session || session.tokenNeeded || !(await new OutboxFiles(session.dir).hasWaiting())) continue
        await this.#contextFor(accountId)
        this.#log.info('outbox opened in the background', { accountId })
      } catch (error) {
        this.#log.warn('outbox not opened in the background', { accountId, error: String(error) })
      }
    }
  }

  async dispose(): Promise<void> {
    this.#unsubscribe?.()
    const outboxes = [...this.#contexts.values()].map((context) => context.outbox)
    for (const outbox of outboxes) outbox.close()
    this.#contexts.clear()
    this.#context = null
    // A send already on its way records its outcome before the files are let go; one that
    // takes longer is left 'sending', which the next start reports as unknown.
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DISPOSE_WAIT_MS)
      timer.unref()
    })
    await Promise.race([Promise.all(outboxes.map((outbox) => outbox.idle().catch(() => {}))), bound])
    clearTimeout(timer)
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

  /**
   * Publishes one story to several accounts: checked once, then one outbox item per account,
   * each written before it leaves and sent through that account's client (a media file is
   * uploaded to each account's server, each item keeping its own media id). One account's
   * refusal or missing connection does not stop the others.
   */
  async broadcast(requestId: string, draft: StoryDraft, accountIds: readonly string[], dueAt?: number): Promise<BroadcastResult> {
    const answered = this.#broadcasts.get(requestId)
    if (answered) return answered
    const running = this.#broadcastRuns.get(requestId)
    if (running) return running.promise
    const controller = new AbortController()
    const promise = this.#broadcast(requestId, draft, [...new Set(accountIds)], controller.signal, dueAt)
    this.#broadcastRuns.set(requestId, { promise, controller })
    try {
      const result = await promise
      this.#broadcasts.set(requestId, result)
      if (this.#broadcasts.size > 100) this.#broadcasts.delete(this.#broadcasts.keys().next().value!)
      return result
    } finally {
      this.#broadcastRuns.delete(requestId)
    }
  }

  async #broadcast(
    requestId: string,
    draft: StoryDraft,
    accountIds: string[],
    signal: AbortSignal,
    dueAt?: number,
  ): Promise<BroadcastResult> {
    const { grant, mediaPath, payload, summary } = await this.#checked(draft)
    const targets = await Promise.all(
      accountIds.map(async (accountId, index): Promise<BroadcastTarget> => {
        const id = targetRequestId(requestId, index)
        const label = this.#opts.labelOf?.(accountId) ?? accountId
        let outcome: BroadcastOutcome
        try {
          const context = await this.#contextFor(accountId)
          const earlier = context.outbox.findByRequest(id)
          if (earlier) outcome = resultOfItem(earlier)
          else if (context.session.tokenNeeded) throw tokenNeededError(label)
          else {
            const story = { requestId: id, payload, summary, mediaSource: mediaPath, ...(dueAt !== undefined && { dueAt }) }
            outcome = resultOfAttempt(await context.outbox.publish(story, signal))
          }
        } catch (error) {
          outcome = { state: 'refused', error: errorData(error) }
        }
        return { accountId, label, requestId: id, outcome }
      }),
    )
    // Every account holds the story now (sent, or in its outbox): the composer starts afresh.
    // When one refused it, the draft and its file stay, so nothing is lost for that account.
    if (targets.every((target) => target.outcome.state !== 'refused')) {
      await this.#context?.drafts.clear().catch(() => {})
      if (grant) await this.#release(grant.id)
    }
    return { targets }
  }

  /** The account's context: the active one, one already open, or one opened now for a publish to several. */
  async #contextFor(accountId: string): Promise<AccountContext> {
    const active = await this.#current()
    if (active?.session.id === accountId) return active
    const session = await this.#opts.sessionOf?.(accountId)
    if (!session) throw new AppError('not-found', 'That account is no longer in the list.')
    const known = this.#contexts.get(accountId)
    if (known) {
      await known.ready.catch(() => {})
      if (this.#context !== known) {
        known.session = session
        known.background = true
        if (!session.tokenNeeded) known.outbox.resume(session.client)
      }
      return known
    }
    const context = this.#open(session, true)
    await context.ready
    return context
  }

  /**
   * The accounts still listed: an account signed out stops sending in the background (a
   * request already on its way finishes), and a later publish to it opens it afresh.
   */
  accountsListed(ids: ReadonlySet<string>): void {
    for (const [id, context] of this.#contexts) {
      if (ids.has(id) || context === this.#context) continue
      context.outbox.close()
      this.#contexts.delete(id)
    }
  }

  cancel(requestId: string): void {
    this.#broadcastRuns.get(requestId)?.controller.abort()
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

  /**
   * The next planned story of any open account (the active one, and those open in the
   * background), for the tray and the question before quitting: they go only while the app runs.
   */
  nextDue(): { dueAt: string; summary: StorySummary } | null {
    let next: { dueAt: string; summary: StorySummary } | null = null
    const open = new Set([...this.#contexts.values(), ...(this.#context ? [this.#context] : [])])
    for (const context of open) {
      const due = context.outbox.nextDue()
      if (due && (next === null || due.dueAt < next.dueAt)) next = due
    }
    return next
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

  /** The story checked against the rules and limits (refused with every problem), then built. */
  async #checked(draft: StoryDraft) {
    const { grant, mediaPath } = await this.#resolveMedia(draft)
    const gone = draft.kind === 'media' && draft.media.grantId !== null && grant === null
    const issues = blockingIssues(checkStory(draft, grant, this.#opts.limits())).map((issue) =>
      // The file was chosen, but main no longer has it (cleaned up, or a draft from another machine).
      gone && issue.code === 'media-missing' ? { ...issue, params: { gone: 1 } } : issue,
    )
    if (issues.length > 0) throw refusal(issues)
    return { grant, mediaPath, payload: buildPayload(draft, grant), summary: summarizeStory(draft, grant) }
  }

  async #publish(context: AccountContext, requestId: string, draft: StoryDraft, signal: AbortSignal, dueAt?: number): Promise<PublishResult> {
    const { grant, mediaPath, payload, summary } = await this.#checked(draft)
    const outcome = await context.outbox.publish(
      { requestId, payload, summary, mediaSource: mediaPath, ...(dueAt !== undefined && { dueAt }) },
      signal,
    )
    if (outcome.state === 'dropped') {
      const { code, message, details } = outcome.error
      throw new AppError(code, message, details)
    }
    // The story now lives in the outbox or the history: the composer starts afresh.
    await context.drafts.clear().catch(() => {})
    if (grant) await this.#release(grant.id)
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

  /** The published story's file goes, unless a saved draft still shows it. */
  async #release(grantId: string): Promise<void> {
    if (await this.#opts.grantInUse?.(grantId).catch(() => true)) return
    await this.#opts.media.release(grantId).catch(() => {})
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
      known.background = false
      this.#context = known
      await known.ready.catch(() => {})
      // Without its token the account's outbox is shown but sends nothing (its client would refuse every item).
      if (!session.tokenNeeded) known.outbox.resume(session.client)
      return
    }
    const context = this.#open(session, false)
    this.#context = context
    await context.ready.catch(() => {})
  }

  /** Builds an account's context and opens its outbox; a background one sends its queue without being active. */
  #open(session: AccountSession<StoryPublisher>, background: boolean): AccountContext {
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
      // Each account's own view of the connection: one server down leaves the others online.
      connectivity: new AccountConnectivity(this.#opts.connectivity, () => this.#context?.session.id === session.id),
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
      background,
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
        if (this.#context === context || context.background) void outbox.drain()
      },
      (error: unknown) => {
        this.#log.error('outbox could not be opened', { error: error instanceof Error ? error.message : String(error) })
        events.notice('error', 'The outbox could not be read. Stories cannot be queued until the app is restarted.')
        throw new AppError('storage', 'The outbox could not be read from disk.')
      },
    )
    this.#contexts.set(session.id, context)
    return context
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

function resultOfAttempt(outcome: AttemptOutcome): BroadcastOutcome {
  switch (outcome.state) {
    case 'dropped':
      return { state: 'refused', error: outcome.error }
    case 'sent':
      return { state: 'sent', itemId: outcome.item.id, messageId: outcome.messageId, messageStatus: outcome.messageStatus }
    case 'queued':
      return { state: 'queued', itemId: outcome.item.id, error: outcome.error }
    case 'unknown':
    case 'failed':
      return { state: 'unknown', itemId: outcome.item.id, error: outcome.error }
    case 'scheduled':
      return { state: 'scheduled', itemId: outcome.item.id, dueAt: outcome.item.dueAt! }
  }
}

function errorData(error: unknown): AppErrorData {
  return error instanceof AppError ? error.toData() : { code: 'internal', message: 'Something went wrong while publishing to this account.' }
}
