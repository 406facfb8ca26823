import { PREVIEW_JPEG } from '../protocol/media'
import { inviteCode, mediaId, messageId, newsletterId, numericId, randomHex } from './ids'
import { MESSAGE_TEXTS, PLACES, REACTION_EMOJI, type Script } from './names'
import type { Person } from './people'
import type { Rng } from './prng'
import type { JsonObject, MessageContentKind } from './types'

export interface MessageSetting {
  rng: Rng
  /**
   * Message ids come from their own stream, seeded with the epoch and the message's time
   * as well as the seed: a restart with another epoch (the demo's is "now") or a group's
   * newer last message never reuses an id the app may already hold.
   */
  ids: Rng
  kind: MessageContentKind
  chatId: string
  chatName: string
  script: Script
  timestamp: number
  author: Person
  fromMe: boolean
  /** Other members, for mentions, voters and quoted authors. */
  members: readonly Person[]
  /** A URL the emulator serves an image at, for media links. */
  pictureUrl: string
}
export interface Content {
  type: string
  subtype?: string
  body: JsonObject
}

function mediaFile(s: MessageSetting, extension: string, mime: string, maxBytes: number): JsonObject {
  return {
    id: mediaId(s.rng, extension),
    mime_type: mime,
    file_size: s.rng.int(1_000, maxBytes),
    sha256: randomHex(s.rng, 64),
    // The spec lists `time` among MediaFile's required fields.
    time: s.timestamp,
  }
}

export const text = (s: MessageSetting): string => s.rng.pick(MESSAGE_TEXTS[s.script])

function vcard(person: Person): JsonObject {
  return {
    name: person.name,
    vcard: `BEGIN:VCARD\nVERSION:3.0\nFN:${person.name}\nTEL;type=CELL;waid=${person.phone}:+${person.phone}\nEND:VCARD`,
  }
}

function linkPreview(s: MessageSetting, url: string, title: string): JsonObject {
  return {
    body: `${text(s)} ${url}`,
    url,
    title,
    description: 'Tap to open',
    preview: PREVIEW_JPEG,
  }
}

