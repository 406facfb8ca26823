import { z } from 'zod'
import { channel, event } from '../define'
import type { AppErrorData } from '../errors'
import { MAX_PUBLISH_ACCOUNTS } from './outbox'

/**
 * Insights: what each story reached, kept after it expires (per account, bounded, removed with
 * the account), and what that says about when to post. Main samples viewers while the app
 * runs and answers with aggregates only, so a year of a busy account never crosses the bridge.
 */

export const STORY_KINDS = ['text', 'image', 'video', 'audio'] as const
export type InsightKind = (typeof STORY_KINDS)[number]

/** Who a story went to: everyone, a saved audience (by name), or contacts chosen for it. */
export interface InsightAudience {
  mode: 'everyone' | 'audience' | 'contacts'
  /** The saved audience's name when `mode` is 'audience'. */
  name: string | null
  /** How many it went to, when known (contacts, an audience); null for everyone. */
  size: number | null
}

/** One story as the Insights view lists it. */
export interface StoryInsight {
  accountId: string
  storyId: string
  postedAt: string
  kind: InsightKind
  /** The start of its text or caption, for recognising it (never its audience's numbers). */
  snippet: string
  /** Background and font of a text story, null otherwise. */
  style: { background: string | null; font: string | null } | null
  audience: InsightAudience
  /** Posted from Statusdesk, or from the phone (seen only in the account's story list). */
  source: 'statusdesk' | 'phone'
  /** Distinct viewers seen: final once the story expired. */
  reach: number
  /** reach ÷ the audience's size, when the size is known. */
  reachShare: number | null
  /** Minutes from posting to the first view, null before anyone looked. */
  firstViewMinutes: number | null
  /** True once the story expired and its figures no longer change. */
  final: boolean
}

/** A point of a story's viewers over time: minutes after posting, distinct viewers by then. */
export type ReachPoint = [minutes: number, viewers: number]

/** Which account (or all) and in which time zone weekdays and hours are counted. */
export const InsightsScopeSchema = z.object({
  /** null: every account. */
  accountId: z.string().min(1).max(64).nullable(),
  /** An IANA zone ("Europe/Madrid"); weekday × hour and weeks are counted in it. */
  timeZone: z.string().min(1).max(64),
  /** How many weeks back the trend goes. */
  weeks: z.number().int().min(1).max(104).default(13),
})

/** An answer about an account on the agent, shown from the last state main had while the agent is away. */
export interface AgentDated {
  stale?: boolean
  asOf?: string
}

export interface InsightsOverview extends AgentDated {
  /** Stories counted, and their views. */
  stories: number
  views: number
  /** First and last story counted, null when none. */
  from: string | null
  to: string | null
  /** Too few stories or views to tell patterns from chance: the view says so. */
  thin: boolean
  /** Views by weekday (0 = Monday) × hour (0–23) of when viewers looked, in `timeZone`. */
  heatmap: number[][]
  byAudience: Array<{ audience: InsightAudience; stories: number; medianReach: number; medianShare: number | null }>
  byKind: Array<{ kind: InsightKind; stories: number; medianReach: number }>
  /** One entry per week, oldest first, empty weeks included: `weekStart` is the instant (ISO) of its Monday's midnight in `timeZone`. */
  trend: Array<{ weekStart: string; stories: number; views: number; medianReach: number | null }>
  /** Minutes from posting to each first view of a viewer. */
  latency: {
    median: number | null
    p25: number | null
    p75: number | null
    /** Views whose delay is at most `upToMinutes` and more than the previous bucket's. */
    histogram: Array<{ upToMinutes: number; views: number }>
  }
}

export const InsightStoriesArgsSchema = InsightsScopeSchema.pick({ accountId: true }).extend({
  sort: z.enum(['reach', 'share', 'recent']).default('reach'),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  count: z.number().int().min(1).max(200).default(50),
})

export const BestTimesArgsSchema = z.object({
  /** The accounts ticked under Publish to (as many as one press takes): times good for as many of them as can be. */
  accountIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_PUBLISH_ACCOUNTS),
  timeZone: z.string().min(1).max(64),
  /** How many slots to suggest. */
  count: z.number().int().min(1).max(10).default(3),
})

