/**
 * Server records nest a few levels (a group, its last message, a poll's options); one
 * nested thousands of levels deep is not data. Left in, it would overflow the stack of
 * every recursive walk after it (schema checks, JSON.stringify of the cache), so it is
 * measured here without recursion and set aside like any other malformed record.
 */
export const MAX_RECORD_DEPTH = 64

/** True when `value` has objects or arrays nested more than `max` levels deep. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue
    const depth = next.depth + 1
    if (depth > max) return true
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value)
    for (const child of children) if (child !== null && typeof child === 'object') pending.push({ value: child, depth })
  }
  return false
}
