import { z } from 'zod'
import { describeZodError, parseWith, type ParseOutcome } from './issue-path'
import { MessageSchema, type Message } from './message'
import { MAX_RECORD_DEPTH, nestedDeeperThan } from './nesting'

export const STORIES_PAGE_MAX_COUNT = 500

/** The envelope of `GET /stories` (MessagesList), checked before any story is looked at. */
export const StoriesPageEnvelopeSchema = z.looseObject({
  messages: z.array(z.unknown()),
  count: z.int().nonnegative(),
  total: z.int().nonnegative(),
  offset: z.int().nonnegative(),
})

export interface ParsedStoriesPage {
  messages: Message[]
  /** Stories that did not match the Message schema: where and why. */
  rejected: { index: number; path: string; message: string }[]
  count: number
  total: number
  offset: number
}

/** A page of stories; a malformed story is set aside, a malformed envelope fails the page. */
export function parseStoriesPage(raw: unknown): ParseOutcome<ParsedStoriesPage> {
  const envelope = parseWith(StoriesPageEnvelopeSchema, raw)
  if (!envelope.success) return envelope
  const { messages: items, count, total, offset } = envelope.data
  const messages: Message[] = []
  const rejected: ParsedStoriesPage['rejected'] = []
  items.forEach((item, index) => {
    if (nestedDeeperThan(item, MAX_RECORD_DEPTH)) {
      rejected.push({ index, path: `messages[${index}]`, message: 'nested too deep' })
      return
    }
    const result = MessageSchema.safeParse(item)
    if (result.success) messages.push(result.data)
    else rejected.push({ index, ...describeZodError(result.error, ['messages', index]) })
  })
  return { success: true, data: { messages, rejected, count, total, offset } }
}

/** One view status (components/schemas/Status); the timestamp is a string in the spec. */
export const ViewStatusSchema = z.looseObject({
  id: z.string(),
  code: z.number(),
  status: z.string(),
  recipient_id: z.string().optional(),
  viewer_id: z.string().optional(),
  timestamp: z.union([z.string(), z.number()]),
})
export type ViewStatus = z.infer<typeof ViewStatusSchema>

/** `GET /statuses/{MessageID}` (StatusesList): a story with no views yet may leave the list out. */
export const StatusesListSchema = z.looseObject({
  statuses: z.array(z.unknown()).optional(),
})

/** `POST /media` (UploadMediaResponse): `{media: [{id}]}`; some servers answer `{id}` alone. */
export const MEDIA_ID_PATTERN = /^[a-zA-Z0-9]+-[0-9a-fA-F-]+$/
const MediaIdSchema = z.string().regex(MEDIA_ID_PATTERN, { error: 'is not a media id' })
const UploadListSchema = z.looseObject({
  media: z.array(z.looseObject({ id: MediaIdSchema })).min(1),
})
const UploadOneSchema = z.looseObject({ id: MediaIdSchema })

export function mediaIdOf(raw: unknown): ParseOutcome<string> {
  const one = UploadOneSchema.safeParse(raw)
  if (one.success) return { success: true, data: one.data.id }
  const list = parseWith(UploadListSchema, raw)
  if (!list.success) return list
  return { success: true, data: list.data.media[0]?.id as string }
}
