import type { EmulatorContext } from '../context'
import { generateGroup } from '../data/generator'
import type { ViolationFault } from '../faults'
import { parsePaging } from '../validation'
import { breakGroup } from '../violations'

/** GET /groups?count=&offset= -> {groups, count, total, offset}. */
export function listGroups(
  context: EmulatorContext,
  params: URLSearchParams,
  violations: readonly ViolationFault[],
): unknown {
  const { count, offset } = parsePaging(params)
  const { groups: list, generator } = context
  const indexes = list.slice(offset, count)
  const groups = indexes.map((index, i) => {
    const timestamp = list.timestamps.get(index)
    const group = generateGroup(generator, index, timestamp === undefined ? {} : { timestamp })
    const position = offset + i
    for (const fault of violations) {
      const chosen =
        (fault.indexes === undefined || fault.indexes.includes(position)) &&
        (fault.every === undefined || position % fault.every === 0)
      if (chosen)
        breakGroup(group as unknown as Record<string, unknown>, fault.violation ?? 'name-number')
    }
    return group
  })
  return { groups, count: groups.length, total: list.total, offset }
}
