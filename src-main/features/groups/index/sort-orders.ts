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
  const { timestamp, size, unread, sortSkip } = columns
  const time = (at: number): number => {
    const t = timestamp[at] as number
    return Number.isNaN(t) ? -Infinity : t
  }
  // Decoded for this sort only: the strings are not kept.
  const names = Array.from({ length: columns.count }, (_, at) => textAt(columns, at, SLOT.name))
  const keys = names.map((name, at) => name.slice(sortSkip[at] as number))
  const id = (at: number): string => textAt(columns, at, SLOT.id)
  const byName = (a: number, b: number): number => {
    const x = keys[a] as string
    const y = keys[b] as string
    return (
      Number(x === '') - Number(y === '') ||
      collator.compare(x, y) ||
      collator.compare(names[a] as string, names[b] as string) ||
      compareIds(id(a), id(b))
    )
  }
  const byRecent = (a: number, b: number): number => time(b) - time(a) || byName(a, b)
  const compare: Record<GroupSort, (a: number, b: number) => number> = {
    recent: byRecent,
    name: byName,
    size: (a, b) => (size[b] as number) - (size[a] as number) || byName(a, b),
    unread: (a, b) => (unread[b] as number) - (unread[a] as number) || byRecent(a, b),
  }
  return Int32Array.from(names.keys()).sort(compare[sort])
}
