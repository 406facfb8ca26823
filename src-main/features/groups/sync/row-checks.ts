/**
 * The checks a record must pass to become a row: the fields the list, its search, filters,
 * sorts, labels and pictures read, each of the type they are read as. They cost
 * microseconds where the full schema costs a millisecond; the full schema still runs when
 * a group is opened or exported (readGroup).
 */

import type { RowIssue } from '../../../platform/files/participants-bytes'

export type { RowIssue }

type Kind = 'string' | 'number' | 'boolean'

const REQUIRED: readonly [string, Kind][] = [
  ['id', 'string'],
  ['name', 'string'],
  ['type', 'string'],
  ['participants_count', 'number'],
]

/** Read by the list when present; null and absent are both fine. */
const OPTIONAL: readonly [string, Kind][] = [
  ['timestamp', 'number'],
  ['chat_pic', 'string'],
  ['chat_pic_full', 'string'],
  ['description', 'string'],
  ['pin', 'boolean'],
  ['mute', 'boolean'],
  ['mute_until', 'number'],
  ['archive', 'boolean'],
  ['unread', 'number'],
  ['unread_mention', 'boolean'],
  ['read_only', 'boolean'],
  ['suspended', 'boolean'],
  ['terminated', 'boolean'],
  ['is_parent', 'boolean'],
  ['announcements', 'boolean'],
  ['isCommunityAnnounce', 'boolean'],
]

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasKind(value: unknown, kind: Kind): boolean {
  return kind === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === kind
}

function expected(path: string, kind: string): RowIssue {
  return { path, message: `expected ${kind}` }
}

/** The first participant that is not an object with a string id and rank, or null. */
export function participantsIssue(participants: readonly unknown[]): RowIssue | null {
  for (let i = 0; i < participants.length; i++) {
    const participant: unknown = participants[i]
    if (!isRecord(participant)) return expected(`.participants[${i}]`, 'object')
    if (typeof participant['id'] !== 'string') return expected(`.participants[${i}].id`, 'string')
    if (typeof participant['rank'] !== 'string') return expected(`.participants[${i}].rank`, 'string')
  }
  return null
}

/**
 * The first problem that keeps `value` from being a row, or null. `participants` checks its
 * participants array: a reader that checked them in the record's bytes (see
 * participants-bytes.ts) hands in what it found.
 */
export function rowIssue(value: unknown, participants: (list: readonly unknown[]) => RowIssue | null = participantsIssue): RowIssue | null {
  if (!isRecord(value)) return expected('', 'object')
  for (const [key, kind] of REQUIRED) if (!hasKind(value[key], kind)) return expected(`.${key}`, kind)
  for (const [key, kind] of OPTIONAL) {
    const field = value[key]
    if (field !== undefined && field !== null && !hasKind(field, kind)) return expected(`.${key}`, kind)
  }
  const list = value['participants']
  if (!Array.isArray(list)) return expected('.participants', 'array')
  const issue = participants(list)
  if (issue) return issue
  const message = value['last_message']
  if (message !== undefined && message !== null) {
    if (!isRecord(message)) return expected('.last_message', 'object')
    for (const [key, kind] of [
      ['id', 'string'],
      ['type', 'string'],
      ['timestamp', 'number'],
      ['from_me', 'boolean'],
    ] as const) {
      const field = message[key]
      if (field !== undefined && field !== null && !hasKind(field, kind)) return expected(`.last_message.${key}`, kind)
    }
  }
  const labels = value['labels']
  if (labels !== undefined && labels !== null) {
    if (!Array.isArray(labels)) return expected('.labels', 'array')
    for (let i = 0; i < labels.length; i++) {
      const label: unknown = labels[i]
      if (!isRecord(label)) return expected(`.labels[${i}]`, 'object')
      for (const key of ['id', 'name', 'color']) if (typeof label[key] !== 'string') return expected(`.labels[${i}].${key}`, 'string')
    }
  }
  return null
}
