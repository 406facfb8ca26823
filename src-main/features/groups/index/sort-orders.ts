import type { GroupSort } from '@shared/channels/groups'
import { SLOT, textAt, type GroupColumns } from './group-columns'

export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The positions of the groups in the order of `sort`. Names compare by their sort key
 * (see sortName), a name without one last; every tie goes on to the next key and at last
 * to the id, so an order never depends on the server's.
 */
export function sortOrder(columns: GroupColumns, sort: GroupSort, collator: Intl.Collator): Int32Array {
  const { timestamp, size, unread, sortSkip, count } = columns
  const time = (at: number): number => {
    const t = timestamp[at] as number
    return Number.isNaN(t) ? -Infinity : t
  }
  // Decoded as a comparison first needs them, for this sort only: the strings are not kept.
  const names: (string | undefined)[] = new Array<string | undefined>(count)
  const keys: (string | undefined)[] = new Array<string | undefined>(count)
  const name = (at: number): string => (names[at] ??= textAt(columns, at, SLOT.name))
  const key = (at: number): string => (keys[at] ??= name(at).slice(sortSkip[at] as number))
  const id = (at: number): string => textAt(columns, at, SLOT.id)
  const byName = (a: number, b: number): number => {
    const x = key(a)
    const y = key(b)
    return Number(x === '') - Number(y === '') || collator.compare(x, y) || collator.compare(name(a), name(b)) || compareIds(id(a), id(b))
  }
  const byRecent = (a: number, b: number): number => time(b) - time(a) || byName(a, b)
  const recentRank = (at: number): number => {
    const t = timestamp[at] as number
    return Number.isNaN(t) ? TOP : t >= 0 ? TOP - 1 - t : -1
  }
  const most = (column: ArrayLike<number>) => (at: number) => TOP - 1 - (column[at] as number)
  const ranked: Record<GroupSort, (() => Int32Array | null) | null> = {
    // The newest first, a group without a time last (a time before 1970 is no rank: the comparison sorts those).
    recent: () => rankedOrder(count, recentRank, byName),
    name: null,
    size: () => rankedOrder(count, most(size), byName),
    unread: () => rankedOrder(count, most(unread), byRecent),
  }
  const compare: Record<GroupSort, (a: number, b: number) => number> = {
    recent: byRecent,
    name: byName,
    size: (a, b) => (size[b] as number) - (size[a] as number) || byName(a, b),
    unread: (a, b) => (unread[b] as number) - (unread[a] as number) || byRecent(a, b),
  }
  return ranked[sort]?.() ?? Int32Array.from({ length: count }, (_, at) => at).sort(compare[sort])
}

/** Ranks go up to this; positions below SLOTS. Rank and position together are a whole number under 2^53. */
const TOP = 2 ** 31
const SLOTS = 2 ** 21

/**
 * The positions in the order of `rank` (smaller first), ties in the order of `tie`: the
 * same order as sorting every position with "rank, then tie", but the ranks are sorted
 * as numbers (natively, with the position in the same number) and only the ties with the
 * comparison, so the first query of a big account after a sync does not hold main's loop
 * for a comparison per pair. Null when a rank is not a whole number from 0 to TOP (a time
 * or a count no server sends): the caller sorts with the comparison alone.
 */
function rankedOrder(count: number, rank: (at: number) => number, tie: (a: number, b: number) => number): Int32Array | null {
  if (count >= SLOTS) return null
  const packed = new Float64Array(count)
  for (let at = 0; at < count; at++) {
    const r = rank(at)
    if (!Number.isInteger(r) || r < 0 || r > TOP) return null
    packed[at] = r * SLOTS + at
  }
  packed.sort()
  const order = new Int32Array(count)
  for (let i = 0; i < count; i++) order[i] = (packed[i] as number) % SLOTS
  let from = 0
  for (let i = 1; i <= count; i++) {
    if (i < count && Math.floor((packed[i] as number) / SLOTS) === Math.floor((packed[from] as number) / SLOTS)) continue
    // The positions of one rank, in place, in the order of the next keys.
    if (i - from > 1) order.subarray(from, i).sort(tie)
    from = i
  }
  return order
}
