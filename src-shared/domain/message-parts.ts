import { z } from 'zod'
import { openEnum, opt } from './schema-helpers'

/**
 * The sub-objects that several message content members share, from the provider spec
 * (components/schemas). Records are loose: fields the spec does not know yet are kept.
 */

export const MESSAGE_TYPES = [
  'text',
  'image',
  'video',
  'gif',
  'audio',
  'voice',
  'short',
  'document',
  'documentWithCaption',
  'link_preview',
  'location',
  'live_location',
  'contact',
  'contact_list',
  'sticker',
  'system',
  'call',
  'unknown',
  'action',
  'group_invite',
  'newsletter_invite',
  'admin_invite',
  'product',
  'catalog',
  'interactive',
  'reply',
  'poll',
  'hsm',
  'order',
  'story',
  'event',
  'buttons',
  'list',
  'pin',
  'carousel',
] as const
export const MessageTypeSchema = openEnum(MESSAGE_TYPES)

export const MEDIA_MESSAGE_TYPES = ['image', 'video', 'gif', 'audio', 'voice', 'document', 'sticker'] as const
export const MediaMessageTypeSchema = openEnum(MEDIA_MESSAGE_TYPES)

export const LABEL_COLORS = [
  'salmon',
  'lightskyblue',
  'gold',
  'plum',
  'silver',
  'mediumturquoise',
  'violet',
  'goldenrod',
  'cornflowerblue',
  'greenyellow',
  'cyan',
  'lightpink',
  'mediumaquamarine',
  'orangered',
  'deepskyblue',
  'limegreen',
  'darkorange',
  'lightsteelblue',
  'mediumpurple',
  'rebeccapurple',
] as const

/** Label (chats and messages). */
export const LabelSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  color: openEnum(LABEL_COLORS),
  count: opt(z.number()),
})

/** Button (ActionButtons, InteractiveAction.buttons). */
export const BUTTON_TYPES = ['quick_reply', 'call', 'copy', 'url'] as const
export const ButtonSchema = z.looseObject({
  type: openEnum(BUTTON_TYPES),
  title: z.string(),
  id: z.string(),
  copy_code: opt(z.string()),
  phone_number: opt(z.string()),
  url: opt(z.string()),
  merchant_url: opt(z.string()),
})

/** A row of a list section. */
export const RowSchema = z.looseObject({
  id: opt(z.string()),
  title: opt(z.string()),
  description: opt(z.string()),
})

/** A product reference (catalog + product id). */
export const ProductItemSchema = z.looseObject({
  catalog_id: opt(z.string()),
  product_id: opt(z.string()),
})

/** A section of a list (ActionList, SectionList, MessageContentList). */
export const SectionSchema = z.looseObject({
  title: opt(z.string()),
  rows: opt(z.array(RowSchema)),
  product_items: opt(z.array(ProductItemSchema)),
})

/** MessagePropsText: the text part every text-bearing member starts from. */
export const TextContentSchema = z.looseObject({
  body: z.string(),
})

/** EventResponse (event RSVPs, action.event_response). */
export const EVENT_RESPONSES = ['UNKNOWN', 'GOING', 'NOT_GOING'] as const
export const EventResponseSchema = z.looseObject({
  participant: opt(z.string()),
  response: opt(openEnum(EVENT_RESPONSES)),
  timestamp: opt(z.number()),
})

export const viewOnceShape = { view_once: opt(z.boolean()) }
export const sizeShape = { width: opt(z.number()), height: opt(z.number()) }

/** MediaFile: the core fields of every media member (a stored file on the provider). */
export const mediaCoreShape = {
  id: z.string(),
  link: opt(z.string()),
  mime_type: z.string(),
  file_size: z.number(),
  file_name: opt(z.string()),
  sha256: opt(z.string()),
  timestamp: opt(z.number()),
}
export const MediaFileSchema = z.looseObject(mediaCoreShape)

/** The media core where the media is optional (an interactive message's header). */
export const optionalMediaCoreShape = {
  id: opt(z.string()),
  link: opt(z.string()),
  mime_type: opt(z.string()),
  file_size: opt(z.number()),
  file_name: opt(z.string()),
  sha256: opt(z.string()),
  timestamp: opt(z.number()),
}

/** MessageContentLocation; also the location header of an HSM template. */
export const LocationSchema = z.looseObject({
  latitude: z.number(),
  longitude: z.number(),
  address: opt(z.string()),
  name: opt(z.string()),
  url: opt(z.string()),
  preview: opt(z.string()),
  accuracy: opt(z.number()),
  speed: opt(z.number()),
  degrees: opt(z.number()),
  comment: opt(z.string()),
  ...viewOnceShape,
})

/** VCard (contact, contact_list items). */
export const VCardSchema = z.looseObject({
  name: opt(z.string()),
  vcard: opt(z.string()),
})

/** PollResults: one option's tally. */
export const PollResultSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  count: z.number(),
  voters: z.array(z.string()),
})

/** HSMButton (template buttons). */
export const HSM_BUTTON_TYPES = ['simple', 'reply', 'url', 'phone_number', 'copy_code'] as const
export const HsmButtonSchema = z.looseObject({
  id: opt(z.string()),
  type: opt(openEnum(HSM_BUTTON_TYPES)),
  text: opt(z.string()),
  url: opt(z.string()),
  phone_number: opt(z.string()),
  copy_code: opt(z.string()),
})

/** MessageReaction. */
export const ReactionSchema = z.looseObject({
  id: opt(z.string()),
  emoji: z.string(),
  group_key: opt(z.string()),
  t: opt(z.number()),
  unread: opt(z.boolean()),
  count: opt(z.number()),
})
