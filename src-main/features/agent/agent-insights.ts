import { z } from 'zod'
import {
  type AgentDated,
  MAX_ACROSS_ACCOUNTS,
  MAX_EACH_ACCOUNTS,
  MAX_EACH_STORIES,
  STORY_KINDS,
  type InsightsOverview,
  type StoryInsight,
} from '@shared/channels/insights'
import { InstantSchema } from '@shared/instant'
import { AUDIENCE_MODES } from '../../account/files/formats/insights-files'
import { mergeOverviews } from '../insights/overview-merge'
import { STORY_ORDER } from '../insights/story-list'
import { isAway } from './agent-answers'
import { AgentParts, isUnknownCall } from './agent-parts'
import { askAgent } from './agent-split'
import { viewKey } from './agent-routing'
import type { HostedAccount } from './hosted-accounts'
import { mergeable, mergedPage, Splits, windowRead, type ReadRanking } from './merged-ranking'

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

/** One story as the agent lists it: what the view shows of it, each field bounded. */
const StoryInsightSchema = z.object({
  accountId: z.string().max(64),
  storyId: z.string().max(200),
  postedAt: InstantSchema,
  kind: z.enum(STORY_KINDS),
  snippet: z.string().max(200),
  style: z.object({ background: z.string().max(32).nullable(), font: z.string().max(32).nullable() }).nullable(),
  audience: z.object({ mode: z.enum(AUDIENCE_MODES), name: z.string().max(100).nullable(), size: count.nullable() }),
  source: z.enum(['statusdesk', 'phone']),
  reach: count,
  reachShare: z.number().min(0).max(MAX_COUNT).nullable(),
  firstViewMinutes: minutes,
  final: z.boolean(),
})
/** The agent's stories of one account are asked in pieces of this many (the contract's largest page). */
export const STORIES_PIECE = 200
export const StoriesPieceSchema = z.object({ items: z.array(StoryInsightSchema).max(STORIES_PIECE), total: count })
/**
 * How deep every account's ranking is merged from each account's own ranking, for an agent older
 * than `insights:stories-across` or away: the first this many stories, 50 pages of the view.
 * Deeper pages would ask the agent for every story before them; they say how many there are, and list none.
 */
export const MERGED_STORIES_DEPTH = 1_000

type Scope = { accountId: null; timeZone: string; weeks: number }
type StoriesPage = { items: StoryInsight[]; total: number }
type StoriesArgs = { sort: 'reach' | 'share' | 'recent'; offset: number; count: number }

/**
 * The Insights figures of every account, for a desktop some of whose accounts run on the agent:
 * this desktop's accounts counted here, each account on the agent as the agent has it (asked in
 * few calls, each naming only accounts of this desktop, so no other account the agent holds is
 * counted), and the parts merged. While the agent does not answer, an account's last answer is
 * counted, and the figures say as of when.
 */
export class AgentInsights extends AgentParts {
  /** Where recent pages of the merged ranking began in each part, for the accounts hosted when they were read. */
  #splits = { of: '', splits: new Splits() }

  /** `local` counts the accounts that run here (the engine leaves out those on the agent). */
  async everyAccount(scope: Scope, local: () => Promise<InsightsOverview>): Promise<InsightsOverview> {
    const hosted = await this.opts.hosted.list()
    const here = await local()
    if (hosted.length === 0) return here
    const { timeZone, weeks } = scope
    const mine = (account: HostedAccount) => ({ accountId: account.accountId, timeZone, weeks })
    const call = {
      each: {
        channel: 'insights:overview-each',
        arg: (accountIds: string[]) => ({ accountIds, timeZone, weeks }),
        perCall: MAX_EACH_ACCOUNTS,
      },
      one: { channel: 'insights:overview', arg: (account: HostedAccount) => ({ ...mine(account), accountId: account.agentAccountId }) },
    }
    // The same key as the account's own Insights view: either keeps the last state for the other.
    const parts = await this.partsOf(hosted, call, OverviewSchema, (account) => viewKey('insights:overview', mine(account)))
    const merged = mergeOverviews(
      here,
      parts.map((part) => part.value),
    )
    const kept = parts.flatMap((part) => (part.asOf === null ? [] : [part.asOf])).sort()
    return kept.length === 0 ? merged : { ...merged, stale: true, asOf: kept[0]! }
  }

  /**
   * A page of every account's stories in the order asked, at any depth: this desktop's ranking
   * and the agent's one ranking of the accounts hosted there, merged (`merged-ranking.ts`).
   * With an agent older than that ranking, or away, each hosted account's first stories as
   * deep as the page, from its last answers while away. `local` reads a page of this desktop's accounts.
   */
  async storiesOfEvery(
    args: StoriesArgs,
    local: (page: { offset: number; count: number }) => Promise<StoriesPage>,
  ): Promise<StoriesPage & AgentDated> {
    const hosted = await this.opts.hosted.list()
    if (hosted.length === 0) return local({ offset: args.offset, count: args.count })
    if (mergeable(args.count) && hosted.length <= MAX_ACROSS_ACCOUNTS) {
      try {
        return await this.#mergedAcross(hosted, args, local)
      } catch (error) {
        if (!isAway(error) && !isUnknownCall(error)) throw error
      }
    }
    return this.#firstOfEach(hosted, args, local)
  }

