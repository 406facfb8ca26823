import type { HistoryItemView, OutboxAction } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { HistoryEntry, OutboxItemView, StorySummary } from '@shared/story/records'
import { tokenNeededError } from '../../../account/accounts/token-needed-client'
import type { AccountWorkspace } from '../../../account/workspace/account-workspace'
import type { PartKind } from '../../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import type { Logger } from '../../../platform/log/log'
import type { ScheduleEdit } from './outbox'
import type { AccountOutbox } from './outbox-part'
import { SHARED_LOOK_MS } from './outbox-core'
import type { OutboxStore, WakeWorker } from './store/outbox-store'

/** Whether this engine is watching for due stories, for a health check. */
export interface SchedulerStatus {
  /** The outboxes were opened and the store's wake-ups are listened to. */
  started: boolean
  /** On a shared store: the look every open account's items get every SHARED_LOOK_MS runs; null on files (no other writer). */
  sharedLook: { running: boolean; lastAt: string | null } | null
  /** The store's worker that turns due jobs into wake-ups; null when the store has none. */
  worker: WakeWorker | null
}

export interface OutboxServiceOptions {
  workspaces: WorkspaceSource
  outbox: PartKind<AccountOutbox>
  /** The store every account's outbox is on: with another writer (PostgreSQL), its wake-ups reach this engine. */
  store: OutboxStore
  log: Logger
}

/**
 * Every open account's outbox, planned stories and history, as one: each account's part does
 * the work in its own workspace (outbox-part.ts); this lists them together, each item naming its
 * account, and passes the user's decisions to the account an item belongs to.
 */
export class OutboxService {
  readonly #opts: OutboxServiceOptions
  #unsubscribe: (() => void) | null = null
  #stopWaking: (() => Promise<void>) | null = null
  #look: NodeJS.Timeout | null = null
  #lastLookAt: number | null = null
  #looking = false

  constructor(options: OutboxServiceOptions) {
    this.#opts = options
  }

