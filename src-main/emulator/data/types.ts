/** The records the emulator serves, named and shaped after the provider's spec. */

// Members may be undefined, as JSON.stringify drops them; it keeps optional fields easy to write.
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined }
export type JsonObject = { [key: string]: Json | undefined }

export interface Label {
  id: string
  name: string
  color: string
}

export interface Participant {
  id: string
  rank: 'admin' | 'member' | 'creator'
}

/** Every content member of the spec's Message record. */
export const MESSAGE_CONTENT_KINDS = [
  'text',
  'image',
  'video',
  'short',
  'gif',
  'audio',
  'voice',
  'document',
  'link_preview',
  'sticker',
  'location',
  'live_location',
  'contact',
  'contact_list',
  'interactive',
  'poll',
  'hsm',
  'system',
  'order',
  'group_invite',
  'newsletter_invite',
  'admin_invite',
  'product',
  'catalog',
  'product_items',
  'action',
  'event',
  'list',
  'buttons',
] as const
export type MessageContentKind = (typeof MESSAGE_CONTENT_KINDS)[number]

export interface MessageCore {
  id: string
  type: string
  subtype?: string
  chat_id: string
  chat_name?: string
  from?: string
  from_me: boolean
  from_name?: string
  source?: 'web' | 'mobile' | 'api' | 'system' | 'business_api' | 'unknown'
  timestamp: number
  device_id?: number
  status?: 'failed' | 'pending' | 'sent' | 'delivered' | 'read' | 'played' | 'deleted'
  context?: JsonObject
  reactions?: JsonObject[]
  labels?: Label[]
}

export type Message = MessageCore & Partial<Record<MessageContentKind, JsonObject>>

export interface Group {
  id: string
  type: 'group'
  name: string
  timestamp: number
  chat_pic?: string
  chat_pic_full?: string
  pin?: boolean
  mute?: boolean
  mute_until?: number
  archive?: boolean
  unread?: number
  unread_mention?: boolean
  read_only?: boolean
  not_spam?: boolean
  last_message?: Message
  labels?: Label[]
  name_owner?: string
  name_at?: number
  description?: string
  description_owner?: string
  description_id?: string
  participants_count: number
  participants: Participant[]
  created_at?: number
  created_by?: string
  suspended?: boolean
  terminated?: boolean
  is_parent?: boolean
  is_default_subgroup?: boolean
  restricted?: boolean
  announcements?: boolean
  adminAddMemberMode?: boolean
  ephemeral?: number
  invite_code?: string
  isCommunityAnnounce?: boolean
  linkedParent?: string
}
