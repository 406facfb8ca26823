import type { Logger } from '../../../../../src-main/services/log'
import type { Clock } from '../../../../../src-main/services/api'

export const TOKEN = 'tok_SECRET_6f1e2d3c4b5a9988'

/** A clock whose sleep returns at once and remembers how long it was asked to wait. */
export function fakeClock(
  start = Date.parse('2025-06-01T12:00:00Z'),
): Clock & { sleeps: number[] } {
  let now = start
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => now,
    async sleep(ms, signal) {
      if (signal?.aborted) throw signal.reason
      sleeps.push(ms)
      now += ms
    },
  }
}

export interface LogLine {
  level: string
  message: string
  data?: Record<string, unknown>
}

export function captureLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = []
  const at = (level: string) => (message: string, data?: Record<string, unknown>) =>
    lines.push(data === undefined ? { level, message } : { level, message, data })
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/** A fetch that counts its calls and can send chosen calls elsewhere. */
export function countingFetch(route?: (url: string, call: number) => string) {
  const calls: string[] = []
  const fn = (url: string, init: RequestInit) => {
    calls.push(url)
    return fetch(route ? route(url, calls.length) : url, init)
  }
  return Object.assign(fn, { calls })
}
