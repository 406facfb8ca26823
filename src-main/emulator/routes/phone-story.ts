import { z } from 'zod'
import type { EmulatorContext } from '../state/context'
import { messageId } from '../data/ids'
import { createRng, hashSeed } from '../data/prng'
import type { JsonObject, Message } from '../data/types'
import { PREVIEW_JPEG, storyKindOf } from '../protocol/media'
import type { PublishedStory } from '../state/story-log'
import { FONT_TYPES } from '../protocol/validation'

const color = z.string().regex(/^#[0-9a-fA-F]{6,8}$/)

/** A story posted outside the API: from the phone app, or by a contact when `from_me` is false. */
export const PhoneStorySchema = z.strictObject({
  caption: z.string().max(1024).optional(),
  background_color: color.optional(),
  caption_color: color.optional(),
  font_type: z.enum(FONT_TYPES).optional(),
  /** A media story: one of the emulator's media ids (built in or uploaded). */
  media_id: z.string().optional(),
  /** Posted this long ago; default now. */
  ago_seconds: z
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
  from_me: z.boolean().optional(),
  /** The author when `from_me` is false. */
  from: z
    .string()
    .regex(/^\d{7,15}$/)
    .optional(),
})
export type PhoneStory = z.infer<typeof PhoneStorySchema>

export function addPhoneStory(context: EmulatorContext, input: PhoneStory): PublishedStory {
  const now = context.options.now() - (input.ago_seconds ?? 0) * 1000
  const seq = ++context.storySeq
  const rng = createRng(hashSeed(context.options.seed, context.options.epoch, 'phone', now, seq))
  const id = messageId(rng)
  const fromMe = input.from_me ?? true
  const from = fromMe ? context.options.account.phone : (input.from ?? '15550100999')
  const timestamp = Math.floor(now / 1000)
  const message: Message = {
    id,
    type: 'text',
    chat_id: 'status@broadcast',
    from,
    from_me: fromMe,
    ...(fromMe && { from_name: context.options.account.name }),
    source: 'mobile',
    timestamp,
    status: 'sent',
  }
  let kind: PublishedStory['kind'] = 'text'
  let mimeType: string | undefined
  if (input.media_id !== undefined) {
    mimeType = context.media.get(input.media_id)
    const mediaKind = mimeType === undefined ? undefined : storyKindOf(mimeType)
    if (mimeType === undefined || mediaKind === undefined) throw new RangeError(`media_id ${input.media_id} is not a known story media id`)
    kind = mediaKind
    const content: JsonObject = {
      id: input.media_id,
      mime_type: mimeType,
      file_size: 120_000,
      ...(input.caption === undefined ? {} : { caption: input.caption }),
      ...(mediaKind === 'image' || mediaKind === 'video' ? { preview: PREVIEW_JPEG } : {}),
    }
    message.type = mediaKind
    message[mediaKind] = content
  } else {
    message.text = { body: input.caption ?? '' }
  }
  const text = input.media_id === undefined
  const story: PublishedStory = {
    id,
    receivedAt: now,
    kind,
    ...(mimeType === undefined ? {} : { mimeType, media: { form: 'media-id', id: input.media_id } }),
    ...(input.caption === undefined ? {} : { caption: input.caption }),
    ...(text && {
      backgroundColor: input.background_color ?? '#FF5E35B1',
      captionColor: input.caption_color ?? '#FFFFFFFF',
      fontType: input.font_type ?? 'SYSTEM',
    }),
    request: { fromPhone: true, ...input },
    message,
  }
  context.stories.add(story)
  return story
}
