import type { GroupRow, GroupsWindow } from '@shared/channels/groups'
import type { Group, Message } from '@shared/domain'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import type { Plugin } from 'vue'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { onScreen } from './accounts-fixtures'

const FIXTURES = import.meta.glob<Message>('../../../fixtures/messages/*.json', { eager: true, import: 'default' })

/** One recorded message per content member (test/fixtures/messages/<kind>.json). */
export function messageFixtures(): Array<{ name: string; message: Message }> {
  return Object.entries(FIXTURES)
    .map(([path, message]) => ({ name: path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, ''), message }))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
}

export function row(overrides: Partial<GroupRow> = {}): GroupRow {
  return {
    id: '120363000000000001@g.us',
    name: 'Weekend hikers',
    picture: null,
    preview: { kind: 'text', text: 'See you on Saturday!', fromMe: false, author: 'Ana' },
    timestamp: 1_712_995_245,
    unread: 0,
    mention: false,
    pinned: false,
    muted: false,
    archived: false,
    labels: [],
    size: 12,
    isParent: false,
    isAnnouncement: false,
    isAdmin: false,
    readOnly: false,
    suspended: false,
    terminated: false,
    ...overrides,
  }
}

export function rows(count: number, from = 0, prefix = 'Group'): GroupRow[] {
  return Array.from({ length: count }, (_, i) => row({ id: `${from + i}@g.us`, name: `${prefix} ${from + i}` }))
}

/** A groups:query answer over `all` rows, honouring offset and limit like main does. */
export function windowOf(all: readonly GroupRow[], arg: unknown, total = all.length): GroupsWindow {
  const { offset = 0, limit = 50 } = (arg ?? {}) as { offset?: number; limit?: number }
  return { rows: all.slice(offset, offset + limit), offset, matching: all.length, total }
}

export function group(overrides: Partial<Group> & Record<string, unknown> = {}): Group {
  return {
    id: '120363000000000001@g.us',
    type: 'group',
    name: 'Weekend hikers',
    timestamp: 1_712_995_245,
    pin: true,
    mute: true,
    mute_until: 1_893_456_000,
    archive: false,
    unread: 3,
    unread_mention: true,
    read_only: false,
    not_spam: true,
    labels: [{ id: '3', name: 'Hiking', color: 'limegreen' }],
    name_owner: '447700900123',
    name_at: 1_700_000_000,
    description: 'Trails every weekend.\nBring water.',
    description_owner: '447700900124',
    participants_count: 3,
    participants: [
      { id: '447700900125', rank: 'member' },
      { id: '447700900123', rank: 'creator' },
      { id: '447700900124', rank: 'admin' },
    ],
    created_at: 1_600_000_000,
    created_by: '447700900123',
    suspended: false,
    terminated: false,
    is_parent: false,
    restricted: true,
    announcements: false,
    ephemeral: 604_800,
    invite_code: 'HBvI6m5EYknm15UJuTbdoI',
    ...overrides,
  } as Group
}

/**
 * A fresh Pinia with account a1 on this client's screen (as the app is whenever it shows a
 * section), and the app's i18n (English, a fixed locale so dates are predictable).
 */
export function plugins(): { pinia: Pinia; global: { plugins: Plugin[] } } {
  const pinia = createPinia()
  setActivePinia(pinia)
  onScreen('a1')
  return { pinia, global: { plugins: [pinia, createAppI18n('en-GB')] } }
}

/**
 * happy-dom lays nothing out, so every element is 0 px tall and a virtual list would show
 * no rows. This gives elements a height (what a window would) until `restore()`.
 */
export function withViewport(height: number): { restore(): void } {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height })
  return {
    restore() {
      if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original)
      else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
    },
  }
}
