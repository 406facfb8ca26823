import type { Group } from '@shared/domain'

/** The later of the chat's own timestamp and its last message's: when the group was last active. */
export function lastActivity(group: Group): number | null {
  const times = [group.timestamp, group.last_message?.timestamp].filter((t): t is number => typeof t === 'number')
  return times.length === 0 ? null : Math.max(...times)
}

/** Muted, unless the mute had an end (mute_until > 0) and it has passed. */
export function isMuted(group: Group, nowSeconds: number): boolean {
  if (group.mute !== true) return false
  const until = group.mute_until
  return typeof until !== 'number' || until <= 0 || until > nowSeconds
}
