/** How hard the client tries again after a failure it is allowed to retry. */
export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number
  /** The backoff ceiling of the first retry; it doubles with each further retry. */
  baseDelayMs: number
  maxDelayMs: number
  /** A Retry-After longer than this is not waited out: the error reaches the user instead. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
}

/** Statuses a GET retries: the request did no harm and may well succeed later. */
export const RETRYABLE_GET_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504])

/**
 * Exponential backoff with "equal jitter": half the ceiling is always waited (so retries
 * really do slow down), the other half is random (so many clients do not retry in step).
 * `retry` counts from 1.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

const IMF_FIXDATE = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/
const RFC_850 = /^[A-Za-z]+, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/
const ASCTIME = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/

/**
 * Retry-After in either form (RFC 9110 §10.2.3): delta-seconds or an HTTP-date.
 * Returns milliseconds from `nowMs`, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // Date.parse alone would take "1.5" or "-5" for dates; only the three HTTP-date forms go to it.
  let at = Number.NaN
  if (IMF_FIXDATE.test(text) || RFC_850.test(text)) at = Date.parse(text)
  else if (ASCTIME.test(text)) at = Date.parse(`${text} GMT`)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - nowMs)
}
