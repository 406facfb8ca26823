import { AppErrorDataSchema } from '@shared/errors'
import { OUTBOX_STATES, StorySummarySchema, type OutboxItemView } from '@shared/story/records'
import { z } from 'zod'

/** How the story is sent: a text story's request as is, or a media story's fields plus its file. */
const StoryPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), request: z.record(z.string(), z.unknown()) }),
  z.object({
    kind: z.literal('media'),
    fields: z.record(z.string(), z.unknown()),
    /** The copy in the item's own folder, so the story does not depend on the original. */
    media: z.object({
      file: z.literal('media'),
      mimeType: z.string(),
      size: z.number().int().nonnegative(),
      /** The id `POST /media` gave the file: kept so a later attempt does not upload it again. */
      mediaId: z.string().max(200).optional(),
    }),
  }),
  /** A story already published, sent again to an audience (`PUT /stories/{id}`). */
  z.object({
    kind: z.literal('copy'),
    storyId: z.string().max(128),
    audience: z.object({ contacts: z.array(z.string()).optional(), exclude_contacts: z.array(z.string()).optional() }),
  }),
])
export type StoryPayload = z.infer<typeof StoryPayloadSchema>

/** One story waiting in (or passing through) the outbox, as written in `<item>/item.json`. */
export const OutboxItemSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  requestId: z.string(),
  state: z.enum(OUTBOX_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
  attempts: z.number().int().nonnegative(),
  payload: StoryPayloadSchema,
  summary: StorySummarySchema,
  lastError: AppErrorDataSchema.nullable(),
  result: z.object({ messageId: z.string().nullable(), messageStatus: z.string().nullable() }).nullable(),
  nextAttemptAt: z.string().nullable(),
  /** A scheduled story's due instant (UTC, ISO). Items written before scheduling existed have none. */
  dueAt: z.string().nullable().default(null),
})
export type OutboxItem = z.infer<typeof OutboxItemSchema>

export function viewOf(item: OutboxItem): OutboxItemView {
  return {
    id: item.id,
    requestId: item.requestId,
    state: item.state,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    attempts: item.attempts,
    summary: item.summary,
    lastError: item.lastError,
    nextAttemptAt: item.state === 'queued' ? item.nextAttemptAt : null,
    dueAt: item.dueAt,
  }
}
