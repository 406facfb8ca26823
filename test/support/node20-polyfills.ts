/**
 * Vitest 5's reporter calls Map.groupBy (ES2024), which Node 20 lacks: without this, a run
 * with a failing test crashes while printing the failure instead of showing it.
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>

const mapCtor = Map as unknown as { groupBy?: GroupBy }
if (typeof mapCtor.groupBy !== 'function') {
  mapCtor.groupBy = (items, key) => {
    const groups = new Map()
    let index = 0
    for (const item of items) {
      const k = key(item, index++)
      const list = groups.get(k)
      if (list) list.push(item)
      else groups.set(k, [item])
    }
    return groups
  }
}

const objectCtor = Object as unknown as { groupBy?: (items: Iterable<unknown>, key: (item: unknown, i: number) => PropertyKey) => object }
if (typeof objectCtor.groupBy !== 'function') {
  objectCtor.groupBy = (items, key) => Object.fromEntries(mapCtor.groupBy!(items, key))
}
