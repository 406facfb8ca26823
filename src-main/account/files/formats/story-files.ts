import { FeedStorySchema, StoryViewsSchema } from '@shared/story/feed'
import { AudienceSchema, SavedDraftSchema, StoryStyleSchema } from '@shared/story/library'
import { HistoryEntrySchema } from '@shared/story/records'
import { z } from 'zod'

/** A small list kept in one JSON file. */
function listFile<T extends z.ZodType>(item: T) {
  return z.object({ version: z.literal(1), items: z.array(item) })
}

export const HistoryFileSchema = z.object({ version: z.literal(1), entries: z.array(HistoryEntrySchema) })
export type HistoryFile = z.infer<typeof HistoryFileSchema>

export const SavedDraftsFileSchema = listFile(SavedDraftSchema)
export const AudiencesFileSchema = listFile(AudienceSchema)
export const StylesFileSchema = listFile(StoryStyleSchema)

export const FeedFileSchema = z.object({
  version: z.literal(1),
  syncedAt: z.string().nullable(),
  truncated: z.boolean(),
  stories: z.array(FeedStorySchema),
  views: z.record(z.string(), StoryViewsSchema),
})
export type FeedFile = z.infer<typeof FeedFileSchema>

export const ContactsFileSchema = z.object({
  version: z.literal(1),
  fetchedAt: z.string(),
  /** The server has no `GET /contacts` (it answered 404 or 405). */
  unsupported: z.boolean(),
  truncated: z.boolean(),
  /** Number (digits) → the name to show. Only what naming viewers needs is kept. */
  names: z.record(z.string().regex(/^\d{1,20}$/), z.string().max(100)),
})
export type ContactsFile = z.infer<typeof ContactsFileSchema>

const MAX_FEEDS = 20
export const AcceptedFeedsFileSchema = z.object({
  version: z.literal(1),
  feeds: z.array(z.string().url().max(2048)).max(MAX_FEEDS),
})
