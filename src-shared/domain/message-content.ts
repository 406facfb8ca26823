import { z } from 'zod'
import {
  ButtonSchema,
  EventResponseSchema,
  HsmButtonSchema,
  LocationSchema,
  MediaFileSchema,
  MessageTypeSchema,
  MediaMessageTypeSchema,
  PollResultSchema,
  ProductItemSchema,
  RowSchema,
  SectionSchema,
  TextContentSchema,
  VCardSchema,
  mediaCoreShape,
  optionalMediaCoreShape,
  sizeShape,
  viewOnceShape,
} from './message-parts'
import { openEnum, opt } from './schema-helpers'

/** The content members of a message (MessageContent* in the provider spec), one schema each. */

const actionButtonsShape = { buttons: opt(z.array(ButtonSchema)) }
const actionListShape = { sections: opt(z.array(SectionSchema)), button: opt(z.string()) }
const imageOrVideoShape = { caption: opt(z.string()), preview: opt(z.string()), ...sizeShape }

/** text */
export const TextMessageContentSchema = z.looseObject({
  ...TextContentSchema.shape,
  ...actionButtonsShape,
  ...actionListShape,
  ...viewOnceShape,
})

/** image */
export const ImageContentSchema = z.looseObject({
  ...mediaCoreShape,
  ...imageOrVideoShape,
  ...actionButtonsShape,
  ...viewOnceShape,
})

/** video, short, gif */
export const VideoContentSchema = z.looseObject({
  ...mediaCoreShape,
  ...imageOrVideoShape,
  seconds: opt(z.number()),
  autoplay: opt(z.boolean()),
  ...actionButtonsShape,
  ...viewOnceShape,
})

/** audio, voice */
export const AudioContentSchema = z.looseObject({
  ...mediaCoreShape,
  seconds: opt(z.number()),
  recording_time: opt(z.number()),
  waveform: opt(z.string()),
  ...viewOnceShape,
})

/** document */
export const DocumentContentSchema = z.looseObject({
  ...mediaCoreShape,
  caption: opt(z.string()),
  filename: opt(z.string()),
  page_count: opt(z.number()),
  preview: opt(z.string()),
  ...actionButtonsShape,
  ...viewOnceShape,
})

/** link_preview, group_invite, newsletter_invite, catalog */
export const LinkPreviewContentSchema = z.looseObject({
  ...TextContentSchema.shape,
  url: opt(z.string()),
  id: opt(z.string()),
  link: opt(z.string()),
  sha256: opt(z.string()),
  catalog_id: opt(z.string()),
  newsletter_id: opt(z.string()),
  invite_code: opt(z.string()),
  title: z.string(),
  description: opt(z.string()),
  canonical: opt(z.string()),
  preview: opt(z.string()),
  ...viewOnceShape,
})

/** sticker */
export const StickerContentSchema = z.looseObject({
  ...mediaCoreShape,
  animated: opt(z.boolean()),
  preview: opt(z.string()),
  ...sizeShape,
  ...viewOnceShape,
})

/** location */
export const LocationContentSchema = LocationSchema

/** live_location */
export const LiveLocationContentSchema = z.looseObject({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: opt(z.number()),
  speed: opt(z.number()),
  degrees: opt(z.number()),
  caption: opt(z.string()),
  sequence_number: opt(z.number()),
  time_offset: opt(z.number()),
  preview: opt(z.string()),
  ...viewOnceShape,
})

/** contact */
export const ContactContentSchema = VCardSchema

/** contact_list */
export const ContactListContentSchema = z.looseObject({
  list: opt(z.array(VCardSchema)),
})

const textHolder = (text: z.ZodType) => z.looseObject({ text: opt(text) })

export const INTERACTIVE_TYPES = ['list', 'button', 'product'] as const
export const InteractiveActionSchema = z.looseObject({
  list: opt(
    z.looseObject({
      sections: z.array(SectionSchema),
      label: z.string(),
    }),
  ),
  buttons: opt(z.array(ButtonSchema)),
  product: opt(ProductItemSchema),
})

/**
 * interactive. The spec mixes MediaFile into it (for a media header) but an interactive
 * message without media is the common case, so the media fields are optional here.
 */
export const InteractiveContentSchema = z.looseObject({
  header: opt(textHolder(z.string())),
  body: opt(textHolder(z.string())),
  footer: opt(textHolder(z.string())),
  action: InteractiveActionSchema,
  type: opt(openEnum(INTERACTIVE_TYPES)),
  ...optionalMediaCoreShape,
  ...viewOnceShape,
})

/** poll */
export const PollContentSchema = z.looseObject({
  title: z.string(),
  options: z.array(z.string()),
  vote_limit: opt(z.number()),
  total: opt(z.number()),
  results: opt(z.array(PollResultSchema)),
  ...viewOnceShape,
})

/** hsm (a template message) */
export const HSM_HEADER_TYPES = ['text', 'image', 'video', 'document', 'location'] as const
export const HsmContentSchema = z.looseObject({
  header: opt(
    z.looseObject({
      type: opt(openEnum(HSM_HEADER_TYPES)),
      text: opt(TextContentSchema),
      image: opt(MediaFileSchema),
      video: opt(MediaFileSchema),
      document: opt(MediaFileSchema),
      location: opt(LocationSchema),
    }),
  ),
  body: opt(z.string()),
  footer: opt(z.string()),
  buttons: opt(z.array(HsmButtonSchema)),
})

