import type { EmulatorContext } from '../state/context'
import { generateGroup } from '../data/generator'
import type { PagingFault, ViolationFault } from '../faults/faults'
import { parsePaging } from '../protocol/validation'
import { breakGroup } from '../faults/violations'

/** What a server claiming an impossibly large account says its total is. */
export const HUGE_TOTAL = 1e12
/** Generator indexes of groups made up past the end of the list, far from any real one. */
const MADE_UP_BASE = 1_000_000_000

/** GET /groups?count=&offset= -> {groups, count, total, offset}. */
export function listGroups(
  context: EmulatorContext,
  params: URLSearchParams,
  violations: readonly ViolationFault[],
  paging: readonly PagingFault[] = [],
): unknown {
  const { count, offset: asked } = parsePaging(params)
  const { groups: list, generator } = context
  const variants = new Set(paging.map((fault) => fault.variant))
  const offset = variants.has('ignore-offset') ? 0 : asked
  const total = list.total
  const indexes = list.slice(offset, count)
  if (variants.has('endless')) {
    for (let p = offset + indexes.length; indexes.length < count; p++) indexes.push(MADE_UP_BASE + p)
  } else if (variants.has('repeat-ids') && total > 0) {
    for (let p = offset + indexes.length; indexes.length < count; p++) indexes.push(list.at(p % total) as number)
  }
  const groups = indexes.map((index, i) => {
    const timestamp = index >= MADE_UP_BASE ? generator.epoch - 1 : list.timestamps.get(index)
    const group = generateGroup(generator, index, timestamp === undefined ? {} : { timestamp })
    const position = offset + i
    for (const fault of violations) {
      const chosen =
        (fault.indexes === undefined || fault.indexes.includes(position)) && (fault.every === undefined || position % fault.every === 0)
      if (chosen) breakGroup(group as unknown as Record<string, unknown>, fault.violation ?? 'name-number')
    }
    return group
  })
  const claimed = variants.has('huge-total') ? HUGE_TOTAL : total
  return { groups, count: groups.length, total: claimed, offset }
}
