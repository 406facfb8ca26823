import { z } from 'zod'
import { AppError, type ErrorCode } from '@shared/errors'
import type { Redactor } from './redact'

/** The provider's error body: `{error: {code, message, details?}}` (components/schemas/Error). */
const ServerErrorBodySchema = z.object({
  error: z.looseObject({
    code: z.union([z.number(), z.string()]).optional(),
    message: z.string().optional(),
    details: z.unknown().optional(),
  }),
})

export interface ServerError {
  code?: number | string
  message?: string
  details?: unknown
}

export function parseServerError(body: Uint8Array): ServerError | undefined {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return undefined
  }
  const parsed = ServerErrorBodySchema.safeParse(json)
  if (!parsed.success) return undefined
  const { code, message, details } = parsed.data.error
  return {
    ...(code !== undefined && { code }),
    ...(message !== undefined && { message }),
    ...(details !== undefined && { details }),
  }
}

interface StatusMeaning {
  code: ErrorCode
  message: string
}

const STATUS_MEANINGS: Record<number, StatusMeaning> = {
  400: { code: 'invalid-request', message: 'The server refused the request as invalid.' },
  401: {
    code: 'unauthorized',
    message:
      'The channel is not authorized or the token is wrong. Check the token, or reconnect the channel (scan the QR code again) in the provider’s dashboard.',
  },
  402: { code: 'payment', message: 'The account’s plan or trial limit has been reached.' },
  403: { code: 'forbidden', message: 'The server does not allow this account to do that.' },
  404: { code: 'not-found', message: 'The server could not find what was asked for.' },
  413: { code: 'too-large', message: 'The media is too large for the server.' },
  415: { code: 'unsupported-media', message: 'The server does not accept this type of media.' },
  429: {
    code: 'rate-limited',
    message: 'The server is receiving too many requests from this account. Wait a moment and try again.',
  },
}

function meaningOf(status: number): StatusMeaning {
  const known = STATUS_MEANINGS[status]
  if (known) return known
  if (status >= 500)
    return {
      code: 'server',
      message: `The server had a problem (HTTP ${status}). Try again later.`,
    }
  return { code: 'invalid-request', message: `The server refused the request (HTTP ${status}).` }
}

/** An error not built yet: the attempt count is only known once the client gives up. */
export interface ErrorSpec {
  code: ErrorCode
  message: string
  details?: Record<string, unknown>
  cause?: unknown
}

/** What an HTTP error status means, with the server's own explanation when it sent one. */
export function httpErrorSpec(
  status: number,
  body: Uint8Array,
  extra: { notFound?: string; retryAfterMs?: number; nowMs?: number } = {},
): ErrorSpec {
  const meaning = meaningOf(status)
  const server = parseServerError(body)
  const { retryAfterMs, nowMs } = extra
  const retryAt = retryAfterMs !== undefined && nowMs !== undefined ? new Date(nowMs + retryAfterMs) : undefined
  const base =
    status === 404 && extra.notFound
      ? extra.notFound
      : status === 429 && retryAfterMs !== undefined
        ? `The server is receiving too many requests from this account and asks to wait ${describeWait(retryAfterMs)} before the next try.`
        : meaning.message
  const said = server?.message?.trim()
  return {
    code: meaning.code,
    message: said ? `${base} The server said: “${said}”` : base,
    details: {
      status,
      ...(server && { server }),
      ...(retryAfterMs !== undefined && {
        retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
      }),
      // The instant the server allows the next try, for the renderer to show in local time.
      ...(retryAt !== undefined && { retryAt: retryAt.toISOString() }),
    },
  }
}

/** 45 s, 2 min, 2 min 30 s, 3 h 5 min. */
export function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`
  const hours = Math.floor(minutes / 60)
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
}

/**
 * Builds every error the client throws. Whatever came from the server or the network goes
 * through the redactor here, so no path can carry the token into a message or a log.
 */
export class ApiErrors {
  constructor(private readonly redactor: Redactor) {}

  build(spec: ErrorSpec, extraDetails?: Record<string, unknown>): AppError {
    const details = spec.details || extraDetails ? { ...spec.details, ...extraDetails } : undefined
    const safeDetails = details === undefined ? undefined : (this.redactor.deep(details) as Record<string, unknown>)
    const options = spec.cause === undefined ? undefined : { cause: this.redactor.cause(spec.cause) }
    return new AppError(spec.code, this.redactor.text(spec.message), safeDetails, options)
  }

  make(code: ErrorCode, message: string, details?: Record<string, unknown>, cause?: unknown): AppError {
    return this.build({
      code,
      message,
      ...(details && { details }),
      ...(cause !== undefined && { cause }),
    })
  }
}
