/** A snapshot's groups as a diff needs them: their ids and fingerprints, by position. */
export interface FingerprintedGroups {
  size: number
  id(at: number): string
  /** A checksum of each group's JSON. */
  fingerprints: Uint32Array
}

export interface GroupsDiff {
  added: number
  removed: number
  changed: number
}

/** What a sync changed, by group id; a group whose JSON differs in any field counts as changed. */
export function diffGroups(previous: FingerprintedGroups | null, next: FingerprintedGroups): GroupsDiff {
  if (!previous) return { added: next.size, removed: 0, changed: 0 }
  const before = new Map<string, number>()
  for (let at = 0; at < previous.size; at++) before.set(previous.id(at), previous.fingerprints[at] as number)
  let added = 0
  let changed = 0
  let kept = 0
  for (let at = 0; at < next.size; at++) {
    const print = before.get(next.id(at))
    if (print === undefined) added++
    else {
      kept++
      if (print !== next.fingerprints[at]) changed++
    }
  }
  return { added, removed: before.size - kept, changed }
}
