import { AppError } from '@shared/errors'

/** How deep an answer is walked to translate its account ids: the contract's answers are shallow. */
const MAX_DEPTH = 6

/** Whether the failure says the agent did not answer (rather than that it refused). */
export function isAway(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'offline' || error.code === 'timeout' || error.code === 'invalid-response')
}

/** Replaces the account ids of `from` by `to` wherever an `accountId` field holds one. */
export function translateIds(value: unknown, ids: ReadonlyMap<string, string>, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((entry) => translateIds(entry, ids, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    out[key] = key === 'accountId' && typeof entry === 'string' ? (ids.get(entry) ?? entry) : translateIds(entry, ids, depth + 1)
  }
  return out
}
