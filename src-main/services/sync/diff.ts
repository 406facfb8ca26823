import type { Group } from '@shared/domain'

export interface FingerprintedGroups {
  groups: readonly Group[]
  /** Aligned with `groups`: a checksum of each group's JSON. */
  fingerprints: Uint32Array
}

export interface GroupsDiff {
  added: number
  removed: number
  changed: number
}

/** What a sync changed, by group id; a group whose JSON differs in any field counts as changed. */
export function diffGroups(
  previous: FingerprintedGroups | null,
  next: FingerprintedGroups,
): GroupsDiff {
  if (!previous) return { added: next.groups.length, removed: 0, changed: 0 }
  const before = new Map<string, number>()
  previous.groups.forEach((group, i) => before.set(group.id, previous.fingerprints[i] as number))
  let added = 0
  let changed = 0
  let kept = 0
  next.groups.forEach((group, i) => {
    const print = before.get(group.id)
    if (print === undefined) added++
    else {
      kept++
      if (print !== next.fingerprints[i]) changed++
    }
  })
  return { added, removed: before.size - kept, changed }
}
