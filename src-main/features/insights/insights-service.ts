import type { BestTimes, EachAnswer, InsightsOverview, ReachPoint, StoryInsight } from '@shared/channels/insights'
import { AppError } from '@shared/errors'
import { userText, type UserText } from '@shared/i18n/user-text'
import type { HistoryEntry } from '@shared/story/records'
import type { SharedAccountData } from '../../account/files/shared-documents'
import type { PartKind } from '../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../account/workspace/workspaces'
import type { EventHub } from '../../platform/events'
import type { Logger } from '../../platform/log/log'
import type { DialogsPort } from '../export/dialogs'
import { bestTimesAcross } from './best-times'
import { eachAccount } from './each-account'
import { exportInsights } from './insights-export'
import { insightsPart, type AccountInsights } from './insights-part'
import { computeOverview, type AccountStories } from './overview'
import { InsightsSampler } from './sampler'
import { textAt } from './story-columns'
import { listStories, reachCurve, STORY_ORDER } from './story-list'
import { checkedZone } from './zoned-hours'

const RECENT_ALL = { sort: 'recent', offset: 0, count: Number.MAX_SAFE_INTEGER } as const

export interface InsightsServiceOptions {
  workspaces: WorkspaceSource
  part: PartKind<AccountInsights>
  retentionDays: () => number
  labelOf: (accountId: string) => string | undefined
  dialogs: DialogsPort
  log: Logger
  now: () => number
  /** The accounts that run on the agent: every account's figures count them from there, not from here. */
  elsewhere?: (() => Promise<ReadonlySet<string>>) | undefined
}

/**
 * What the Insights view asks, answered from each open account's store (no network, so it
 * works offline): the figures are computed here and only they cross the bridge.
 */
export class InsightsService {
  readonly #opts: InsightsServiceOptions

  constructor(options: InsightsServiceOptions) {
    this.#opts = options
  }

