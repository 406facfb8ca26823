import { dirname, join } from 'node:path'
import type {
  OutboxAction,
  PublishResult,
  PublishWhen,
  SetAsideAction,
  SetAsideItem,
  StoryNotification,
  UploadProgressEvent,
} from '@shared/channels/outbox'
import type { AppNotice } from '@shared/channels/app'
import { AppError, codeText } from '@shared/errors'
import type { UserText } from '@shared/i18n/user-text'
import type { StoryDraft } from '@shared/story/draft'
import type { FeedStory } from '@shared/story/feed'
import type { StoryLimits } from '@shared/story/limits'
import type { HistoryEntry, OutboxItemView } from '@shared/story/records'
import { APP_FILE_LIST } from '../../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../../src-main/account/files/file-root'
import type { AccountSession } from '../../../../../../src-main/account/workspace/account-session'
import { AccountWorkspace } from '../../../../../../src-main/account/workspace/account-workspace'
import { Workspaces } from '../../../../../../src-main/account/workspace/workspaces'
import { EventHub } from '../../../../../../src-main/platform/events'
import { silentLogger } from '../../../../../../src-main/platform/log/log'
import type { MediaStore } from '../../../../../../src-main/features/stories/media/media-store'
import type { OutboxTimers, ScheduleEdit, StoryPublisher } from '../../../../../../src-main/features/stories/outbox/outbox'
import { createOutboxes } from '../../../../../../src-main/features/stories/outbox/outbox-module'
import { FilesOutboxStore } from '../../../../../../src-main/features/stories/outbox/store/files-store'
import type { Connectivity } from '../../../../../../src-main/platform/net/connectivity'
import { createStoriesModule, type StoriesModule } from '../../../../../../src-main/features/stories/publish/stories-module'

/** What the tests' outbox clients answer: a publisher, perhaps only part of a client. */
type TestSession = AccountSession<StoryPublisher>

/** The one window the harness's screen is: the account on it is the one the tests publish to. */
const SCREEN = 'window:harness'

export interface HarnessOptions {
  /** The account on screen, and (when the test switches) who to tell. */
  accounts: { active(): TestSession | null; onActiveChange(listener: (session: TestSession | null) => void): () => void }
  media: MediaStore
  limits: () => StoryLimits
  events: {
    progress(event: UploadProgressEvent): void
    outboxChanged(accountId: string, items: OutboxItemView[]): void
    historyChanged(accountId: string): void
    notice(level: 'info' | 'warning' | 'error', text: UserText): void
    notify?(notification: StoryNotification): void
  }
  timers?: OutboxTimers
  retry?: { firstMs: number; maxMs: number }
  labelOf?: (accountId: string) => string | undefined
  lateSendMinutes?: () => number
  sessionOf?: (accountId: string) => Promise<TestSession | null>
  /** Every listed account: their workspaces are opened at start. */
  listedAccounts?: () => readonly string[]
}

/**
 * The stories side as the app builds it (createStoriesModule over real workspaces), driven the
 * way the tests drive it: the account on screen, the accounts listed, a session for each.
 */
export class StoriesHarness {
  readonly #opts: HarnessOptions
  readonly #workspaces: Workspaces
  readonly #dirs = new Map<string, string>()
  readonly #hub = new EventHub()
  module: StoriesModule | null = null
  #off: Array<() => void> = []

