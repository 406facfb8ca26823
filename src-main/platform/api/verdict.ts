import { codeText } from '@shared/errors'
import { userText, type UserText } from '@shared/i18n/user-text'
import { httpErrorSpec, type ErrorSpec } from './errors'
import type { ExchangeResult } from './exchange'
import { mediaReadText } from './media-source'
import { closedByServer, networkErrorCode } from './network-failure'
import { RETRYABLE_GET_STATUSES, parseRetryAfter } from './retry'

export interface VerdictContext {
  /** Safe to send again whatever happened to the previous attempt (a GET). */
  idempotent: boolean
  /** What a 404 means for this request. */
  notFound?: UserText
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
    const server = spec.details?.server
    return { ok: false, retry: false, spec: unknownSpec('server-error', { status, ...(server !== undefined && { server }) }) }
  }
  return { ok: false, spec, retry: false }
}

type Failed = Extract<ExchangeResult, { kind: 'failed' }>

function judgeFailure(result: Failed, context: VerdictContext): Verdict {
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
        spec: maybeDelivered ? unknownSpec('cancelled') : { code: 'cancelled', text: codeText('cancelled'), details: notPublished },
      }
    case 'body-source':
      return { ok: false, retry: false, spec: { code: 'invalid-argument', text: mediaReadText(cause), details: notPublished, cause } }
    case 'too-large':
      return {
        ok: false,
        retry: false,
        spec: maybeDelivered
          ? unknownSpec('unreadable-reply', { ...(result.status !== undefined && { status: result.status }) })
          : { code: 'invalid-response', text: userText('apiErrors.network.replyTooLarge'), details: { status: result.status } },
      }
    case 'timeout':
      return maybeDelivered ? { ok: false, retry: false, spec: unknownSpec('timeout', { cause }) } : timedOut(result, context)
    case 'network':
      return maybeDelivered ? { ok: false, retry: false, spec: unknownSpec('connection-lost', { cause }) } : unreachable(result, idempotent)
  }
}

/** No answer in time, and provably nothing published: the wait is said, and a GET goes again. */
function timedOut(result: Failed, context: VerdictContext): Verdict {
  const stalled = result.timeoutPhase === 'upload'
  const waitedMs = result.timeoutPhase === 'headers' ? context.headersMs : context.stallMs
  const seconds = Math.ceil(waitedMs / 1000)
  return {
    ok: false,
    retry: context.idempotent,
    spec: {
      code: 'timeout',
      text: stalled ? userText('apiErrors.network.uploadStalled', { seconds }) : userText('apiErrors.network.noAnswer', { seconds }),
      details: { phase: result.timeoutPhase, ...(context.idempotent ? {} : { published: false }) },
    },
  }
}

/** The server could not be reached, or hung up before the request was all out: never published. */
function unreachable(result: Failed, idempotent: boolean): Verdict {
  const { cause } = result
  const networkCode = networkErrorCode(cause)
  const midUpload = result.delivery === 'incomplete' && !idempotent
  // The server hung up: the network works, so this is not "offline" (nor said as such).
  const closed = closedByServer(cause)
  const key = closed
    ? midUpload
      ? 'apiErrors.network.closedWhileSending'
      : 'apiErrors.network.closed'
    : midUpload
      ? 'apiErrors.network.lostWhileSending'
      : 'apiErrors.network.unreachable'
  return {
    ok: false,
    retry: idempotent || result.delivery === 'not-sent',
    spec: {
      code: closed ? 'connection-closed' : 'offline',
      text: userText(key),
      details: {
        ...(networkCode && { networkCode }),
        ...(result.status !== undefined && { status: result.status }),
        ...(idempotent ? {} : { published: false }),
      },
      cause,
    },
  }
}

/**
 * A redirect is never followed. The provider answers a story itself rather than through a
 * redirect, so one is reported as what it almost always is: a wrong server address.
 */
function redirectSpec(): ErrorSpec {
  return { code: 'invalid-request', text: userText('apiErrors.http.redirect') }
}

/** The story may be live: it is not sent again, and the user is told to check. */
export function unknownSpec(
  reason: 'cancelled' | 'server-error' | 'timeout' | 'connection-lost' | 'unreadable-reply',
  extra: { status?: number; server?: unknown; cause?: unknown; path?: string } = {},
): ErrorSpec {
  const { cause, ...details } = extra
  return {
    code: 'unknown-outcome',
    text: unknownText(reason, extra.status),
    details: { outcome: 'unknown', reason, ...details },
    ...(cause !== undefined && { cause }),
  }
}

function unknownText(reason: Parameters<typeof unknownSpec>[0], status = 500): UserText {
  switch (reason) {
    case 'server-error':
      return userText('apiErrors.unknown.serverError', { status })
    case 'cancelled':
      return userText('apiErrors.unknown.cancelled')
    case 'unreadable-reply':
      return userText('apiErrors.unknown.unreadableReply')
    case 'timeout':
    case 'connection-lost':
      return userText('apiErrors.unknown.noAnswer')
  }
}
