import { z } from 'zod'
import { STORY_KINDS, type InsightsOverview } from '@shared/channels/insights'
import { InstantSchema } from '@shared/instant'
import { AUDIENCE_MODES } from '../../account/files/formats/insights-files'
import { mergeOverviews } from '../insights/overview-merge'
import type { AgentViews } from './agent-offline'
import { isAway, viewKey } from './agent-routing'
import { askAgent } from './agent-split'
import type { HostedAccount, HostedAccounts } from './hosted-accounts'

/** Far beyond any account's figures (a year of a busy account's views), yet a number a sum stays exact in. */
const MAX_COUNT = 1e12
const count = z.number().int().min(0).max(MAX_COUNT)
const reach = z.number().min(0).max(MAX_COUNT)
/** A story lives a day: a first view later than a few weeks is no figure of one. */
const minutes = z.number().min(0).max(65_535).nullable()
/** One row per audience told apart: saved audiences are a few hundred at most. */
const MAX_AUDIENCES = 1_000

/** The agent's overview of one account, read as a peer's answer: its shape, its bounds, nothing more. */
const OverviewSchema = z.object({
  stories: count,
  views: count,
  from: InstantSchema.nullable(),
  to: InstantSchema.nullable(),
  thin: z.boolean(),
  heatmap: z.array(z.array(count).length(24)).length(7),
  byAudience: z
    .array(
      z.object({
        audience: z.object({ mode: z.enum(AUDIENCE_MODES), name: z.string().max(100).nullable(), size: count.nullable() }),
        stories: count,
        medianReach: reach,
        medianShare: z.number().min(0).max(MAX_COUNT).nullable(),
      }),
    )
    .max(MAX_AUDIENCES),
  byKind: z.array(z.object({ kind: z.enum(STORY_KINDS), stories: count, medianReach: reach })).max(STORY_KINDS.length),
  trend: z.array(z.object({ weekStart: InstantSchema, stories: count, views: count, medianReach: reach.nullable() })).max(104),
  latency: z.object({
    median: minutes,
    p25: minutes,
    p75: minutes,
    histogram: z.array(z.object({ upToMinutes: z.number().int().min(0).max(65_535), views: count })).max(32),
  }),
})

type Scope = { accountId: null; timeZone: string; weeks: number }
type Part = { value: InsightsOverview; asOf: string | null }

export interface AgentInsightsOptions {
  hosted: HostedAccounts
  invoke: (channel: string, arg: unknown) => Promise<unknown>
  views: AgentViews
  now?: () => Date
}

/**
 * The Insights figures of every account, for a desktop some of whose accounts run on the agent:
 * this desktop's accounts counted here, each account on the agent asked there by itself (so no
 * other account the agent holds is counted), and the parts merged. While the agent does not
 * answer, an account's last answer is counted, and the figures say as of when.
 */
export class AgentInsights {
  readonly #opts: AgentInsightsOptions

  constructor(options: AgentInsightsOptions) {
    this.#opts = options
  }

  /** `local` counts the accounts that run here (the engine leaves out those on the agent). */
  async everyAccount(scope: Scope, local: () => Promise<InsightsOverview>): Promise<InsightsOverview> {
    const hosted = await this.#opts.hosted.list()
    const here = await local()
    if (hosted.length === 0) return here
    const parts = await Promise.all(hosted.map((account) => this.#partOf(account, scope)))
    const merged = mergeOverviews(
      here,
      parts.map((part) => part.value),
    )
    const kept = parts.flatMap((part) => (part.asOf === null ? [] : [part.asOf])).sort()
    return kept.length === 0 ? merged : { ...merged, stale: true, asOf: kept[0]! }
  }

  /** One account's figures from the agent, or its last answer (`asOf`) while the agent is away. */
  async #partOf(account: HostedAccount, scope: Scope): Promise<Part> {
    const mine = { accountId: account.accountId, timeZone: scope.timeZone, weeks: scope.weeks }
    // The same key as the account's own Insights view: either keeps the last state for the other.
    const key = viewKey('insights:overview', mine)
    try {
      const value = await askAgent(this.#opts.invoke, 'insights:overview', { ...mine, accountId: account.agentAccountId }, OverviewSchema)
      await this.#opts.views.put(account.accountId, key, value, this.#now())
      return { value, asOf: null }
    } catch (error) {
      if (!isAway(error)) throw error
      const kept = await this.#opts.views.get(account.accountId, key)
      const read = OverviewSchema.safeParse(kept?.value)
      // Nothing known of the account: figures without it would pass for every account's.
      if (!kept || !read.success) throw error
      return { value: read.data, asOf: kept.asOf }
    }
  }

  #now(): string {
    return (this.#opts.now ?? (() => new Date()))().toISOString()
  }
}
