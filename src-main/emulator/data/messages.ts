import { messageId, numericId } from './ids'
import { CONTENT_BUILDERS, type MessageSetting, text } from './message-content'
import { LABEL_COLORS, LABEL_NAMES, REACTION_EMOJI } from './names'
import type { JsonObject, Label, Message } from './types'

export type { MessageSetting } from './message-content'

function context(s: MessageSetting, variant: number): JsonObject {
  const quoted = s.rng.pick(s.members)
  if (variant === 0) return { forwarded: true, forwarding_score: s.rng.int(1, 8) }
  if (variant === 1) return { mentions: s.rng.sample(s.members, 2).map((p) => p.phone) }
  if (variant === 2) {
    return {
      quoted_id: messageId(s.ids),
      quoted_type: 'text',
      quoted_content: { body: text(s) },
      quoted_author: quoted.phone,
      ephemeral: 0,
    }
  }
  return {
    ad: {
      advertiser_name: 'Shop Example',
      media_type: 'image',
      title: 'Spring sale',
      body: 'Up to 50% off',
      preview_url: 'https://shop.example.com/sale',
      source: { id: numericId(s.rng, 15), type: 'ad', url: 'https://fb.me/example' },
      ctwa: 'Send message',
    },
    conversion: { source: 'FB_Ads', data: 'eyJjYW1wYWlnbiI6MX0=', delay: 0 },
  }
}

export interface Decoration {
  /** Which of the four context shapes to add, if any. */
  context?: number
  reactions?: boolean
  labels?: readonly Label[]
}

export function buildMessage(s: MessageSetting, decoration: Decoration = {}): Message {
  const content = CONTENT_BUILDERS[s.kind](s)
  const message: Message = {
    id: messageId(s.ids),
    type: content.type,
    ...(content.subtype === undefined ? {} : { subtype: content.subtype }),
    chat_id: s.chatId,
    chat_name: s.chatName,
    from: s.author.phone,
    from_me: s.fromMe,
    from_name: s.author.name,
    source: s.fromMe ? s.rng.pick(['api', 'web', 'mobile'] as const) : 'mobile',
    timestamp: s.timestamp,
    status: s.fromMe ? s.rng.pick(['sent', 'delivered', 'read'] as const) : 'read',
    [s.kind]: content.body,
  }
  if (s.rng.chance(0.2)) message.device_id = s.rng.int(1, 40)
  if (decoration.context !== undefined) message.context = context(s, decoration.context % 4)
  if (decoration.reactions === true) {
    message.reactions = s.rng.sample(REACTION_EMOJI, s.rng.int(1, 3)).map((emoji) => ({
      id: messageId(s.ids),
      emoji,
      t: s.timestamp + s.rng.int(10, 3600),
      unread: s.rng.chance(0.3),
      count: s.rng.int(1, 12),
    }))
  }
  if (decoration.labels !== undefined && decoration.labels.length > 0) message.labels = [...decoration.labels]
  return message
}

/** The account's fixed set of labels: ids "1".."15", colours from the provider's list. */
export const LABELS: readonly Label[] = LABEL_NAMES.map((name, i) => ({
  id: String(i + 1),
  name,
  color: LABEL_COLORS[(i * 7) % LABEL_COLORS.length] ?? 'gold',
}))
