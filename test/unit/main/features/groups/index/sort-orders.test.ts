import { beforeAll, describe, expect, it } from 'vitest'
import { GROUP_SORTS, type GroupSort } from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import { columnsOf, SLOT, textAt, type GroupColumns } from '../../../../../../src-main/features/groups/index/group-columns'
import { compareIds, sortOrder } from '../../../../../../src-main/features/groups/index/sort-orders'
import { groupsFromEmulator } from '../sync/support'

let groups: Group[]
beforeAll(async () => {
  groups = await groupsFromEmulator(3_000)
}, 60_000)

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** Every position sorted with the whole comparison, as a typed array sorts (so even where NaN makes it no order at all): what each order must equal. */
function compared(columns: GroupColumns, sort: GroupSort): number[] {
  const { timestamp, size, unread, sortSkip } = columns
  const time = (at: number): number => (Number.isNaN(timestamp[at]) ? -Infinity : (timestamp[at] as number))
  const name = (at: number): string => textAt(columns, at, SLOT.name)
  const key = (at: number): string => name(at).slice(sortSkip[at] as number)
  const byName = (a: number, b: number): number =>
    Number(key(a) === '') - Number(key(b) === '') ||
    collator.compare(key(a), key(b)) ||
    collator.compare(name(a), name(b)) ||
    compareIds(textAt(columns, a, SLOT.id), textAt(columns, b, SLOT.id))
  const byRecent = (a: number, b: number): number => time(b) - time(a) || byName(a, b)
  const compare: Record<GroupSort, (a: number, b: number) => number> = {
    recent: byRecent,
    name: byName,
    size: (a, b) => (size[b] as number) - (size[a] as number) || byName(a, b),
    unread: (a, b) => (unread[b] as number) - (unread[a] as number) || byRecent(a, b),
  }
  return [...Int32Array.from({ length: columns.count }, (_, at) => at).sort(compare[sort])]
}

/** The columns with their times, sizes and unread counts drawn from `pick` (ties, gaps, hostile values). */
function columnsWith(pick: (at: number, column: 'timestamp' | 'size' | 'unread') => number): GroupColumns {
  const columns = columnsOf(groups)
  for (let at = 0; at < columns.count; at++) {
    columns.timestamp[at] = pick(at, 'timestamp')
    columns.size[at] = pick(at, 'size')
    columns.unread[at] = pick(at, 'unread')
  }
  return columns
}

describe('sort orders', () => {
  it('are the whole comparison’s order, for the account as it came', () => {
    const columns = columnsOf(groups)
    for (const sort of GROUP_SORTS) expect([...sortOrder(columns, sort, collator)], sort).toEqual(compared(columns, sort))
  })

  it('are the whole comparison’s order with many ties, groups without a time, and values no server sends', () => {
    const cases: ((at: number, column: 'timestamp' | 'size' | 'unread') => number)[] = [
      // Few distinct values: long runs of ties, sorted by the next keys.
      (at) => at % 7,
      (at, column) => (column === 'timestamp' ? (at % 5 === 0 ? NaN : 1_750_000_000 + (at % 3)) : at % 4),
      (at) => (at % 11 === 0 ? NaN : at % 2),
      // Values beyond the ranks: negative, fractional, huge, infinite.
      (at) => (at === 17 ? -1 : at % 9),
      (at) => (at === 5 ? 0.5 : at % 9),
      (at) => (at === 3 ? 2 ** 40 : at % 9),
      (at) => (at === 8 ? Infinity : at === 9 ? -Infinity : at % 9),
      (at) => (at === 1 ? -0 : at % 2),
      (at) => 2 ** 31 - 1 - (at % 3),
    ]
    for (const [i, pick] of cases.entries()) {
      const columns = columnsWith(pick)
      for (const sort of GROUP_SORTS) expect([...sortOrder(columns, sort, collator)], `case ${i}, ${sort}`).toEqual(compared(columns, sort))
    }
  })
})