  async #mergedAcross(
    hosted: readonly HostedAccount[],
    args: StoriesArgs,
    local: (page: { offset: number; count: number }) => Promise<StoriesPage>,
  ): Promise<StoriesPage & AgentDated> {
    const accountIds = hosted.map((account) => account.agentAccountId)
    const ours = new Map(hosted.map((account) => [account.agentAccountId, account.accountId]))
    const of = accountIds.join(',')
    if (this.#splits.of !== of) this.#splits = { of, splits: new Splits() }
    let asOf: string | null = null
    // The windows read, by where they begin: only the page's is kept for a later look while the agent is away.
    const fresh = new Map<string, StoriesPage>()
    const keyOf = (offset: number, count: number) => viewKey('insights:stories-across', { sort: args.sort, offset, count })
    const there: ReadRanking = async (offset, count) => {
      const arg = { accountIds, sort: args.sort, offset, count }
      // A window of the agent's ranking; while the agent is away (or answers what is no page), the one kept.
      const ask = () => askAgent(this.opts.invoke, 'insights:stories-across', arg, StoriesPieceSchema)
      const read = await this.kept(hosted[0]!, keyOf(offset, count), StoriesPieceSchema, ask, false)
      if (read.asOf === null) fresh.set(keyOf(offset, count), read.value)
      if (read.asOf !== null && (asOf === null || read.asOf < asOf)) asOf = read.asOf
      // Only the accounts asked about, in this desktop's ids: the agent's other accounts are not this desktop's.
      const items = read.value.items.flatMap((item) => {
        const accountId = ours.get(item.accountId)
        return accountId === undefined ? [] : [{ ...item, accountId }]
      })
      return { items, total: read.value.total }
    }
    const here: ReadRanking = (offset, count) => local({ offset, count })
    const { split, ...page } = await mergedPage(args.sort, args, { here, there }, this.#splits.splits)
    const window = windowRead(args.offset - split, args.count)
    const key = keyOf(window.offset, window.count)
    const kept = fresh.get(key)
    if (kept) await this.opts.views.put(hosted[0]!.accountId, key, kept, this.now().toISOString())
    return asOf === null ? page : { ...page, stale: true, asOf }
  }

  async #firstOfEach(
    hosted: readonly HostedAccount[],
    args: StoriesArgs,
    local: (page: { offset: number; count: number }) => Promise<StoriesPage>,
  ): Promise<StoriesPage & AgentDated> {
    const depth = Math.min(args.offset + args.count, MERGED_STORIES_DEPTH)
    const here = await readPieces(depth, (offset, count) => local({ offset, count }))
    const parts = await this.#storiesOf(hosted, args.sort, depth)
    const keys = (item: StoryInsight) => ({ reach: item.reach, share: item.reachShare ?? -1, posted: Date.parse(item.postedAt) })
    const all = [...here.items, ...parts.flatMap((part) => part.items)].sort((a, b) => STORY_ORDER[args.sort](keys(a), keys(b)))
    const page = {
      items: args.offset >= depth ? [] : all.slice(args.offset, Math.min(depth, args.offset + args.count)),
      total: parts.reduce((sum, part) => sum + part.total, here.total),
    }
    const kept = parts.flatMap((part) => (part.asOf === null ? [] : [part.asOf])).sort()
    return kept.length === 0 ? page : { ...page, stale: true, asOf: kept[0]! }
  }

  /**
   * Each hosted account's first `depth` stories, a piece of each account at a time (each piece
   * kept as the last state to show while the agent is away); an account whose last piece was
   * short is not asked further.
   */
  async #storiesOf(
    hosted: readonly HostedAccount[],
    sort: StoriesArgs['sort'],
    depth: number,
  ): Promise<Array<StoriesPage & { asOf: string | null }>> {
    const reads = new Map(hosted.map((account) => [account, { items: [] as StoryInsight[], total: 0, asOf: null as string | null }]))
    let asking = [...hosted]
    for (let offset = 0; offset < depth && asking.length > 0; offset += STORIES_PIECE) {
      const mine = (account: HostedAccount) => ({ accountId: account.accountId, sort, offset, count: STORIES_PIECE })
      const call = {
        each: {
          channel: 'insights:stories-each',
          arg: (accountIds: string[]) => ({ accountIds, sort, offset, count: STORIES_PIECE }),
          perCall: Math.floor(MAX_EACH_STORIES / STORIES_PIECE),
        },
        one: { channel: 'insights:stories', arg: (account: HostedAccount) => ({ ...mine(account), accountId: account.agentAccountId }) },
      }
      const pieces = await this.partsOf(asking, call, StoriesPieceSchema, (account) => viewKey('insights:stories', mine(account)))
      const wanted = Math.min(STORIES_PIECE, depth - offset)
      asking = asking.filter((account, index) => {
        const piece = pieces[index]!
        const read = reads.get(account)!
        // Only the account asked about, in this desktop's id: the agent's other accounts are not this desktop's.
        const items = piece.value.items
          .filter((item) => item.accountId === account.agentAccountId)
          .map((item) => ({ ...item, accountId: account.accountId }))
        read.items.push(...items)
        read.total = piece.value.total
        if (piece.asOf !== null && (read.asOf === null || piece.asOf < read.asOf)) read.asOf = piece.asOf
        return items.length >= wanted
      })
    }
    return hosted.map((account) => reads.get(account)!)
  }
}

/** The first `depth` stories of a ranking read a piece at a time, up to its end; the ranking's total as its last piece says. */
async function readPieces(depth: number, read: (offset: number, count: number) => Promise<StoriesPage>): Promise<StoriesPage> {
  const items: StoryInsight[] = []
  let total = 0
  for (let offset = 0; offset < depth; offset += STORIES_PIECE) {
    const piece = await read(offset, Math.min(STORIES_PIECE, depth - offset))
    items.push(...piece.items.slice(0, STORIES_PIECE))
    total = piece.total
    if (piece.items.length < Math.min(STORIES_PIECE, depth - offset)) break
  }
  return { items, total }
}
