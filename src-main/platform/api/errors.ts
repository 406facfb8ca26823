import { z } from 'zod'
import { AppError, type ErrorCode } from '@shared/errors'
import { userText, type ParamValue, type UserText } from '@shared/i18n/user-text'
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
  text: UserText
}

const STATUS_MEANINGS: Record<number, StatusMeaning> = {
  400: { code: 'invalid-request', text: userText('apiErrors.http.invalidRequest') },
  401: { code: 'unauthorized', text: userText('apiErrors.http.unauthorized') },
  402: { code: 'payment', text: userText('apiErrors.http.payment') },
  403: { code: 'forbidden', text: userText('apiErrors.http.forbidden') },
  404: { code: 'not-found', text: userText('apiErrors.http.notFound') },
  413: { code: 'too-large', text: userText('apiErrors.http.tooLarge') },
  415: { code: 'unsupported-media', text: userText('apiErrors.http.unsupportedMedia') },
  429: { code: 'rate-limited', text: userText('apiErrors.http.rateLimited') },
}

function meaningOf(status: number): StatusMeaning {
  const known = STATUS_MEANINGS[status]
  if (known) return known
  if (status >= 500) return { code: 'server', text: userText('apiErrors.http.server', { status }) }
  return { code: 'invalid-request', text: userText('apiErrors.http.refused', { status }) }
}

/** An error not built yet: the attempt count is only known once the client gives up. */
export interface ErrorSpec {
  code: ErrorCode
  text: UserText
  details?: Record<string, unknown>
  cause?: unknown
}

/**
 * What an HTTP error status means. The server's own explanation, when it sent one, is kept
 * in `details.server` and shown beside the text, never inside it.
 */
export function httpErrorSpec(
  status: number,
  body: Uint8Array,
  extra: { notFound?: UserText; retryAfterMs?: number; nowMs?: number } = {},
): ErrorSpec {
  const meaning = meaningOf(status)
  const server = parseServerError(body)
  const { retryAfterMs, nowMs } = extra
  const retryAfterSeconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000)
  const retryAt = retryAfterMs !== undefined && nowMs !== undefined ? new Date(nowMs + retryAfterMs) : undefined
  const text =
    status === 404 && extra.notFound
      ? extra.notFound
      : status === 429 && retryAfterSeconds !== undefined
        ? userText('apiErrors.http.rateLimitedWait', { seconds: retryAfterSeconds })
        : meaning.text
  return {
    code: meaning.code,
    text,
    details: {
      status,
      ...(server && { server }),
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      // The instant the server allows the next try, for the renderer to show in local time.
      ...(retryAt !== undefined && { retryAt: retryAt.toISOString() }),
    },
  }
}

/**
 * Builds every error the client throws. Whatever came from the server or the network goes
 * through the redactor here (details, the cause, and any string a text is filled with), so no
 * path can carry the token into a text, a log line or anything an error points to.
 */
export class ApiErrors {
  constructor(private readonly redactor: Redactor) {}

  build(spec: ErrorSpec, extraDetails?: Record<string, unknown>): AppError {
    const details = spec.details || extraDetails ? { ...spec.details, ...extraDetails } : undefined
    const safeDetails = details === undefined ? undefined : (this.redactor.deep(details) as Record<string, unknown>)
    const options = spec.cause === undefined ? undefined : { cause: this.redactor.cause(spec.cause) }
    return new AppError(spec.code, this.safeText(spec.text), safeDetails, options)
  }

  make(code: ErrorCode, text: UserText, details?: Record<string, unknown>, cause?: unknown): AppError {
    return this.build({
      code,
      text,
      ...(details && { details }),
      ...(cause !== undefined && { cause }),
    })
  }

  /** The text with its string parameters redacted. */
  safeText(text: UserText): UserText {
    if (text.params === undefined) return text
    return { key: text.key, params: this.redactor.deep(text.params) as Record<string, ParamValue> }
  }
}
