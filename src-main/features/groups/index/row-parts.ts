import { isAdminRank } from '@shared/domain/group'
import type { LabelChip } from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import { foldForSearch } from './fold'
import { messagePreview } from './preview'
import { bareId } from '../../../account/accounts/self-id'
import { sortName } from './sort-name'

/** Bits of `GroupColumns.flags`. */
export const FLAG = {
  mention: 1 << 0,
  pinned: 1 << 1,
  mute: 1 << 2,
  archived: 1 << 3,
  parent: 1 << 4,
  announcement: 1 << 5,
  readOnly: 1 << 6,
  suspended: 1 << 7,
  terminated: 1 << 8,
  hasPreview: 1 << 9,
  fromMe: 1 << 10,
  /** The preview's author is the sender's own name (not their number). */
  authorNamed: 1 << 11,
  defaultSubgroup: 1 << 12,
  admin: 1 << 13,
} as const

/**
 * One group's row as the columns store it, made from its record: only the strings and
 * numbers a row, a search, a filter or a sort reads (a few hundred bytes, where the lean
 * record is kilobytes). The page worker makes these, so that main neither previews, folds
 * nor receives more of a record than its row.
 */
export interface RowParts {
  id: string
  name: string
  previewText: string
  previewAuthor: string
  picture: string
  pictureFull: string
  linkedParent: string
  /** Who sent the last message, as sent ('' for none). */
  lastFrom: string
  /** Folded name, description and preview (see foldForSearch). */
  haystack: string
  sortSkip: number
  timestamp: number
  muteUntil: number
  unread: number
  size: number
  /** FLAG bits, all but `admin`, which waits for the account's own id. */
  flags: number
  kind: string | null
  labels: LabelChip[]
  /** Bare ids of the admins and the creator. */
  admins: string[]
  /** The bare id that sent the last message marked from_me, if any (see deriveSelfId). */
  selfVote: string | null
}

function lastActivity(group: Group): number {
  const own = typeof group.timestamp === 'number' ? group.timestamp : -Infinity
  const message = group.last_message?.timestamp
  const latest = Math.max(own, typeof message === 'number' ? message : -Infinity)
  return latest === -Infinity ? Number.NaN : latest
}

/** Whether a participant's rank makes them one of the group's admins. */
/** The row of a group (lean or full: of the participants only the admins are read). */
export function rowOf(group: Group): RowParts {
  const message = group.last_message
  const preview = messagePreview(message)
  let flags = 0
  if (group.unread_mention === true) flags |= FLAG.mention
  if (group.pin === true) flags |= FLAG.pinned
  if (group.mute === true) flags |= FLAG.mute
  if (group.archive === true) flags |= FLAG.archived
  if (group.is_parent === true) flags |= FLAG.parent
  if (group.isCommunityAnnounce === true) flags |= FLAG.announcement
  if (group.read_only === true || group.announcements === true) flags |= FLAG.readOnly
  if (group.suspended === true) flags |= FLAG.suspended
  if (group.terminated === true) flags |= FLAG.terminated
  if (group.is_default_subgroup === true) flags |= FLAG.defaultSubgroup
  if (preview) {
    flags |= FLAG.hasPreview
    if (preview.fromMe) flags |= FLAG.fromMe
    if (preview.author !== null && typeof message?.from_name === 'string' && message.from_name.trim() !== '') flags |= FLAG.authorNamed
  }
  const from = typeof message?.from === 'string' ? message.from : ''
  const admins: string[] = []
  for (const p of group.participants) if (isAdminRank(p.rank)) admins.push(bareId(p.id))
  return {
    id: group.id,
    name: group.name,
    previewText: preview?.text ?? '',
    previewAuthor: preview?.author ?? '',
    picture: group.chat_pic ?? '',
    pictureFull: group.chat_pic_full ?? '',
    linkedParent: group.linkedParent ?? '',
    lastFrom: from,
    haystack: foldForSearch(`${group.name}\n${group.description ?? ''}\n${preview?.text ?? ''}`),
    sortSkip: group.name.length - sortName(group.name).length,
    timestamp: lastActivity(group),
    muteUntil: typeof group.mute_until === 'number' ? group.mute_until : Number.NaN,
    unread: typeof group.unread === 'number' && group.unread > 0 ? group.unread : 0,
    size: group.participants_count,
    flags,
    kind: preview ? preview.kind : null,
    labels: (group.labels ?? []).map((label) => ({
      id: label.id,
      name: label.name,
      color: label.color,
    })),
    admins,
    selfVote: message?.from_me && from !== '' ? bareId(from) : null,
  }
}
