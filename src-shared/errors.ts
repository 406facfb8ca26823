import { z } from 'zod'

/**
 * Every failure the user can meet has one of these codes. The API client maps HTTP and
 * network failures onto them; handle() maps everything else to `internal`.
 */
export const ERROR_CODES = [
  'invalid-argument',
  'invalid-request',
  'invalid-response',
  'unauthorized',
  'payment',
  'forbidden',
  'not-found',
  'too-large',
  'unsupported-media',
  'rate-limited',
  'server',
  'offline',
  /** The server (or a proxy) closed an open connection: it is reachable, but did not answer. */
  'connection-closed',
  'timeout',
  'cancelled',
  'unknown-outcome',
  'conflict',
  'storage',
  'internal',
] as const

export const ErrorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

export const AppErrorDataSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  /** Extra facts safe to show (HTTP status, server error details, retry-after seconds). */
  details: z.record(z.string(), z.unknown()).optional(),
})
export type AppErrorData = z.infer<typeof AppErrorDataSchema>

/**
 * An error whose message is written for the user and is safe to cross the bridge.
 * Any other thrown value is reported as `internal` without its message or stack.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly details: Record<string, unknown> | undefined

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AppError'
    this.code = code
    this.details = details
  }

  toData(): AppErrorData {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details }
  }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }
