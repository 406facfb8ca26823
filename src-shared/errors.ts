import type { UserText } from './i18n/user-text'

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
  /** A peer pinned by its certificate presented another one: nothing was sent to it. */
  'certificate-changed',
  'storage',
  'internal',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** An AppError as it crosses the bridge or reaches disk (read back with AppErrorDataSchema, error-schemas.ts). */
export interface AppErrorData {
  code: ErrorCode
  /** What the user reads, as a key of the catalogs and its parameters. */
  text: UserText
  /** Extra facts safe to show (HTTP status, server error details, retry-after seconds). */
  details?: Record<string, unknown> | undefined
}

/** The text any error with `code` can fall back on. */
export function codeText(code: ErrorCode): UserText {
  return { key: `errors.codes.${code}` }
}

/**
 * An error that is safe to cross the bridge: its code, the text the user reads (a key and
 * parameters, rendered in the user's language by whoever shows it) and details. Its `message`
 * is for developers and logs only. Any other thrown value is reported as `internal` without
 * its message or stack.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly text: UserText
  readonly details: Record<string, unknown> | undefined

  constructor(code: ErrorCode, text: UserText, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(developerMessage(text), options)
    this.name = 'AppError'
    this.code = code
    this.text = text
    this.details = details
  }

  toData(): AppErrorData {
    return this.details === undefined ? { code: this.code, text: this.text } : { code: this.code, text: this.text, details: this.details }
  }
}

function developerMessage(text: UserText): string {
  return text.params === undefined ? text.key : `${text.key} ${JSON.stringify(text.params)}`
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }
