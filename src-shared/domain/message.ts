import { z } from 'zod'
import {
  ActionContentSchema,
  AdminInviteContentSchema,
  AudioContentSchema,
  ButtonsContentSchema,
  ContactContentSchema,
  ContactListContentSchema,
  DocumentContentSchema,
  EventContentSchema,
  HsmContentSchema,
  ImageContentSchema,
  InteractiveContentSchema,
  LinkPreviewContentSchema,
  ListContentSchema,
  LiveLocationContentSchema,
  LocationContentSchema,
  MessageContextSchema,
  OrderContentSchema,
  PollContentSchema,
  ProductContentSchema,
  ProductItemsContentSchema,
  StickerContentSchema,
  SystemContentSchema,
  TextMessageContentSchema,
  VideoContentSchema,
} from './message-content'
import { MESSAGE_CONTENT_MEMBERS, type MessageContentMember } from './content-members'
import { LabelSchema, MessageTypeSchema, ReactionSchema } from './message-parts'
import { openEnum, opt } from './schema-helpers'

export const MESSAGE_SOURCES = ['web', 'mobile', 'api', 'system', 'business_api', 'unknown'] as const
export const MESSAGE_STATUSES = ['failed', 'pending', 'sent', 'delivered', 'read', 'played', 'deleted'] as const

export { MESSAGE_CONTENT_MEMBERS, type MessageContentMember }

/** The schema of each content member (content-members.ts lists them, in this order). */
export const messageContentMembers = {
  text: TextMessageContentSchema,
  image: ImageContentSchema,
  video: VideoContentSchema,
  short: VideoContentSchema,
  gif: VideoContentSchema,
  audio: AudioContentSchema,
  voice: AudioContentSchema,
  document: DocumentContentSchema,
  link_preview: LinkPreviewContentSchema,
  sticker: StickerContentSchema,
  location: LocationContentSchema,
  live_location: LiveLocationContentSchema,
  contact: ContactContentSchema,
  contact_list: ContactListContentSchema,
  interactive: InteractiveContentSchema,
  poll: PollContentSchema,
  hsm: HsmContentSchema,
  system: SystemContentSchema,
  order: OrderContentSchema,
  group_invite: LinkPreviewContentSchema,
  newsletter_invite: LinkPreviewContentSchema,
  admin_invite: AdminInviteContentSchema,
  product: ProductContentSchema,
  catalog: LinkPreviewContentSchema,
  product_items: ProductItemsContentSchema,
  action: ActionContentSchema,
  event: EventContentSchema,
  list: ListContentSchema,
  buttons: ButtonsContentSchema,
} as const satisfies Record<MessageContentMember, z.ZodType>

type OptionalMembers<T extends Record<string, z.ZodType>> = {
  [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>>
}

function optionalMembers<T extends Record<string, z.ZodType>>(members: T): OptionalMembers<T> {
  return Object.fromEntries(Object.entries(members).map(([key, schema]) => [key, opt(schema)])) as OptionalMembers<T>
}

/** Message (components/schemas/Message), e.g. a group's `last_message`. */
export const MessageSchema = z.looseObject({
  id: z.string(),
  type: MessageTypeSchema,
  subtype: opt(z.string()),
  chat_id: z.string(),
  chat_name: opt(z.string()),
  from: opt(z.string()),
  from_me: z.boolean(),
  from_name: opt(z.string()),
  source: opt(openEnum(MESSAGE_SOURCES)),
  timestamp: z.number(),
  device_id: opt(z.number()),
  status: opt(openEnum(MESSAGE_STATUSES)),
  ...optionalMembers(messageContentMembers),
  context: opt(MessageContextSchema),
  reactions: opt(z.array(ReactionSchema)),
  labels: opt(z.array(LabelSchema)),
})
export type Message = z.infer<typeof MessageSchema>
