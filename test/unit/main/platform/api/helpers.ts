import { AppError } from '@shared/errors'
import { expect } from 'vitest'
import { ApiClient, type ApiClientOptions, type Clock } from '../../../../../src-main/platform/api'
import type { Logger } from '../../../../../src-main/platform/log/log'

export const TOKEN = 'tok_SECRET_6f1e2d3c4b5a9988'

/** A clock whose sleep returns at once and remembers how long it was asked to wait. */
export function fakeClock(start = Date.parse('2025-06-01T12:00:00Z')): Clock & { sleeps: number[] } {
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

/** A client with a fake clock, a captured log and no jitter, talking to `baseUrl`. */
export function testClient(baseUrl: string, token: string, overrides: Partial<ApiClientOptions> = {}) {
  const clock = fakeClock()
  const logger = captureLogger()
  const api = new ApiClient({ baseUrl, token, fetch, clock, logger, random: () => 0.5, ...overrides })
  return { api, clock, logger }
}

/** The AppError a call rejects with (the test fails if it resolves or throws anything else). */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}
