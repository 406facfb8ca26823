import { AppError } from '@shared/errors'
import { userText, type UserText } from '@shared/i18n/user-text'
import type { OutboxItemView } from '@shared/story/records'
import type { UploadProgressEvent } from '@shared/channels/outbox'
import { ACCOUNT_FILES } from '../../../account/files/account-files'
import { setAsideNotice } from '../../../account/files/file-registry'
import { SharedJsonDocument, type DocumentRows } from '../../../account/files/shared-documents'
import type { AccountSession } from '../../../account/workspace/account-session'
import type { AccountWorkspace } from '../../../account/workspace/account-workspace'
import { definePart, type PartKind, type WorkspacePart } from '../../../account/workspace/account-workspace'
import type { Logger } from '../../../platform/log/log'
import { adoptHistoryFile, HistoryStore } from '../history/history-store'
import { Outbox, type AttemptOutcome, type OutboxTimers, type StoryPublisher } from './outbox'
import type { StoryReader } from './reconcile'
import type { OutboxStore } from './store/outbox-store'

/** How long closing an account waits for sends already on their way. */
const DISPOSE_WAIT_MS = 5_000

export interface OutboxPartDeps {
  /** Where every account's items live and who may send one (files for the desktop, PostgreSQL for an agent). */
  store: OutboxStore
  log: Logger
  onChange(accountId: string, items: OutboxItemView[]): void
  onHistory(accountId: string): void
  onProgress(event: UploadProgressEvent): void
  notice(level: 'warning' | 'error', text: UserText): void
  /** Stories found past their time, now `missed`, in this account. */
  onMissed(workspace: AccountWorkspace, items: OutboxItemView[]): void
  /** What became of a story sent without the user waiting on it. */
  onOutcome(workspace: AccountWorkspace, outcome: AttemptOutcome): void
  lateSendMinutes(): number
  timers?: OutboxTimers
  retry?: { firstMs: number; maxMs: number }
  /** The accounts' documents the engines on one database share: the history is kept there, not in the account's folder. */
  sharedRows?: DocumentRows | null
}

/**
 * One account's outbox, with its schedule and its history: kept while the account is open, on
 * screen or not, so planned and queued stories go out whichever account is shown. It sends only
 * with a client whose token is at hand; without one its items are shown and kept.
 */
export class AccountOutbox implements WorkspacePart {
  readonly outbox: Outbox
  readonly history: HistoryStore
  /** Settles once the items are loaded (and, if any wait to go, the client asked for). */
  readonly ready: Promise<void>
  readonly #workspace: AccountWorkspace
  readonly #log: Logger

  constructor(workspace: AccountWorkspace, deps: OutboxPartDeps) {
    this.#workspace = workspace
    this.#log = deps.log
    const id = workspace.id
    this.history = new HistoryStore(
      deps.sharedRows
        ? new SharedJsonDocument(ACCOUNT_FILES.history, {
            accountId: id,
            rows: deps.sharedRows,
            log: deps.log,
            onSetAside: () => deps.notice('warning', setAsideNotice(ACCOUNT_FILES.history)),
          })
        : workspace.files.json(ACCOUNT_FILES.history),
    )
    const session = workspace.session()
    this.outbox = new Outbox({
      accountId: id,
      accountDir: workspace.dir,
      store: deps.store,
      publisher: sendingClient(session),
      reader: readingClient(session),
      // Each account's own view of the connection: one server down leaves the others online.
      connectivity: workspace.connectivity,
      history: this.history,
      onChange: (items) => deps.onChange(id, items),
      onHistory: () => deps.onHistory(id),
      onProgress: (requestId, progress) => deps.onProgress({ requestId, ...progress }),
      log: deps.log,
      lateSendMinutes: deps.lateSendMinutes,
      onMissed: (items) => deps.onMissed(workspace, items),
      onOutcome: (outcome) => deps.onOutcome(workspace, outcome),
      ...(deps.timers && { timers: deps.timers }),
      ...(deps.retry && { retry: deps.retry }),
    })
    this.ready = this.#open(deps)
  }

  async #open(deps: OutboxPartDeps): Promise<void> {
    await this.#workspace.ready()
    // Before the outbox reads the history (its recovery looks there): what this folder kept joins the shared one.
    if (deps.sharedRows) await this.#adoptHistory()
    let setAside: string[]
    try {
      setAside = await this.outbox.open()
    } catch (error) {
      this.#log.error('outbox could not be opened', { error: error instanceof Error ? error.message : String(error) })
      deps.notice('error', userText('storyErrors.notices.outboxUnreadable'))
      throw new AppError('storage', userText('storyErrors.outbox.unreadable'))
    }
    for (const path of setAside) {
      deps.notice('warning', setAsideNotice(ACCOUNT_FILES.outbox))
      this.#log.warn('outbox item set aside', { path })
    }
    // What was queued goes now; a background account with stories to send gets its client now,
    // one with nothing waiting needs none yet.
    if (this.outbox.sending) void this.outbox.drain()
    else if (this.outbox.hasWaiting()) await this.startSending()
  }

  async #adoptHistory(): Promise<void> {
    try {
      const added = await adoptHistoryFile(this.#workspace.files.json(ACCOUNT_FILES.history), this.history)
      if (added > 0) this.#log.info('history moved from the account folder to the database', { accountId: this.#workspace.id, added })
    } catch (error) {
      // Left where it was: the next start moves it.
      this.#log.warn('history not moved to the database', { error: error instanceof Error ? error.message : String(error) })
    }
  }

  /** Builds the account's client if needed and sends what waits; false when it cannot send (its token is needed). */
  async startSending(): Promise<boolean> {
    const session = await this.#workspace.ensureSession()
    const client = sendingClient(session)
    if (client) this.outbox.resume(client, readingClient(session))
    return client !== null
  }

  useSession(session: AccountSession): void {
    const client = sendingClient(session)
    // Without its token the account's outbox is shown but sends nothing (its client would refuse every item).
    if (client) this.outbox.resume(client, readingClient(session))
    else this.outbox.close()
  }

  /** A send already on its way records its outcome before the files are let go; one that takes longer is left `sending`, which the next start reports as unknown. */
  async dispose(): Promise<void> {
    this.outbox.close()
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DISPOSE_WAIT_MS)
      timer.unref()
    })
    await Promise.race([this.ready.catch(() => {}).then(() => this.outbox.idle().catch(() => {})), bound])
    clearTimeout(timer)
  }
}

function sendingClient(session: AccountSession | null): StoryPublisher | null {
  return session && !session.tokenNeeded ? session.client : null
}

/** The same client reads the account's stories, to settle an unknown outcome. */
function readingClient(session: AccountSession | null): StoryReader | null {
  return session && !session.tokenNeeded ? session.client : null
}

export function outboxPart(deps: OutboxPartDeps): PartKind<AccountOutbox> {
  return definePart('outbox', 'open', (workspace) => new AccountOutbox(workspace, deps))
}