/** A suggested time: when (an ISO instant), its weekday (0 = Monday) and hour in the zone asked, and its share of views. */
export interface BestTimeSlot {
  at: string
  weekday: number
  hour: number
  share: number
}

export interface BestTimes extends AgentDated {
  /** True when every account's history is too thin to tell: `slots` is then empty. */
  thin: boolean
  /** Some (not all) of the accounts have too little history: the times come from the others. */
  partial: boolean
  /**
   * The next good times, soonest first: for several accounts, the times good for most of them,
   * then by their mean share of views (an account too thin has no say).
   */
  slots: BestTimeSlot[]
}

/**
 * How many accounts one call about each of several accounts names: a desktop asks the agent
 * about the accounts it hosts there in calls of at most this many, not one call an account.
 */
export const MAX_EACH_ACCOUNTS = 200
/** The stories one `insights:stories-each` answer carries at most (accounts × count): far below what a peer's answer may weigh. */
export const MAX_EACH_STORIES = 4_000

const EachAccountIdsSchema = z.array(z.string().min(1).max(64)).min(1).max(MAX_EACH_ACCOUNTS)

export const OverviewEachArgsSchema = InsightsScopeSchema.omit({ accountId: true }).extend({ accountIds: EachAccountIdsSchema })

export const StoriesEachArgsSchema = InsightStoriesArgsSchema.omit({ accountId: true })
  .extend({ accountIds: EachAccountIdsSchema })
  .refine((args) => args.accountIds.length * args.count <= MAX_EACH_STORIES, { path: ['accountIds'] })

/** The accounts one `insights:stories-across` call ranks together: every account a desktop hosts on one agent. */
export const MAX_ACROSS_ACCOUNTS = 2_000

export const StoriesAcrossArgsSchema = InsightStoriesArgsSchema.omit({ accountId: true }).extend({
  accountIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_ACROSS_ACCOUNTS),
})

export const BestTimesEachArgsSchema = BestTimesArgsSchema.extend({ accountIds: EachAccountIdsSchema })

/**
 * One account's part of an answer about each of several accounts: its own answer, or why it has
 * none (an account not held there is `not-found`), so one account never fails the others.
 */
export type EachPart<T> = { accountId: string; value: T } | { accountId: string; error: AppErrorData }
export interface EachAnswer<T> {
  /** One part per account asked, at most; an account named twice is answered once. */
  parts: Array<EachPart<T>>
}

export const insightsChannels = {
  'insights:overview': channel<InsightsOverview>()(InsightsScopeSchema),
  'insights:stories': channel<{ items: StoryInsight[]; total: number } & AgentDated>()(InsightStoriesArgsSchema),
  /** A story's viewers over time (bounded number of points). */
  'insights:reach-curve': channel<ReachPoint[]>()(z.object({ accountId: z.string().min(1).max(64), storyId: z.string().min(1).max(200) })),
  'insights:best-times': channel<BestTimes>()(BestTimesArgsSchema),
  /**
   * Each account's own answer of `insights:overview`, `insights:stories` and `insights:best-times`
   * (`count` slots of each account by itself), for several accounts in one call: a desktop asks
   * the agent so about the accounts it hosts there.
   */
  'insights:overview-each': channel<EachAnswer<InsightsOverview>>()(OverviewEachArgsSchema),
  'insights:stories-each': channel<EachAnswer<{ items: StoryInsight[]; total: number }>>()(StoriesEachArgsSchema),
  'insights:best-times-each': channel<EachAnswer<BestTimes>>()(BestTimesEachArgsSchema),
  /**
   * One ranking of the named accounts' stories together, a page of it (as `insights:stories` of
   * every account, but only these): a desktop merges it with its own accounts' at any depth.
   */
  'insights:stories-across': channel<{ items: StoryInsight[]; total: number }>()(StoriesAcrossArgsSchema),
  /** Writes the listed stories as CSV: through a save dialog (desktop) or to the downloads folder (web mode). */
  'insights:export': channel<{ path: string | null; rows: number }>()(InsightsScopeSchema.pick({ accountId: true, timeZone: true })),
}

export const insightsEvents = {
  /** New samples or a story expired: the view reads again. */
  'insights:changed': event<{ accountId: string }>(),
}
