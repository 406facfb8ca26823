import { httpErrorSpec, type ErrorSpec } from './errors'
import type { ExchangeResult } from './exchange'
import { MediaReadError } from './media-source'
import { closedByServer, networkErrorCode } from './network-failure'
import { RETRYABLE_GET_STATUSES, parseRetryAfter } from './retry'

export interface VerdictContext {
  /** Safe to send again whatever happened to the previous attempt (a GET). */
  idempotent: boolean
  /** What a 404 means for this request. */
  notFound?: string
  headersMs: number
  stallMs: number
  nowMs: number
}

export type Verdict = { ok: true; status: number; body: Uint8Array } | { ok: false; spec: ErrorSpec; retry: boolean; retryAfterMs?: number }

/**
 * What one attempt's result means: a success, or an error and whether it may be sent
 * again. For a request that is not idempotent (publishing a story) the rule is strict:
 * only a 429 or a failure that proves the request never left is retried, and anything
 * that may have reached the server is an unknown outcome.
 */
export function judge(result: ExchangeResult, context: VerdictContext): Verdict {
  return result.kind === 'response' ? judgeResponse(result, context) : judgeFailure(result, context)
}

function judgeResponse(result: Extract<ExchangeResult, { kind: 'response' }>, context: VerdictContext): Verdict {
  const { status } = result
  if (result.redirected) return { ok: false, retry: false, spec: { ...redirectSpec(), details: { status } } }
  if (status >= 200 && status < 300) return { ok: true, status, body: result.body }

  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(result.headers.get('retry-after'), context.nowMs) : undefined
  const spec = httpErrorSpec(status, result.body, {
    ...(context.notFound && { notFound: context.notFound }),
    ...(retryAfterMs !== undefined && { retryAfterMs, nowMs: context.nowMs }),
  })
  const withRetryAfter = retryAfterMs === undefined ? {} : { retryAfterMs }
  if (context.idempotent) return { ok: false, spec, retry: RETRYABLE_GET_STATUSES.has(status), ...withRetryAfter }

  // A 429 is the server refusing before doing anything. A 5xx may come after the story
  // went out (a crash on the way back, a gateway giving up on a slow upstream), and a
  // story cannot be deleted, so it is an unknown outcome rather than a failure.
  if (status === 429) return { ok: false, spec, retry: true, ...withRetryAfter }
  if (status >= 500) {
    const server = spec.details?.server as { message?: string } | undefined
    const unknown = unknownSpec('server-error', { status, ...(server && { server }) })
    const said = server?.message?.trim()
    if (said) unknown.message += ` The server said: “${said}”`
    return { ok: false, retry: false, spec: unknown }
  }
  return { ok: false, spec, retry: false }
}

function judgeFailure(result: Extract<ExchangeResult, { kind: 'failed' }>, context: VerdictContext): Verdict {
  const { idempotent } = context
  const maybeDelivered = !idempotent && result.delivery === 'maybe-delivered'
  const notPublished = idempotent ? {} : { published: false }
  const { cause } = result
  switch (result.reason) {
    case 'redirect':
      return { ok: false, retry: false, spec: redirectSpec() }
    case 'cancelled':
      return {
        ok: false,
        retry: false,
        spec: maybeDelivered ? unknownSpec('cancelled') : { code: 'cancelled', message: 'Cancelled.', details: notPublished },
      }
    case 'body-source':
      return {
        ok: false,
        retry: false,
        spec: {
          code: 'invalid-argument',
          message: cause instanceof MediaReadError ? cause.message : 'The media could not be read.',
          details: notPublished,
          cause,
        },
      }
    case 'too-large':
      return {
        ok: false,
        retry: false,
        spec: maybeDelivered
          ? unknownSpec('unreadable-reply', {
              ...(result.status !== undefined && { status: result.status }),
            })
          : {
              code: 'invalid-response',
              message: 'The server’s reply was far larger than expected.',
              details: { status: result.status },
            },
      }
    case 'timeout': {
      if (maybeDelivered) return { ok: false, retry: false, spec: unknownSpec('timeout', { cause }) }
      const stalled = result.timeoutPhase === 'upload'
      const waitedMs = result.timeoutPhase === 'headers' ? context.headersMs : context.stallMs
      const seconds = Math.round(waitedMs / 1000)
      return {
        ok: false,
        retry: idempotent,
        spec: {
          code: 'timeout',
          message: stalled
            ? `The upload stalled: nothing could be sent for ${seconds} s. The story was not published.`
            : `The server did not answer within ${seconds} s.`,
          details: { phase: result.timeoutPhase, ...notPublished },
        },
      }
    }
    case 'network': {
      if (maybeDelivered) return { ok: false, retry: false, spec: unknownSpec('connection-lost', { cause }) }
      const networkCode = networkErrorCode(cause)
      const midUpload = result.delivery === 'incomplete' && !idempotent
      // The server hung up: the network works, so this is not "offline" (nor said as such).
      const closed = closedByServer(cause)
      return {
        ok: false,
        retry: idempotent || result.delivery === 'not-sent',
        spec: {
          code: closed ? 'connection-closed' : 'offline',
          message: closed
            ? midUpload
              ? 'The server closed the connection while the story was being sent. It was not published.'
              : 'The server closed the connection before answering. It may be overloaded, or something between here and the server drops the connection. Try again later.'
            : midUpload
              ? 'The connection was lost while the story was being sent. It was not published.'
              : 'Could not reach the server. Check the internet connection and the server address.',
          details: {
            ...(networkCode && { networkCode }),
            ...(result.status !== undefined && { status: result.status }),
            ...notPublished,
          },
          cause,
        },
      }
    }
  }
}

/**
 * A redirect is never followed. The provider answers a story itself rather than through a
 * redirect, so one is reported as what it almost always is: a wrong server address.
 */
function redirectSpec(): ErrorSpec {
  return {
    code: 'invalid-request',
    message: 'The server address answers with a redirect. Check it (it may need https:// or a different path).',
  }
}

const UNKNOWN_MESSAGES: Record<string, string> = {
  cancelled:
    'Publishing was cancelled after the story had been sent, so it may have been published. Check the account’s status before publishing it again.',
  'unreadable-reply':
    'The server accepted the story but its reply could not be read, so the app cannot confirm it was published. Check the account’s status before publishing it again.',
}

const UNKNOWN_DEFAULT =
  'The story was sent, but no answer came back from the server, so the app cannot tell whether it was published. Check the account’s status before publishing it again.'

/** The story may be live: it is not sent again, and the user is told to check. */
export function unknownSpec(
  reason: 'cancelled' | 'server-error' | 'timeout' | 'connection-lost' | 'unreadable-reply',
  extra: { status?: number; server?: unknown; cause?: unknown; path?: string } = {},
): ErrorSpec {
  const { cause, ...details } = extra
  const message =
    reason === 'server-error'
      ? `The server reported an error (HTTP ${extra.status ?? 500}) after receiving the story, so it may or may not have been published. Check the account’s status before publishing it again.`
      : (UNKNOWN_MESSAGES[reason] ?? UNKNOWN_DEFAULT)
  return {
    code: 'unknown-outcome',
    message,
    details: { outcome: 'unknown', reason, ...details },
    ...(cause !== undefined && { cause }),
  }
}
