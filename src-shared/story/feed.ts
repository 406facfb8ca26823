import { z } from 'zod'
import { StoryFontSchema } from '../domain/story'
import type { AppErrorData } from '../errors'
import { AUDIENCE_MODES } from './draft'

export const STORY_LIFETIME_MS = 24 * 60 * 60 * 1000

export const FEED_KINDS = ['text', 'image', 'video', 'audio', 'other'] as const

/**
 * One story of the account as the Stories view lists it: what the server lists (stories
 * posted from the phone or another tool included), merged by message id with what this app
 * published, so a local entry settles to the server's word.
 */
export const FeedStorySchema = z.object({
  id: z.string(),
  kind: z.enum(FEED_KINDS),
  text: z.string(),
  /** Text stories: colours and font when known (the server's record does not carry them). */
  background: z.string().nullable(),
  color: z.string().nullable(),
  font: StoryFontSchema.nullable(),
  /** A small JPEG or PNG preview as a data URI, when the server or the composer had one. */
  thumbnail: z.string().nullable(),
  postedAt: z.string(),
  expiresAt: z.string(),
  fromMe: z.boolean(),
  /** Where it was posted from, as the server says (api, mobile, web...). */
  source: z.string().nullable(),
  status: z.string().nullable(),
  /** Who it went to, when this app published it. */
  audience: z
    .object({
      mode: z.enum(AUDIENCE_MODES),
      count: z.number().int().nonnegative().nullable(),
      excluded: z.number().int().nonnegative(),
    })
    .nullable(),
  /** `server`: listed by the server; `local`: only in this app's history (not listed yet). */
  origin: z.enum(['server', 'local', 'both']),
})
export type FeedStory = z.infer<typeof FeedStorySchema>

export const ViewerSchema = z.object({
  /** The viewer's number (digits), or the id as the server sent it. */
  id: z.string(),
  /** A name the cached groups know for the number, or null. */
  name: z.string().nullable(),
  /** Cached groups they are in, to tell people apart. */
  groups: z.array(z.string()),
  viewedAt: z.string().nullable(),
  status: z.string(),
})
export type Viewer = z.infer<typeof ViewerSchema>

export const StoryViewsSchema = z.object({
  storyId: z.string(),
  viewers: z.array(ViewerSchema),
  fetchedAt: z.string(),
})
export type StoryViews = z.infer<typeof StoryViewsSchema>

export interface FeedState {
  accountId: string | null
  stories: FeedStory[]
  syncedAt: string | null
  syncing: boolean
  lastError: AppErrorData | null
  /** The server's list stopped at a bound (pages, stories, bytes) before its end. */
  truncated: boolean
}
