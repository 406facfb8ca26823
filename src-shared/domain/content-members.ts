/**
 * The content members a message may carry, keyed as on the wire. A message carries the one
 * that matches its `type` (a `group_invite` message has `group_invite`, and so on). Apart
 * from their schemas (message.ts), so that code that only looks for them (the page worker's
 * previews) does not load every schema and the schema library with them.
 */
export const MESSAGE_CONTENT_MEMBERS = [
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

export type MessageContentMember = (typeof MESSAGE_CONTENT_MEMBERS)[number]