  async overview(scope: { accountId: string | null; timeZone: string; weeks: number }): Promise<InsightsOverview> {
    const timeZone = checkedZone(scope.timeZone)
    const stories = await this.#stories(scope.accountId, { hereOnly: true })
    return computeOverview(stories, { timeZone, weeks: scope.weeks, now: this.#opts.now() })
  }

  async stories(args: {
    accountId: string | null
    sort: 'reach' | 'share' | 'recent'
    offset: number
    count: number
  }): Promise<{ items: StoryInsight[]; total: number }> {
    return listStories(await this.#stories(args.accountId, { hereOnly: true }), args)
  }

  async reachCurve(args: { accountId: string; storyId: string }): Promise<ReachPoint[]> {
    const [account] = await this.#stories(args.accountId)
    // The live copy is the newer when both have the story: it is read last.
    for (const columns of [...(account?.parts ?? [])].reverse()) {
      for (let i = columns.count - 1; i >= 0; i--) if (textAt(columns, i, 'id') === args.storyId) return reachCurve(columns, i)
    }
    throw new AppError('not-found', userText('insightsErrors.storyNotFound'))
  }

  /**
   * The next good times for the accounts asked, put together here. An account that cannot be
   * read (closed meanwhile, its store unreadable) has no say; only when none can be read is
   * that the answer.
   */
  async bestTimes(args: { accountIds: readonly string[]; timeZone: string; count: number }): Promise<BestTimes> {
    const timeZone = checkedZone(args.timeZone)
    const read = await Promise.allSettled([...new Set(args.accountIds)].map((accountId) => this.#stories(accountId)))
    const accounts = read.flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
    const failed = read.find((result): result is PromiseRejectedResult => result.status === 'rejected')
    if (accounts.length === 0 && failed) throw failed.reason as Error
    return bestTimesAcross(accounts, { timeZone, count: args.count, now: this.#opts.now() })
  }

  /** Each account's own figures, for several accounts in one call (an agent's answer to a desktop hosting them). */
  async overviewEach(args: { accountIds: readonly string[]; timeZone: string; weeks: number }): Promise<EachAnswer<InsightsOverview>> {
    const timeZone = checkedZone(args.timeZone)
    return eachAccount(args.accountIds, (accountId) => this.overview({ accountId, timeZone, weeks: args.weeks }), this.#opts.log)
  }

  /** A page of each account's own stories, for several accounts in one call. */
  async storiesEach(args: {
    accountIds: readonly string[]
    sort: 'reach' | 'share' | 'recent'
    offset: number
    count: number
  }): Promise<EachAnswer<{ items: StoryInsight[]; total: number }>> {
    const { sort, offset, count } = args
    return eachAccount(args.accountIds, (accountId) => this.stories({ accountId, sort, offset, count }), this.#opts.log)
  }

  /**
   * One ranking of the named accounts' stories together, a page of it. An account not open here
   * is left out (the desktop asking names only its own, and checks what comes back).
   */
  async storiesAcross(args: {
    accountIds: readonly string[]
    sort: 'reach' | 'share' | 'recent'
    offset: number
    count: number
  }): Promise<{ items: StoryInsight[]; total: number }> {
    const read = await Promise.allSettled([...new Set(args.accountIds)].map((accountId) => this.#stories(accountId)))
    return listStories(
      read.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])),
      args,
    )
  }

  /** Each account's own good times (each account by itself), for several accounts in one call. */
  async bestTimesEach(args: { accountIds: readonly string[]; timeZone: string; count: number }): Promise<EachAnswer<BestTimes>> {
    const timeZone = checkedZone(args.timeZone)
    const one = (accountId: string) => this.bestTimes({ accountIds: [accountId], timeZone, count: args.count })
    return eachAccount(args.accountIds, one, this.#opts.log)
  }

  /**
   * Writes the stories of one account or every account as CSV. An account on the agent is never
   * written from this desktop's old copy: `theirs` gives the rows the agent has of such accounts
   * (asked there), and `here: false` says the account asked runs on the agent, none of it here.
   */
  async export(
    args: { accountId: string | null; timeZone: string },
    theirs: readonly StoryInsight[] = [],
    here = true,
  ): Promise<{ path: string | null; rows: number }> {
    checkedZone(args.timeZone)
    const mine = here ? listStories(await this.#stories(args.accountId, { hereOnly: true }), RECENT_ALL).items : []
    const keys = (item: StoryInsight) => ({ reach: item.reach, share: item.reachShare ?? -1, posted: Date.parse(item.postedAt) })
    const items = theirs.length === 0 ? mine : [...mine, ...theirs].sort((a, b) => STORY_ORDER.recent(keys(a), keys(b)))
    return exportInsights(items, {
      timeZone: args.timeZone,
      dialogs: this.#opts.dialogs,
      labelOf: (id) => this.#opts.labelOf(id) || id,
      log: this.#opts.log,
      now: this.#opts.now(),
    })
  }

  /**
   * The stories of one open account, or of every open account; with `hereOnly`, every account
   * that runs here (an account on the agent counts as the agent has it, asked there).
   */
  async #stories(accountId: string | null, options: { hereOnly?: boolean } = {}): Promise<AccountStories[]> {
    const workspaces =
      accountId === null
        ? this.#opts.workspaces.all().filter((workspace) => workspace.mode !== 'closed')
        : [this.#opts.workspaces.get(accountId)]
    const found: AccountStories[] = []
    const elsewhere = accountId === null && options.hereOnly ? await this.#opts.elsewhere?.().catch(() => null) : null
    for (const workspace of workspaces) {
      if (!workspace || workspace.mode === 'closed') throw new AppError('not-found', userText('insightsErrors.noAccount'))
      if (elsewhere?.has(workspace.id)) continue
      const { cutoff, parts } = await workspace.part(this.#opts.part).store.stories(this.#opts.retentionDays())
      found.push({ accountId: workspace.id, cutoff, parts })
    }
    return found
  }
}

export interface InsightsModuleOptions {
  workspaces: WorkspaceSource
  history: (accountId: string) => Promise<HistoryEntry[]>
  retentionDays: () => number
  labelOf: (accountId: string) => string | undefined
  dialogs: DialogsPort
  events: EventHub
  log: Logger
  now?: () => number
  /** How often the sampler goes over the open accounts. */
  tickMs?: number
  /** The accounts that run on the agent (sampled there, not here), asked once a round. */
  elsewhere?: () => Promise<ReadonlySet<string>>
  /** What the engines on one database share: each account's insights kept there, and one engine at a time sampling it. */
  shared?: SharedAccountData | null
}

/** Insights put together: each account's store (a workspace part), the sampler that fills it, and the service the handlers call. */
export function createInsights(options: InsightsModuleOptions) {
  const now = options.now ?? Date.now
  const { events, log } = options
  const shared = options.shared ?? null
  const notice = (text: UserText) => events.emit('app:notice', { level: 'warning', text })
  const part = insightsPart({ log, now, notice, sharedRows: shared?.rows ?? null })
  const sampler = new InsightsSampler({
    workspaces: options.workspaces,
    part,
    history: options.history,
    retentionDays: options.retentionDays,
    onChange: (accountId) => events.emit('insights:changed', { accountId }),
    log,
    now,
    ...(options.tickMs !== undefined && { tickMs: options.tickMs }),
    ...(options.elsewhere && { elsewhere: options.elsewhere }),
    claims: shared?.sampling ?? null,
  })
  const service = new InsightsService({
    workspaces: options.workspaces,
    part,
    retentionDays: options.retentionDays,
    labelOf: options.labelOf,
    dialogs: options.dialogs,
    log,
    now,
    elsewhere: options.elsewhere,
  })
  return { part, sampler, service }
}
export type InsightsModule = ReturnType<typeof createInsights>
