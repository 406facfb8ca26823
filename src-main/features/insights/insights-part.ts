import type { UserText } from '@shared/i18n/user-text'
import { ACCOUNT_FILES } from '../../account/files/account-files'
import { setAsideNotice } from '../../account/files/file-registry'
import type { AccountWorkspace } from '../../account/workspace/account-workspace'
import { definePart, type PartKind, type WorkspacePart } from '../../account/workspace/account-workspace'
import type { Logger } from '../../platform/log/log'
import { InsightsStore } from './insights-store'

/** How long closing an account waits for a round of samples on its way. */
const DISPOSE_WAIT_MS = 5_000

export interface InsightsPartDeps {
  log: Logger
  now: () => number
  /** Tells the user something (a damaged archive set aside). */
  notice(text: UserText): void
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
    this.store = new InsightsStore({
      accountId: workspace.id,
      live: workspace.files.json(ACCOUNT_FILES.insightsLive),
      archivePath: workspace.files.path(ACCOUNT_FILES.insightsArchive),
      log: deps.log,
      now: deps.now,
      onSetAside: () => deps.notice(setAsideNotice(ACCOUNT_FILES.insightsArchive)),
    })
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
