import type { Group } from '@shared/domain'

/**
 * A group without the bulk of its record: everything a row, a search, a filter or the
 * picture sync reads, and of the participants only the admins (for the "admin" filter).
 * It is what GroupColumnsBuilder needs of a record; the full participant list is read from
 * the snapshot file when it is needed.
 */
export function leanGroup(group: Group): Group {
  const admins = group.participants.filter((p) => p.rank === 'admin' || p.rank === 'creator')
  return admins.length === group.participants.length ? group : { ...group, participants: admins }
}
