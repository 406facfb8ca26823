import { z } from 'zod'
import { ARGB_COLOR_PATTERN, isTransparentArgb } from './colors'
import { describeZodError, parseWith, type ParseIssue, type ParseOutcome } from './issue-path'
import { MessageSchema } from './message'
import { opt } from './schema-helpers'

export const STORY_FONTS = [
  'SYSTEM',
  'SYSTEM_TEXT',
  'FB_SCRIPT',
  'SYSTEM_BOLD',
  'MORNINGBREEZE_REGULAR',
  'CALISTOGA_REGULAR',
  'EXO2_EXTRABOLD',
  'COURIERPRIME_BOLD',
] as const
export const StoryFontSchema = z.enum(STORY_FONTS)
export type StoryFont = z.infer<typeof StoryFontSchema>

export const STORY_CAPTION_MAX = 1024

/**
 * The spec's pattern is `^#[0-9a-fA-F]{6,8}$`; seven digits mean nothing as a colour, so
 * only the six- and eight-digit forms (both inside the spec's pattern) are sent.
 */
export const ArgbColorSchema = z.string().regex(ARGB_COLOR_PATTERN, {
  error: 'Must be a colour written #AARRGGBB (alpha first) or #RRGGBB',
})

/**
 * The provider's ContactID, `^([\d]{7,15})?$`: digits only. Some servers also take `@lid`
 * and `@s.whatsapp.net` forms, but the published contract does not, so nothing else is sent.
 */
export const STORY_CONTACT_PATTERN = /^(?:\d{7,15})?$/
export const StoryContactSchema = z.string().regex(STORY_CONTACT_PATTERN, {
  error: 'Must be a phone number of 7 to 15 digits (country code first, no +)',
})

const HTTP_URL = /^https?:\/\/\S+$/i
const DATA_URI = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,/
const MEDIA_ID = /^[a-zA-Z0-9]+-[0-9a-fA-F-]+$/

/** `media`: an http(s) URL, a base64 data URI, or the id of media already on the provider. */
export const StoryMediaSchema = z.string().refine((value) => HTTP_URL.test(value) || DATA_URI.test(value) || MEDIA_ID.test(value), {
  error: 'Must be an http(s) URL, a base64 data URI or a media id',
})

const audienceShape = {
  /** Only these contacts see the story (empty or absent: every contact). */
  contacts: z.array(StoryContactSchema).optional(),
  exclude_contacts: z.array(StoryContactSchema).optional(),
}

/** Characters as JSON Schema counts them (code points), so an emoji counts once, not twice. */
export function captionLength(text: string): number {
  let length = 0
  for (const _ of text) length++
  return length
}

const caption = z.string().refine((text) => captionLength(text) <= STORY_CAPTION_MAX, {
  error: `At most ${STORY_CAPTION_MAX} characters`,
})

/** A media story: an image, video or audio with an optional caption. */
export const MediaStoryRequestSchema = z.strictObject({
  media: StoryMediaSchema,
  mime_type: z.string().min(1).optional(),
  caption: caption.optional(),
  preview: z.string().optional(),
  width: z.int().positive().optional(),
  height: z.int().positive().optional(),
  seconds: z.int().nonnegative().optional(),
  /** Audio stories are shown on a coloured background. */
  background_color: ArgbColorSchema.optional(),
  no_encode: z.boolean().optional(),
  no_cache: z.boolean().optional(),
  ...audienceShape,
})
export type MediaStoryRequest = z.infer<typeof MediaStoryRequestSchema>

/** A text story: the caption on a coloured background, in one of the eight fonts. */
export const TextStoryRequestSchema = z.strictObject({
  caption: caption.refine((text) => text.trim().length > 0, {
    error: 'A text story needs some text',
  }),
  background_color: ArgbColorSchema.refine((color) => !ARGB_COLOR_PATTERN.test(color) || !isTransparentArgb(color), {
    error: 'The background is fully transparent; pick a visible colour',
  }),
  caption_color: ArgbColorSchema,
  font_type: StoryFontSchema,
  ...audienceShape,
})
export type TextStoryRequest = z.infer<typeof TextStoryRequestSchema>

/** The body of `POST /stories` (SenderStories): a media story or a text story, never both. */
export const StoryRequestSchema = z.union([MediaStoryRequestSchema, TextStoryRequestSchema])
export type StoryRequest = z.infer<typeof StoryRequestSchema>

/**
 * Parses a story request against the variant it claims to be (by the presence of `media`),
 * so a mistake is named precisely rather than as "matches neither variant".
 */
export function parseStoryRequest(input: unknown): ParseOutcome<StoryRequest> {
  const isMedia = typeof input === 'object' && input !== null && 'media' in input
  return isMedia ? parseWith(MediaStoryRequestSchema, input) : parseWith(TextStoryRequestSchema, input)
}

/** The reply to `POST /stories` (SentMessage). */
export const StoryResponseSchema = z.looseObject({
  sent: z.boolean(),
  message: opt(MessageSchema),
})
export type StoryResponse = z.infer<typeof StoryResponseSchema>

const StoryReceiptSchema = z.looseObject({ sent: z.boolean() })

/**
 * Parses the reply to `POST /stories`. `sent` decides whether the story is out; a
 * malformed `message` beside it is dropped (and described) rather than casting doubt on it.
 */
export function parseStoryResponse(raw: unknown): ParseOutcome<{ response: StoryResponse; messageIssue?: ParseIssue }> {
  const receipt = parseWith(StoryReceiptSchema, raw)
  if (!receipt.success) return receipt
  const full = StoryResponseSchema.safeParse(raw)
  if (full.success) return { success: true, data: { response: full.data } }
  const { message: _dropped, ...rest } = receipt.data
  return {
    success: true,
    data: { response: rest as StoryResponse, messageIssue: describeZodError(full.error) },
  }
}