  constructor(options: HarnessOptions) {
    this.#opts = options
    this.#workspaces = new Workspaces(
      (id) =>
        new AccountWorkspace({
          id,
          dir: this.#dirs.get(id) ?? join('/nonexistent', id),
          log: silentLogger,
          label: () => options.labelOf?.(id) ?? 'this account',
          openSession: async () => this.#sessionOf(id),
        }),
      silentLogger,
    )
  }

  async #sessionOf(id: string): Promise<AccountSession | null> {
    const active = this.#opts.accounts.active()
    const session = active?.id === id ? active : ((await this.#opts.sessionOf?.(id)) ?? null)
    return session as AccountSession | null
  }

  async start(): Promise<void> {
    const { events } = this.#opts
    this.#off.push(
      this.#hub.subscribe((name, payload) => {
        if (name === 'stories:progress') events.progress(payload as UploadProgressEvent)
        else if (name === 'stories:outbox-changed') {
          const { accountId, items } = payload as { accountId: string; items: OutboxItemView[] }
          events.outboxChanged(accountId, items)
        } else if (name === 'stories:history-changed') events.historyChanged((payload as { accountId: string }).accountId)
        else if (name === 'app:notice') {
          const notice = payload as AppNotice
          events.notice(notice.level, notice.text)
        } else if (name === 'stories:notify') events.notify?.(payload as StoryNotification)
      }),
    )
    const active = this.#opts.accounts.active()
    for (const id of this.#opts.listedAccounts?.() ?? []) {
      const session = await this.#sessionOf(id)
      if (session) this.#dirs.set(id, session.dir)
    }
    if (active) {
      this.#dirs.set(active.id, active.dir)
      await this.#workspaces.show(SCREEN, active.id, active as AccountSession)
    }
    // The accounts' folders sit in the test's root, beside its media folder: the data folder is that root.
    const appDir = dirname(active?.dir ?? [...this.#dirs.values()][0] ?? '/nonexistent/x')
    const outboxes = createOutboxes({
      workspaces: this.#workspaces,
      store: new FilesOutboxStore({ dirOf: (id) => this.#dirs.get(id) ?? join('/nonexistent', id), owner: 'harness' }),
      events: this.#hub,
      log: silentLogger,
      ...(this.#opts.lateSendMinutes && { lateSendMinutes: this.#opts.lateSendMinutes }),
      ...(this.#opts.timers && { timers: this.#opts.timers }),
      ...(this.#opts.retry && { retry: this.#opts.retry }),
    })
    this.module = createStoriesModule({
      dataDir: appDir,
      workspaces: this.#workspaces,
      appFiles: new FileRoot(appDir, APP_FILE_LIST, { log: silentLogger }),
      labelOf: (id) => this.#opts.labelOf?.(id),
      outboxes,
      limits: this.#opts.limits,
      participants: async () => null,
      participantsWithIds: async () => [],
      groups: async () => [],
      fetch: globalThis.fetch,
      events: this.#hub,
      log: silentLogger,
    })
    this.#off.push(
      this.#opts.accounts.onActiveChange((session) => {
        if (session) {
          this.#dirs.set(session.id, session.dir)
          void this.#workspaces.show(SCREEN, session.id, session as AccountSession)
        } else void this.#workspaces.hide(SCREEN)
      }),
    )
    for (const id of this.#dirs.keys()) this.#workspaces.open(id)
    await this.module.start()
  }

  get #m(): StoriesModule {
    if (!this.module) throw new Error('harness not started')
    return this.module
  }

  #activeId(): string {
    const active = this.#workspaces.shownTo(SCREEN)
    if (active === null) throw new AppError('unauthorized', codeText('unauthorized'))
    return active
  }

  /** The account's own view of its server, as its requests learn it. */
  connectivityOf(accountId: string): Connectivity {
    const workspace = this.#workspaces.get(accountId)
    if (!workspace) throw new Error(`no workspace for ${accountId}`)
    return workspace.connectivity
  }

  /**
   * A publish to the account on screen (at `dueAt`, ms, when given), answered as one outcome: a
   * refusal is thrown. The story is that account's composer draft, as the composer sends it.
   */
  async publish(requestId: string, draft: StoryDraft, dueAt?: number) {
    const accountId = this.#activeId()
    const result = await this.#m.publisher.publish(requestId, draft, [accountId], at(dueAt), accountId)
    const outcome = result.targets[0]!.outcome
    if (outcome.state === 'refused') throw new AppError(outcome.error.code, outcome.error.text, outcome.error.details)
    return outcome
  }

  /** A story to several accounts, written in the composer of the account on screen. */
  broadcast(requestId: string, draft: StoryDraft, accountIds: readonly string[], dueAt?: number): Promise<PublishResult> {
    return this.#m.publisher.publish(requestId, draft, accountIds, at(dueAt), this.#workspaces.shownTo(SCREEN) ?? undefined)
  }

  repost(requestId: string, story: FeedStory, audience: { contacts?: string[]; exclude_contacts?: string[] }) {
    return this.#m.publisher.repost(this.#activeId(), requestId, story, audience)
  }

  cancel(requestId: string): void {
    this.#m.publisher.cancel(requestId)
  }

  /** The items of the account on screen, as the Outbox showed them before it listed every account. */
  async outboxList(): Promise<OutboxItemView[]> {
    const active = this.#workspaces.shownTo(SCREEN)
    return active !== null ? (await this.#m.outboxes.list()).filter((item) => item.accountId === active) : []
  }

  outboxAct(id: string, action: OutboxAction): Promise<OutboxItemView[]> {
    return this.#m.outboxes.act(this.#activeId(), id, action)
  }

  scheduleEdit(id: string, edit: ScheduleEdit): Promise<OutboxItemView> {
    return this.#m.outboxes.scheduleEdit(this.#activeId(), id, edit)
  }

  async historyList(): Promise<HistoryEntry[]> {
    const active = this.#workspaces.shownTo(SCREEN)
    return active !== null ? this.#m.outboxes.history(active) : []
  }

  nextDue() {
    return this.#m.outboxes.nextDue()
  }

  scheduledCount(): number {
    return this.#m.outboxes.scheduledCount()
  }

  recheckSchedule(): void {
    this.#m.outboxes.recheckSchedule()
  }

  /** The composer draft of the account on screen (none without one). */
  async draftGet(): Promise<StoryDraft | null> {
    const active = this.#workspaces.shownTo(SCREEN)
    return active === null ? null : this.#m.drafts.draftGet(active)
  }

  /** Saves into `accountId`'s composer when given (a save sent just before a switch), the account on screen's otherwise. */
  async draftSave(draft: StoryDraft, accountId?: string): Promise<void> {
    return this.#m.drafts.draftSave(accountId ?? this.#activeId(), draft)
  }

  setAsideList(): Promise<SetAsideItem[]> {
    return this.#m.setAside.list()
  }

  setAsideAct(id: string, action: SetAsideAction): Promise<SetAsideItem[]> {
    return this.#m.setAside.act(this.#activeId(), id, action)
  }

  /** An account signed out: its workspace closes (a send on its way finishes), so nothing of it goes any more. */
  accountsListed(ids: ReadonlySet<string>): void {
    for (const workspace of this.#workspaces.all()) if (!ids.has(workspace.id)) void this.#workspaces.close(workspace.id)
  }

  idle(): Promise<void> {
    return this.#m.outboxes.idle()
  }

  async dispose(): Promise<void> {
    for (const off of this.#off.splice(0)) off()
    await this.module?.dispose()
    await this.#workspaces.closeAll()
  }
}

/** A due instant in ms as the contract says it. */
function at(dueAt: number | undefined): PublishWhen | undefined {
  return dueAt === undefined ? undefined : { at: new Date(dueAt).toISOString() }
}
