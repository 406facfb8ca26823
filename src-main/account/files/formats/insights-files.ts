import { STORY_KINDS } from '@shared/channels/insights'
import { z } from 'zod'

/** A story's views past this are not kept: no story is seen by more people than this on its own. */
export const MAX_STORY_VIEWS = 5000
/** Stories followed at once: far past a day of any real account's stories. */
export const MAX_LIVE_STORIES = 200
/** Views are kept as minutes after posting in 16 bits: later ones count at this minute. */
export const MAX_VIEW_MINUTE = 65_535
/** The last instant a Date can hold (ECMAScript's time values end at ±8.64e15 ms): past it, every date function throws. */
export const MAX_TIME_MS = 8.64e15
/** An instant as the files keep it: milliseconds since the epoch that a Date can hold. */
const instant = () => z.number().int().min(0).max(MAX_TIME_MS)
export const AUDIENCE_MODES = ['everyone', 'audience', 'contacts'] as const
export const STORY_SOURCES = ['statusdesk', 'phone'] as const

/** One story as insights keep it: what it was, who it went to, and when each of its viewers first looked. */
export const InsightRecordSchema = z.object({
  id: z.string().min(1).max(200),
  /** Milliseconds since the epoch. */
  postedAt: instant(),
  kind: z.enum(STORY_KINDS),
  snippet: z.string().max(200),
  background: z.string().max(32).nullable(),
  font: z.string().max(32).nullable(),
  audience: z.object({
    mode: z.enum(AUDIENCE_MODES),
    name: z.string().max(100).nullable(),
    size: z.number().int().nonnegative().nullable(),
  }),
  source: z.enum(STORY_SOURCES),
  /** The story expired and had its last sample: its figures no longer change. */
  final: z.boolean(),
  /**
   * Each viewer's first view, earliest first, in minutes counted from the posting's minute (its
   * clock minute less the posting's: see minutesOf). Files written before counted whole minutes
   * since posting, at most one less: they read the same way.
   */
  minutes: z.array(z.number().int().min(0).max(MAX_VIEW_MINUTE)).max(MAX_STORY_VIEWS),
})
export type InsightRecord = z.infer<typeof InsightRecordSchema>

/** A story still followed: when it was last sampled, and how many samples in a row failed. */
export const LiveRecordSchema = InsightRecordSchema.extend({
  sampledAt: instant(),
  failures: z.number().int().min(0).max(10_000),
})
export type LiveRecord = z.infer<typeof LiveRecordSchema>

export const InsightsLiveFileSchema = z.object({
  version: z.literal(1),
  /** When the account's story list was last read, to find the stories posted from the phone. */
  listedAt: instant().nullable(),
  stories: z.array(LiveRecordSchema).max(MAX_LIVE_STORIES),
})
export type InsightsLiveFile = z.infer<typeof InsightsLiveFileSchema>
