import { MediaStoryRequestSchema, TextStoryRequestSchema } from '@shared/domain/story'
import { AppErrorDataSchema, ErrorCodeSchema } from '@shared/error-schemas'
import { codeText } from '@shared/errors'
import { OUTBOX_STATES, StorySummarySchema } from '@shared/story/records'
import { z } from 'zod'

/** A media story's fields as `POST /stories` takes them, the media itself left out (it is the item's own file). */
export const StoredMediaFieldsSchema = MediaStoryRequestSchema.omit({ media: true, mime_type: true })

/**
 * The story as the outbox keeps it until it has gone: a text story's request, checked as the
 * provider takes it; a media story's fields and its file; or a repost of a story already
 * published (`PUT /stories/{id}`). Read back with this schema, so what is sent is what was
 * checked when the user published it.
 */
export const StoredStorySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), request: TextStoryRequestSchema }),
  z.object({
    kind: z.literal('media'),
    fields: StoredMediaFieldsSchema,
    /** The copy in the item's own folder, so the story does not depend on the original. */
    media: z.object({
      file: z.literal('media'),
      mimeType: z.string().max(255),
      size: z.number().int().nonnegative(),
      /** The id `POST /media` gave the file: kept so a later attempt does not upload it again. */
      mediaId: z.string().max(200).optional(),
    }),
  }),
  z.object({
    kind: z.literal('copy'),
    storyId: z.string().max(128),
    audience: z.object({ contacts: z.array(z.string()).optional(), exclude_contacts: z.array(z.string()).optional() }),
  }),
])
export type StoredStory = z.infer<typeof StoredStorySchema>

/** Longest English sentence kept from an older version's error: ours were a few lines at most. */
const MAX_RECORDED_LENGTH = 2000

/**
 * An error as versions before translated texts wrote it: `{code, message, details?}`, the
 * message an English sentence. Read as the code's generic text (shown in the user's language),
 * the English sentence kept in `details.recorded` for whoever wants the detail of the time; the
 * item is rewritten in the new shape at its next save.
 */
const RecordedErrorSchema = z
  .object({ code: ErrorCodeSchema, message: z.string(), details: z.record(z.string(), z.unknown()).optional() })
  .transform(({ code, message, details }) => ({
    code,
    text: codeText(code),
    details: { ...details, recorded: message.slice(0, MAX_RECORDED_LENGTH) },
  }))

/** The error an item keeps: the current shape, or an older version's read into it. */
export const StoredErrorSchema = z.union([AppErrorDataSchema, RecordedErrorSchema])

/** The names outbox items get: their folder's name, `<outbox>/<id>/`. */
export const OUTBOX_ITEM_ID = /^[A-Za-z0-9_-]{8,64}$/

/** One story waiting in (or passing through) the outbox, as written in `<item>/item.json`. */
export const OutboxItemSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(OUTBOX_ITEM_ID),
  requestId: z.string(),
  state: z.enum(OUTBOX_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
  attempts: z.number().int().nonnegative(),
  payload: StoredStorySchema,
  summary: StorySummarySchema,
  lastError: StoredErrorSchema.nullable(),
  result: z.object({ messageId: z.string().nullable(), messageStatus: z.string().nullable() }).nullable(),
  nextAttemptAt: z.string().nullable(),
  /** A scheduled story's due instant (UTC, ISO). Items written before scheduling existed have none. */
  dueAt: z.string().nullable().default(null),
  /** Goes up by one with every change the store writes: a change made on an older revision is refused. Absent in older items. */
  rev: z.number().int().nonnegative().default(0),
  /**
   * Who works on the item now, until when (outbox/store/outbox-store.ts). A `send` claim is one
   * engine sending the story; an `edit` claim a user's decision being written.
   */
  claim: z
    .object({ owner: z.string().max(200), expiresAt: z.string().max(40), purpose: z.enum(['send', 'edit']) })
    .nullable()
    .default(null),
})
export type OutboxItem = z.infer<typeof OutboxItemSchema>