/** system */
export const SystemContentSchema = z.looseObject({
  body: opt(z.string()),
})

/** order */
export const ORDER_STATUSES = ['new', 'accepted', 'canceled'] as const
export const OrderContentSchema = z.looseObject({
  order_id: opt(z.string()),
  seller: opt(z.string()),
  title: opt(z.string()),
  text: opt(z.string()),
  token: opt(z.string()),
  item_count: opt(z.number()),
  // An ISO 4217 code; the spec's list is long and grows, so any string is kept.
  currency: opt(z.string()),
  total_price: opt(z.number()),
  status: opt(openEnum(ORDER_STATUSES)),
  preview: opt(z.string()),
})

/** admin_invite (an invitation to administer a newsletter) */
export const AdminInviteContentSchema = z.looseObject({
  ...TextContentSchema.shape,
  newsletter_id: z.string(),
  newsletter_name: z.string(),
  expiration: z.number(),
  preview: opt(z.string()),
})

/** product */
export const ProductContentSchema = ProductItemSchema

/** product_items */
export const ProductItemsContentSchema = z.looseObject({
  type: opt(openEnum(['list', 'buttons'] as const)),
})

/** MessageContentReply: a tap on a list row or a button. */
export const ReplyContentSchema = z.looseObject({
  type: opt(openEnum(['list_reply', 'buttons_reply'] as const)),
  list_reply: opt(RowSchema),
  buttons_reply: opt(z.looseObject({ id: opt(z.string()) })),
})

/**
 * MessageContent: the content of a quoted or edited message. Which member it is follows
 * from the neighbouring `quoted_type` / `edited_type`, so this is a plain union.
 */
export const MessageContentSchema = z.union([
  TextMessageContentSchema,
  ImageContentSchema,
  VideoContentSchema,
  AudioContentSchema,
  DocumentContentSchema,
  LinkPreviewContentSchema,
  AdminInviteContentSchema,
  StickerContentSchema,
  LocationContentSchema,
  LiveLocationContentSchema,
  ContactListContentSchema,
  InteractiveContentSchema,
  PollContentSchema,
  ReplyContentSchema,
  ContactContentSchema,
  ProductContentSchema,
])

/** action (an edit, delete, reaction, vote, ... applied to another message) */
export const MESSAGE_ACTION_TYPES = [
  'edited',
  'edit',
  'delete',
  'reaction',
  'ephemeral',
  'vote',
  'comment',
  'event_response',
  'pin',
  'unpin',
] as const
export const ActionContentSchema = z.looseObject({
  target: opt(z.string()),
  type: openEnum(MESSAGE_ACTION_TYPES),
  emoji: opt(z.string()),
  ephemeral: opt(z.number()),
  edited_type: opt(MessageTypeSchema),
  edited_content: opt(MessageContentSchema),
  votes: opt(z.array(z.string())),
  comment: opt(z.string()),
  event_response: opt(EventResponseSchema),
})

/** context (forwarding, mentions, the quoted message, ad referral) */
export const MessageContextSchema = z.looseObject({
  forwarded: opt(z.boolean()),
  forwarding_score: opt(z.number()),
  mentions: opt(z.array(z.string())),
  ad: opt(
    z.looseObject({
      advertiser_name: opt(z.string()),
      media_type: opt(MediaMessageTypeSchema),
      preview: opt(z.string()),
      preview_url: opt(z.string()),
      title: opt(z.string()),
      body: opt(z.string()),
      media_url: opt(z.string()),
      source: opt(
        z.looseObject({
          id: opt(z.string()),
          type: opt(z.string()),
          url: opt(z.string()),
        }),
      ),
      auto_reply: opt(z.boolean()),
      attrib: opt(z.boolean()),
      ctwa: opt(z.string()),
      ref: opt(z.string()),
    }),
  ),
  conversion: opt(
    z.looseObject({
      source: opt(z.string()),
      data: opt(z.string()),
      delay: opt(z.number()),
    }),
  ),
  quoted_id: opt(z.string()),
  quoted_type: opt(MessageTypeSchema),
  quoted_content: opt(MessageContentSchema),
  quoted_author: opt(z.string()),
  ephemeral: opt(z.number()),
})

/** event (a scheduled event with RSVPs) */
export const EventContentSchema = z.looseObject({
  is_canceled: opt(z.boolean()),
  name: opt(z.string()),
  description: opt(z.string()),
  join_link: opt(z.string()),
  start: opt(z.number()),
  responses: opt(z.array(EventResponseSchema)),
})

/** list (a received list message) */
export const ListContentSchema = z.looseObject({
  header: opt(z.string()),
  body: opt(z.string()),
  label: opt(z.string()),
  footer: opt(z.string()),
  sections: opt(z.array(SectionSchema)),
})

/** buttons (a received buttons message) */
export const BUTTONS_MESSAGE_BUTTON_TYPES = ['UNKNOWN', 'RESPONSE', 'NATIVE_FLOW'] as const
export const ButtonsContentSchema = z.looseObject({
  text: opt(z.string()),
  footer: opt(z.string()),
  buttons: opt(
    z.array(
      z.looseObject({
        id: opt(z.string()),
        text: opt(z.string()),
        type: opt(openEnum(BUTTONS_MESSAGE_BUTTON_TYPES)),
      }),
    ),
  ),
})
