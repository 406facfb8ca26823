import { rm } from 'node:fs/promises'
import type { UserText } from '@shared/i18n/user-text'
import { ACCOUNT_FILES } from '../../account/files/account-files'
import type { InsightsLiveFile } from '../../account/files/formats/insights-files'
import { setAsideNotice } from '../../account/files/file-registry'
import { SharedJsonDocument, type DocumentRows } from '../../account/files/shared-documents'
import type { AccountWorkspace } from '../../account/workspace/account-workspace'
import { definePart, type PartKind, type WorkspacePart } from '../../account/workspace/account-workspace'
import type { Logger } from '../../platform/log/log'
import { FileArchive, SharedArchive } from './archive-source'
import { InsightsStore } from './insights-store'
import type { StoryColumns } from './story-columns'

/** How long closing an account waits for a round of samples on its way. */
const DISPOSE_WAIT_MS = 5_000

export interface InsightsPartDeps {
  log: Logger
  now: () => number
  /** Tells the user something (a damaged archive set aside). */
  notice(text: UserText): void
  /** The accounts' documents shared by the engines on one database: the insights are kept there, not in the account's folder. */
  sharedRows?: DocumentRows | null
}

/**
 * One account's insights: its store, and what its sampling remembers between rounds (when the
 * server may be asked again after it said to slow down). Kept while the account is open, on
 * screen or not, so every open account's stories are followed.
 */
export class AccountInsights implements WorkspacePart {
  readonly id: string
  readonly store: InsightsStore
  readonly workspace: AccountWorkspace
  /** No request before this time (the server answered 429, or could not be reached). */
  pausedUntil = 0
  /** The last pause, doubled at each refusal in a row. */
  pauseMs = 0
  /** The round of samples on its way, if any. */
  round: Promise<unknown> | null = null
  disposed = false

  constructor(workspace: AccountWorkspace, deps: InsightsPartDeps) {
    this.id = workspace.id
    this.workspace = workspace
    const rows = deps.sharedRows ?? null
    const { insightsLive, insightsArchive } = ACCOUNT_FILES
    const archiveSetAside = () => deps.notice(setAsideNotice(insightsArchive))
    this.store = new InsightsStore({
      accountId: workspace.id,
      live: rows
        ? new SharedJsonDocument(insightsLive, {
            accountId: workspace.id,
            rows,
            log: deps.log,
            onSetAside: () => deps.notice(setAsideNotice(insightsLive)),
          })
        : workspace.files.json(insightsLive),
      ...(rows && {
        archive: new SharedArchive({
          accountId: workspace.id,
          name: insightsArchive.path,
          rows,
          log: deps.log,
          onSetAside: archiveSetAside,
        }),
      }),
      archivePath: workspace.files.path(insightsArchive),
      log: deps.log,
      now: deps.now,
      onSetAside: archiveSetAside,
    })
    if (rows)
      void this.store.adopt(
        () => this.#localFiles(deps),
        () => this.#removeLocalFiles(),
      )
  }

  /** What this account's folder kept before its insights were shared: its live stories and its archive, or null when neither is there. */
  async #localFiles(deps: InsightsPartDeps): Promise<{ archive: StoryColumns; live: InsightsLiveFile } | null> {
    await this.workspace.ready()
    const { insightsLive, insightsArchive } = ACCOUNT_FILES
    const live = await this.workspace.files.json(insightsLive).read()
    const archive = await new FileArchive({
      accountId: this.id,
      path: this.workspace.files.path(insightsArchive),
      log: deps.log,
      now: deps.now,
      onSetAside: () => deps.notice(setAsideNotice(insightsArchive)),
    }).read()
    if (live === null && archive.count === 0) return null
    return { archive, live: live ?? { version: 1, listedAt: null, stories: [] } }
  }

  async #removeLocalFiles(): Promise<void> {
    await this.workspace.files.json(ACCOUNT_FILES.insightsLive).remove()
    await rm(this.workspace.files.path(ACCOUNT_FILES.insightsArchive), { force: true })
  }

  async dispose(): Promise<void> {
    this.disposed = true
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DISPOSE_WAIT_MS)
      timer.unref()
    })
    await Promise.race([this.round?.catch(() => {}), bound])
    clearTimeout(timer)
    this.store.dispose()
  }
}

export function insightsPart(deps: InsightsPartDeps): PartKind<AccountInsights> {
  return definePart('insights', 'open', (workspace) => new AccountInsights(workspace, deps))
}