/** One builder per content member of the spec's Message, each filling that member's schema. */
export const CONTENT_BUILDERS: Readonly<Record<MessageContentKind, (s: MessageSetting) => Content>> = {
  text: (s) => ({ type: 'text', body: { body: text(s) } }),
  image: (s) => ({
    type: 'image',
    body: {
      ...mediaFile(s, 'jpeg', 'image/jpeg', 900_000),
      link: s.pictureUrl,
      caption: text(s),
      preview: PREVIEW_JPEG,
      width: 1280,
      height: 960,
    },
  }),
  video: (s) => ({
    type: 'video',
    body: {
      ...mediaFile(s, 'mp4', 'video/mp4', 15_000_000),
      caption: text(s),
      preview: PREVIEW_JPEG,
      width: 1920,
      height: 1080,
      seconds: s.rng.int(3, 180),
    },
  }),
  short: (s) => ({
    type: 'short',
    body: {
      ...mediaFile(s, 'mp4', 'video/mp4', 8_000_000),
      preview: PREVIEW_JPEG,
      width: 720,
      height: 1280,
      seconds: s.rng.int(5, 60),
    },
  }),
  gif: (s) => ({
    type: 'gif',
    body: {
      ...mediaFile(s, 'mp4', 'video/mp4', 2_000_000),
      preview: PREVIEW_JPEG,
      width: 480,
      height: 270,
      seconds: 3,
      autoplay: true,
    },
  }),
  audio: (s) => ({
    type: 'audio',
    body: { ...mediaFile(s, 'mp3', 'audio/mpeg', 6_000_000), seconds: s.rng.int(30, 400) },
  }),
  voice: (s) => ({
    type: 'voice',
    body: {
      ...mediaFile(s, 'oga', 'audio/ogg; codecs=opus', 400_000),
      seconds: s.rng.int(1, 120),
      waveform: Buffer.from(Array.from({ length: 32 }, () => s.rng.int(0, 100))).toString('base64'),
    },
  }),
  document: (s) => ({
    type: 'document',
    body: {
      ...mediaFile(s, 'pdf', 'application/pdf', 5_000_000),
      file_name: 'Minutes 2025-03.pdf',
      filename: 'Minutes 2025-03.pdf',
      caption: 'Minutes from the last meeting',
      page_count: s.rng.int(1, 40),
      preview: PREVIEW_JPEG,
    },
  }),
  link_preview: (s) => ({
    type: 'link_preview',
    body: {
      ...linkPreview(s, 'https://example.com/news/42', 'Local news: the bridge reopens'),
      canonical: 'https://example.com/news/42',
    },
  }),
  sticker: (s) => ({
    type: 'sticker',
    body: {
      ...mediaFile(s, 'webp', 'image/webp', 100_000),
      animated: s.rng.chance(0.3),
      width: 512,
      height: 512,
    },
  }),
  location: (s) => {
    const place = s.rng.pick(PLACES)
    return {
      type: 'location',
      body: { ...place, preview: PREVIEW_JPEG, url: 'https://maps.example.com/' },
    }
  },
  live_location: (s) => {
    const place = s.rng.pick(PLACES)
    return {
      type: 'live_location',
      body: {
        latitude: place.latitude,
        longitude: place.longitude,
        accuracy: s.rng.int(3, 50),
        speed: s.rng.int(0, 30),
        degrees: s.rng.int(0, 359),
        caption: 'On my way',
        sequence_number: s.rng.int(1, 500),
        time_offset: s.rng.int(0, 3600),
      },
    }
  },
  contact: (s) => ({ type: 'contact', body: vcard(s.rng.pick(s.members)) }),
  contact_list: (s) => ({
    type: 'contact_list',
    body: { list: s.rng.sample(s.members, 3).map(vcard) },
  }),
  interactive: (s) => ({
    type: 'interactive',
    body: {
      ...mediaFile(s, 'jpeg', 'image/jpeg', 300_000),
      type: 'button',
      header: { text: 'Appointment reminder' },
      body: { text: 'Your appointment is tomorrow at 10:00. Will you come?' },
      footer: { text: 'Reply to confirm' },
      action: {
        buttons: [
          { type: 'quick_reply', title: 'Yes', id: 'yes' },
          { type: 'quick_reply', title: 'Reschedule', id: 'reschedule' },
          { type: 'url', title: 'Directions', id: 'map', url: 'https://maps.example.com/' },
        ],
      },
    },
  }),
  poll: (s) => {
    const options = ['Friday', 'Saturday', 'Sunday']
    const results = options.map((name, i) => {
      const voters = s.rng.sample(s.members, s.rng.int(0, Math.min(4, s.members.length))).map((p) => p.phone)
      return { id: randomHex(s.rng, 16) + String(i), name, count: voters.length, voters }
    })
    return {
      type: 'poll',
      body: {
        title: 'When shall we meet?',
        options,
        vote_limit: 1,
        total: results.reduce((n, r) => n + r.count, 0),
        results,
      },
    }
  },
  hsm: (s) => ({
    type: 'hsm',
    body: {
      header: { type: 'text', text: { body: 'Order update' } },
      body: `Your order #${s.rng.int(1000, 9999)} has shipped.`,
      footer: 'Reply STOP to unsubscribe',
      buttons: [
        { id: 'track', type: 'url', text: 'Track', url: 'https://shop.example.com/track' },
        { id: 'code', type: 'copy_code', text: 'Copy code', copy_code: 'SPRING25' },
      ],
    },
  }),
  system: (s) => ({
    type: 'system',
    subtype: s.rng.pick(['group_create', 'add', 'remove', 'subject', 'description']),
    body: { body: `${s.author.name} changed the group settings` },
  }),
  order: (s) => ({
    type: 'order',
    body: {
      order_id: numericId(s.rng, 16),
      seller: s.author.phone,
      title: 'Order from the shop',
      text: 'Please deliver after 6pm',
      token: Buffer.from(randomHex(s.rng, 24)).toString('base64'),
      item_count: s.rng.int(1, 9),
      currency: s.rng.pick(['USD', 'EUR', 'BRL', 'INR', 'AED']),
      total_price: s.rng.int(500, 90_000) / 100,
      status: s.rng.pick(['new', 'accepted', 'canceled']),
      preview: PREVIEW_JPEG,
    },
  }),
  group_invite: (s) => {
    const code = inviteCode(s.rng)
    return {
      type: 'group_invite',
      body: {
        ...linkPreview(s, `https://chat.whatsapp.com/${code}`, 'Join my group'),
        invite_code: code,
      },
    }
  },
  newsletter_invite: (s) => ({
    type: 'newsletter_invite',
    body: {
      ...linkPreview(s, 'https://whatsapp.com/channel/0029Va00000000000000000', 'Follow our channel'),
      newsletter_id: newsletterId(s.rng),
    },
  }),
  admin_invite: (s) => ({
    type: 'admin_invite',
    body: {
      body: 'I invite you to be an admin of my channel',
      newsletter_id: newsletterId(s.rng),
      newsletter_name: 'Neighbourhood news',
      expiration: s.timestamp + 7 * 86_400,
      preview: PREVIEW_JPEG,
    },
  }),
  product: (s) => ({
    type: 'product',
    body: { catalog_id: s.author.phone, product_id: numericId(s.rng, 16) },
  }),
  catalog: (s) => ({
    type: 'catalog',
    body: {
      ...linkPreview(s, `https://wa.me/c/${s.author.phone}`, 'View our catalog'),
      catalog_id: s.author.phone,
    },
  }),
  product_items: () => ({ type: 'interactive', subtype: 'product_list', body: { type: 'list' } }),
  action: (s) => {
    const target = messageId(s.ids)
    const variant = s.rng.int(0, 3)
    if (variant === 0)
      return {
        type: 'action',
        body: { type: 'reaction', target, emoji: s.rng.pick(REACTION_EMOJI) },
      }
    if (variant === 1) return { type: 'action', body: { type: 'delete', target } }
    if (variant === 2) return { type: 'action', body: { type: 'vote', target, votes: ['Saturday'] } }
    return {
      type: 'action',
      body: {
        type: 'edited',
        target,
        edited_type: 'text',
        edited_content: { body: `${text(s)} (edited)` },
      },
    }
  },
  event: (s) => ({
    type: 'event',
    body: {
      is_canceled: s.rng.chance(0.1),
      name: 'Summer picnic',
      description: 'Bring something to share 🧺',
      join_link: 'https://call.whatsapp.com/voice/K5IFl19olpzTLsh52A0G9R',
      start: s.timestamp + s.rng.int(1, 30) * 86_400,
      responses: s.rng.sample(s.members, 3).map((p, i) => ({
        participant: p.phone,
        response: (['GOING', 'NOT_GOING', 'UNKNOWN'] as const)[i % 3] ?? 'UNKNOWN',
        timestamp: s.timestamp - i * 60,
      })),
    },
  }),
  list: () => ({
    type: 'list',
    body: {
      header: 'Menu',
      body: 'What would you like to order?',
      label: 'Choose',
      footer: 'Delivery in 30 minutes',
      sections: [
        {
          title: 'Pizza',
          rows: [{ id: 'margherita', title: 'Margherita', description: 'Tomato, mozzarella' }],
        },
        {
          title: 'Drinks',
          rows: [
            { id: 'water', title: 'Water' },
            { id: 'lemonade', title: 'Lemonade' },
          ],
        },
      ],
    },
  }),
  buttons: () => ({
    type: 'buttons',
    body: {
      text: 'Did this answer your question?',
      footer: 'Support bot',
      buttons: [
        { id: 'y', text: 'Yes', type: 'RESPONSE' },
        { id: 'n', text: 'No', type: 'RESPONSE' },
      ],
    },
  }),
}
