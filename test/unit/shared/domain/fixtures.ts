import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

const dir = resolve('test/fixtures/messages')

/** Every message fixture, by content member: `{ text: {...}, image: {...}, ... }`. */
export function messageFixtures(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, file), 'utf8'))]),
  )
}

export function messageFixture(kind: string): Record<string, unknown> {
  return structuredClone(messageFixtures()[kind] as Record<string, unknown>)
}

/** A group with every field of the spec filled in. */
export function groupFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '120363194020948049@g.us',
    name: 'Weekend hikers',
    type: 'group',
    timestamp: 1712995245,
    chat_pic: 'https://pps.example.com/v/t61.jpg',
    chat_pic_full: 'https://pps.example.com/v/t61-full.jpg',
    pin: false,
    mute: true,
    mute_until: 1713600000,
    archive: false,
    unread: 3,
    unread_mention: false,
    read_only: false,
    not_spam: true,
    last_message: messageFixture('poll'),
    labels: [{ id: '3', name: 'Hiking', color: 'limegreen', count: 4 }],
    name_owner: '447700900123',
    name_at: 1675964377,
    description: 'Walks every weekend',
    description_owner: '447700900123',
    description_id: 'E2B7A1',
    participants_count: 3,
    participants: [
      { id: '447700900123', rank: 'creator' },
      { id: '447700900124', rank: 'admin' },
      { id: '447700900125', rank: 'member' },
    ],
    created_at: 1675964377,
    created_by: '447700900123',
    suspended: false,
    terminated: false,
    is_parent: false,
    is_default_subgroup: false,
    restricted: true,
    announcements: false,
    adminAddMemberMode: true,
    ephemeral: 0,
    invite_code: 'AbCdEfGhIjKlMnOp',
    isCommunityAnnounce: false,
    linkedParent: '120363194020948000@g.us',
    ...overrides,
  }
}
