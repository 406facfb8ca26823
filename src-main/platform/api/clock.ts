import { setTimeout as delay } from 'node:timers/promises'

/** Time as the client sees it; tests pass one whose sleep returns at once. */
export interface Clock {
  now(): number
  /** Resolves after `ms`, or rejects as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, signal ? { signal } : undefined),
}
