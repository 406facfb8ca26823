import { MAX_EACH_STORIES, type StoryInsight } from '@shared/channels/insights'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { STORIES_PIECE, StoriesPieceSchema } from './agent-insights'
import { askChunk, type EachCall } from './agent-parts'
import { askEach } from './agent-split'
import type { HostedAccount, HostedAccounts } from './hosted-accounts'

/**
 * The most stories one account's export takes from the agent: 70 stories a day over the longest
 * time insights are kept (730 days) is below it. An agent that says it has more is not believed.
 */
export const MAX_EXPORTED_PER_ACCOUNT = 50_000

/** Accounts one call reads a page of each of: as many as one answer may carry. */
const ACCOUNTS_PER_CALL = Math.floor(MAX_EACH_STORIES / STORIES_PIECE)

type Scope = { accountId: string | null; timeZone: string }
type Exported = { path: string | null; rows: number }

export interface AgentInsightsExportOptions {
  hosted: HostedAccounts
  invoke: (channel: string, arg: unknown) => Promise<unknown>
  /** Writes the CSV of `scope`: the rows given, with (`here`) or without this desktop's own accounts' stories. */
  write: (scope: Scope, theirs: StoryInsight[], here: boolean) => Promise<Exported>
  /** The agent's address, to name it when it does not answer. */
  agentUrl: () => Promise<string | null>
}

/**
 * The Insights CSV of an account on the agent, or of every account when some run there: each
 * hosted account's rows are read from the agent (its story list, a bounded number of pages,
 * only that account's stories taken), the accounts here from here; the desktop's old copy of a
 * hosted account is never written. A page of each of up to ACCOUNTS_PER_CALL accounts is asked
 * in one call (an agent older than that call is asked about each account by itself).
 *
 * While the agent does not answer, the export is refused in words naming it, rather than written
 * from the last state kept: a CSV leaves the app, where no banner can say that some rows are
 * old, and the last state kept holds only the first pages the view showed, so the file would be
 * silently short. A user exporting wants every story as it is; they can try again.
 */
export class AgentInsightsExport {
  readonly #opts: AgentInsightsExportOptions

  constructor(options: AgentInsightsExportOptions) {
    this.#opts = options
  }

  /** `local` exports when no account asked runs on the agent. */
  async export(scope: Scope, local: () => Promise<Exported>): Promise<Exported> {
    const hosted = await this.#opts.hosted.list()
    const theirs = scope.accountId === null ? hosted : hosted.filter((entry) => entry.accountId === scope.accountId)
    if (theirs.length === 0) return local()
    // Read before the save dialog opens: an agent away is said before a place to save is asked.
    const rows: StoryInsight[] = []
    for (let start = 0; start < theirs.length; start += ACCOUNTS_PER_CALL)
      rows.push(...(await this.#rowsOf(theirs.slice(start, start + ACCOUNTS_PER_CALL))))
    return this.#opts.write(scope, rows, scope.accountId === null)
  }

  /** Every story the agent keeps of each of `accounts`, newest first, a page at a time, in this desktop's account ids. */
  async #rowsOf(accounts: readonly HostedAccount[]): Promise<StoryInsight[]> {
    const kept = new Map(accounts.map((account) => [account, new Map<string, StoryInsight>()]))
    let asking = [...accounts]
    for (let offset = 0; offset < MAX_EXPORTED_PER_ACCOUNT && asking.length > 0; offset += STORIES_PIECE) {
      const answers = await this.#ask(asking, offset)
      const pieces = await askEach(asking, (account) => this.#inWords(answers.get(account)!))
      asking = asking.filter((account, index) => {
        const piece = pieces[index]!
        if (piece.total > MAX_EXPORTED_PER_ACCOUNT) throw new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
        const byId = kept.get(account)!
        // Only the account asked about: the agent's other accounts are not this desktop's. A story
        // seen on two pages (a new one pushed the list on while it was read) is written once.
        for (const item of piece.items)
          if (item.accountId === account.agentAccountId) byId.set(item.storyId, { ...item, accountId: account.accountId })
        return piece.items.length >= STORIES_PIECE && offset + STORIES_PIECE < piece.total
      })
    }
    return [...kept.values()].flatMap((byId) => [...byId.values()])
  }

  #ask(accounts: readonly HostedAccount[], offset: number) {
    const page = { sort: 'recent', offset, count: STORIES_PIECE }
    const call: EachCall = {
      each: { channel: 'insights:stories-each', arg: (accountIds) => ({ accountIds, ...page }), perCall: ACCOUNTS_PER_CALL },
      one: { channel: 'insights:stories', arg: (account) => ({ accountId: account.agentAccountId, ...page }) },
    }
    return askChunk(this.#opts.invoke, accounts, call, StoriesPieceSchema)
  }

  /** An account's answer; the agent away is said in words naming it. */
  async #inWords<T>(answer: () => Promise<T>): Promise<T> {
    try {
      return await answer()
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'offline' && error.code !== 'timeout')) throw error
      const url = (await this.#opts.agentUrl().catch(() => null)) ?? ''
      throw new AppError('offline', userText('insightsErrors.export.agentAway', { url }), undefined, { cause: error })
    }
  }
}