  /**
   * Opens every open account's outbox, and each account's opened later: planned and queued
   * stories go out at their time whichever account is on screen, and a story whose time passed
   * while the app was not running becomes missed and waits for the user.
   */
  async start(): Promise<void> {
    this.#unsubscribe = this.#opts.workspaces.onOpened((workspace) => void this.#open(workspace))
    await Promise.all(this.#opts.workspaces.all().map((workspace) => this.#open(workspace)))
    const { store } = this.#opts
    this.#stopWaking = await store.onDue((accountId) => this.wake(accountId))
    if (store.kind !== 'files') {
      this.#look = setInterval(() => void this.#lookAgain(), SHARED_LOOK_MS)
      this.#look.unref()
    }
  }

  async dispose(): Promise<void> {
    this.#unsubscribe?.()
    this.#unsubscribe = null
    if (this.#look) clearInterval(this.#look)
    this.#look = null
    // No outbox takes another story from here on; a wake-up job already running ends after its
    // current attempt, and the stop waits for it only so long (the store lets an abandoned job lapse).
    for (const { part } of this.#loaded()) part.outbox.close()
    const stopping = this.#stopWaking?.()
    this.#stopWaking = null
    if (stopping)
      await settledWithin(stopping, STOP_WAKING_WAIT_MS, (error) => this.#opts.log.warn('outbox wake-ups not stopped', { error }))
  }

  /** The store says a story of the account is due (another engine planned it): its outbox looks and sends. */
  async wake(accountId: string): Promise<void> {
    const workspace = this.#opts.workspaces.get(accountId)
    if (!workspace || workspace.mode === 'closed') return
    const part = await this.#open(workspace)
    if (!part || !(await part.startSending())) return
    await part.outbox.wake()
  }

  /** Whether the schedule is being watched: the shared look and the store's worker, with when each last ran. */
  scheduler(): SchedulerStatus {
    const { store } = this.#opts
    const started = this.#stopWaking !== null
    return {
      started,
      sharedLook:
        store.kind === 'files'
          ? null
          : { running: this.#look !== null, lastAt: this.#lastLookAt === null ? null : new Date(this.#lastLookAt).toISOString() },
      worker: started ? (store.wakeWorker?.() ?? null) : null,
    }
  }

  /**
   * Every open outbox looks at the store again, a few at a time, so one account that waits on its
   * send does not hold up the others' looks. A look still going when the next is due is not doubled.
   */
  async #lookAgain(): Promise<void> {
    if (this.#looking) return
    this.#looking = true
    this.#lastLookAt = Date.now()
    try {
      const queue = await this.#toLook()
      const lookNext = async (): Promise<void> => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { workspace, part } = next
          await part.outbox.wake().catch((error: unknown) =>
            this.#opts.log.warn('outbox not looked at again', {
              accountId: workspace.id,
              error: error instanceof Error ? error.message : String(error),
            }),
          )
        }
      }
      await Promise.all(Array.from({ length: Math.min(LOOKS_AT_ONCE, queue.length) }, lookNext))
    } finally {
      this.#looking = false
    }
  }

  /** The open outboxes a look wakes: all of them, or where the store is this engine's alone, those it names. */
  async #toLook(): Promise<{ workspace: AccountWorkspace; part: AccountOutbox }[]> {
    const loaded = [...this.#loaded()]
    const { store } = this.#opts
    if (!store.accountsToLook) return loaded
    const named = new Set(await store.accountsToLook(Date.now()))
    return loaded.filter(({ workspace }) => named.has(workspace.id))
  }

  async #open(workspace: AccountWorkspace): Promise<AccountOutbox | null> {
    try {
      const part = workspace.part(this.#opts.outbox)
      await part.ready
      return part
    } catch (error) {
      this.#opts.log.warn('outbox not opened', { accountId: workspace.id, error: error instanceof Error ? error.message : String(error) })
      return null
    }
  }

  /** The outboxes that opened, with their workspaces. */
  async #all(): Promise<{ workspace: AccountWorkspace; part: AccountOutbox }[]> {
    const open = this.#opts.workspaces.all().filter((workspace) => workspace.mode !== 'closed')
    const parts = await Promise.all(open.map(async (workspace) => ({ workspace, part: await this.#open(workspace) })))
    return parts.flatMap(({ workspace, part }) => (part ? [{ workspace, part }] : []))
  }

  async #of(accountId: string): Promise<{ workspace: AccountWorkspace; part: AccountOutbox }> {
    const workspace = this.#opts.workspaces.get(accountId)
    if (!workspace || workspace.mode === 'closed') throw new AppError('not-found', userText('storyErrors.publish.accountGone'))
    const part = workspace.part(this.#opts.outbox)
    await part.ready
    return { workspace, part }
  }

  /** Every account's items. */
  async list(): Promise<OutboxItemView[]> {
    return (await this.#all()).flatMap(({ part }) => part.outbox.list())
  }

  /** One account's items, as its outbox last saw them. */
  async listOf(accountId: string): Promise<OutboxItemView[]> {
    return (await this.#of(accountId)).part.outbox.list()
  }

  /** The user's decision on one item, made on revision `rev` of it when the caller says which it saw. */
  async act(accountId: string, id: string, action: OutboxAction, rev?: number): Promise<OutboxItemView[]> {
    const { workspace, part } = await this.#of(accountId)
    if ((action === 'send-now' || action === 'send-again') && !(await part.startSending())) throw tokenNeededError(workspace.label)
    return part.outbox.act(id, action, rev)
  }

  /** Reschedules or edits the caption of a planned story. */
  async scheduleEdit(accountId: string, id: string, edit: ScheduleEdit): Promise<OutboxItemView> {
    return (await this.#of(accountId)).part.outbox.editScheduled(id, edit)
  }

  async scheduleDuplicate(accountId: string, id: string, requestId: string, dueAt: string): Promise<OutboxItemView> {
    return (await this.#of(accountId)).part.outbox.duplicate(id, requestId, dueAt)
  }

  /** The next planned story of any open account, for the tray and the question before quitting: they go only while the app runs. */
  nextDue(): { dueAt: string; summary: StorySummary; accountId: string } | null {
    let next: { dueAt: string; summary: StorySummary; accountId: string } | null = null
    for (const { workspace, part } of this.#loaded()) {
      const due = part.outbox.nextDue()
      if (due && (next === null || due.dueAt < next.dueAt)) next = { dueAt: due.dueAt, summary: due.summary, accountId: workspace.id }
    }
    return next
  }

  /** The account's next planned story, when its outbox is open: a check of its token runs before it. */
  nextDueOf(accountId: string): string | null {
    const part = this.#opts.workspaces.get(accountId)?.peek(this.#opts.outbox)
    return part?.outbox.nextDue()?.dueAt ?? null
  }

  /** Planned stories of every open account: the window hides to the tray instead of quitting while any wait. */
  scheduledCount(): number {
    let count = 0
    for (const { part } of this.#loaded()) count += part.outbox.list().filter((item) => item.state === 'scheduled').length
    return count
  }

  /** The computer woke up (or the clock may have moved): every open outbox looks at its schedule again. */
  recheckSchedule(): void {
    for (const { part } of this.#loaded()) void part.outbox.checkSchedule({ running: true })
  }

  /** Outboxes already made, without waiting: for the tray, which asks often and synchronously. */
  *#loaded(): Generator<{ workspace: AccountWorkspace; part: AccountOutbox }> {
    for (const workspace of this.#opts.workspaces.all()) {
      const part = workspace.mode === 'closed' ? null : workspace.peek(this.#opts.outbox)
      if (part) yield { workspace, part }
    }
  }

  /** Every account's published stories, newest first. */
  async historyList(): Promise<HistoryItemView[]> {
    const lists = await Promise.all(
      (await this.#all()).map(async ({ workspace, part }) =>
        (await part.history.list()).map((entry) => ({ ...entry, accountId: workspace.id })),
      ),
    )
    return lists.flat().sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
  }

  /** One account's published stories. */
  async history(accountId: string): Promise<HistoryEntry[]> {
    return (await this.#of(accountId)).part.history.list()
  }

  /** The server listed these stories with these statuses: the account's history follows. True when anything changed. */
  async settleHistory(accountId: string, statuses: ReadonlyMap<string, string>): Promise<boolean> {
    return (await this.#of(accountId)).part.history.settle(statuses)
  }

  /** Settles once every open outbox's queue has (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.#loaded()].map(({ part }) => part.outbox.idle()))
  }
}

/** Accounts whose outboxes look at the shared store at the same time. */
const LOOKS_AT_ONCE = 8

/** How long shutting down waits for the store's wake-up worker to stop: as long as a send on its way is waited for. */
const STOP_WAKING_WAIT_MS = 5_000

/** Waits for `work` at most `ms`; what it ends in (or that it did not end) is said, never thrown at shutdown. */
async function settledWithin(work: Promise<void>, ms: number, said: (error: string) => void): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms)
    timer.unref?.()
  })
  const ended = await Promise.race([
    work.then(
      () => 'done' as const,
      (error: unknown) => String(error),
    ),
    late,
  ])
  clearTimeout(timer)
  if (ended !== 'done') said(ended)
}
