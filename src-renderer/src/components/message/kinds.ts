import { MESSAGE_CONTENT_MEMBERS, type MESSAGE_TYPES } from '@shared/domain'
import {
  Boxes,
  CalendarDays,
  ChartBar,
  CircleDashed,
  CircleHelp,
  Clapperboard,
  Contact,
  FileBadge,
  FileText,
  Film,
  GalleryHorizontal,
  Image,
  Info,
  LayoutList,
  Link,
  List,
  MapPin,
  Megaphone,
  MessageSquareText,
  Mic,
  Music,
  Navigation,
  Phone,
  Pin,
  RectangleEllipsis,
  Receipt,
  Reply,
  ShieldCheck,
  ShoppingBag,
  Sticker,
  Store,
  UserPlus,
  Users,
  Video,
  Zap,
} from 'lucide-vue-next'
import type { Component } from 'vue'
import { rec } from './safe'

type KnownType = (typeof MESSAGE_TYPES)[number] | 'product_items'

/** One icon per message type; anything the app has not met falls back to GENERIC_ICON. */
export const KIND_ICONS: Readonly<Record<KnownType, Component>> = {
  text: MessageSquareText,
  image: Image,
  video: Video,
  gif: Film,
  audio: Music,
  voice: Mic,
  short: Clapperboard,
  document: FileText,
  documentWithCaption: FileText,
  link_preview: Link,
  location: MapPin,
  live_location: Navigation,
  contact: Contact,
  contact_list: Users,
  sticker: Sticker,
  system: Info,
  call: Phone,
  unknown: CircleHelp,
  action: Zap,
  group_invite: UserPlus,
  newsletter_invite: Megaphone,
  admin_invite: ShieldCheck,
  product: ShoppingBag,
  catalog: Store,
  interactive: LayoutList,
  reply: Reply,
  poll: ChartBar,
  hsm: FileBadge,
  order: Receipt,
  story: CircleDashed,
  event: CalendarDays,
  buttons: RectangleEllipsis,
  list: List,
  pin: Pin,
  carousel: GalleryHorizontal,
  product_items: Boxes,
}
export const GENERIC_ICON: Component = CircleHelp

export function isKnownKind(kind: string): kind is KnownType {
  return Object.hasOwn(KIND_ICONS, kind)
}

export function kindIcon(kind: string | null | undefined): Component {
  return kind && isKnownKind(kind) ? KIND_ICONS[kind] : GENERIC_ICON
}

/** The renderer family that shows a content kind in full. */
export type Family =
  | 'text'
  | 'media'
  | 'document'
  | 'location'
  | 'contact'
  | 'poll'
  | 'order'
  | 'event'
  | 'interactive'
  | 'template'
  | 'link'
  | 'product'
  | 'action'
  | 'system'
  | 'unknown'

const FAMILIES: Readonly<Record<string, Family>> = {
  text: 'text',
  image: 'media',
  video: 'media',
  gif: 'media',
  short: 'media',
  sticker: 'media',
  audio: 'media',
  voice: 'media',
  document: 'document',
  documentWithCaption: 'document',
  location: 'location',
  live_location: 'location',
  contact: 'contact',
  contact_list: 'contact',
  poll: 'poll',
  order: 'order',
  event: 'event',
  interactive: 'interactive',
  list: 'interactive',
  buttons: 'interactive',
  reply: 'interactive',
  hsm: 'template',
  link_preview: 'link',
  group_invite: 'link',
  newsletter_invite: 'link',
  admin_invite: 'link',
  catalog: 'link',
  product: 'product',
  product_items: 'product',
  action: 'action',
  system: 'system',
  call: 'system',
  pin: 'system',
}

export function familyOf(kind: string): Family {
  return Object.hasOwn(FAMILIES, kind) ? (FAMILIES[kind] ?? 'unknown') : 'unknown'
}

/**
 * Which content member of a message to show, and as what kind. Usually the member named
 * by `type`; some messages carry theirs under another key (an `interactive` product list
 * arrives as `product_items`), so the known members are searched next.
 */
export function contentOf(message: Record<string, unknown>): { kind: string; content: Record<string, unknown> | null } {
  const type = typeof message['type'] === 'string' ? message['type'] : 'unknown'
  const own = rec(message[type])
  if (own) return { kind: type, content: own }
  for (const member of MESSAGE_CONTENT_MEMBERS) {
    const content = rec(message[member])
    if (content) return { kind: member, content }
  }
  return { kind: type, content: null }
}
