import type { ConnectFailure } from '@shared/channels/accounts'
import { AppError, type ErrorCode } from '@shared/errors'
import { userText, type UserText } from '@shared/i18n/user-text'
import { ApiClient, type ApiTimeouts, type FetchLike, type RetryPolicy } from '../../platform/api'
import { ApiErrors } from '../../platform/api/errors'
import { Redactor } from '../../platform/api/redact'
import { deriveSelfId } from './self-id'
import type { Logger } from '../../platform/log/log'

/** Connect is interactive: one quick retry, then the user hears what went wrong. */
export const CONNECT_RETRY: Partial<RetryPolicy> = { maxAttempts: 2, baseDelayMs: 250, maxDelayMs: 500, maxRetryAfterMs: 2_000 }
export const CONNECT_TIMEOUTS: Partial<ApiTimeouts> = { headersMs: 15_000, stallMs: 15_000 }

export interface ConnectTestInput {
  baseUrl: string
  token: string
  fetch: FetchLike
  logger?: Logger
  retry?: Partial<RetryPolicy>
  timeouts?: Partial<ApiTimeouts>
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

function statusOf(error: AppError): number | undefined {
  const status = error.details?.['status']
  return typeof status === 'number' ? status : undefined
}

/** The failure class of a connect test, which the connect screen explains in its own words. */
export function connectFailureOf(code: ErrorCode): ConnectFailure {
  switch (code) {
    case 'unauthorized':
      return 'unauthorized'
    case 'offline':
    case 'timeout':
      return 'offline'
    case 'server':
      return 'server'
    case 'invalid-response':
    case 'not-found':
    case 'invalid-request':
      return 'not-api'
    default:
      return 'other'
  }
}

/** What the user reads: one full sentence per failure, naming the server they typed. */
function explain(error: AppError, reason: ConnectFailure, host: string): UserText {
  const status = statusOf(error)
  switch (reason) {
    case 'unauthorized':
      return userText('apiErrors.connect.refusedToken', { host })
    case 'offline':
      return error.code === 'timeout'
        ? userText('apiErrors.connect.noAnswer', { host })
        : userText('apiErrors.connect.unreachable', { host })
    case 'server':
      return status
        ? userText('apiErrors.connect.serverProblem', { host, status })
        : userText('apiErrors.connect.serverProblemNoStatus', { host })
    case 'not-api':
      if (error.code === 'invalid-response') return userText('apiErrors.connect.notGroups', { host })
      if (status === 404) return userText('apiErrors.connect.noGroupsEndpoint', { host })
      if (status !== undefined && status >= 300 && status < 400) return userText('apiErrors.connect.redirects', { host })
      return status ? userText('apiErrors.connect.refused', { host, status }) : userText('apiErrors.connect.refusedNoStatus', { host })
    case 'other-channel':
    case 'other':
      return error.text
  }
}

/**
 * Groups read by the connect test. The interface names no channel id, so the channel is
 * recognised by its own number: the sender of last messages marked from_me. One page of
 * this size finds it in nearly every real account and costs one request.
 */
export const CONNECT_SAMPLE = 100

export interface ConnectTestResult {
  /** The channel's own id (its number), or null when no sampled message was its own. */
  channelId: string | null
}

/**
 * Tries the pair with `GET /groups?count=100`. Resolves when the server answers with a
 * groups page, with the channel's own id when the page shows it; otherwise throws an
 * AppError whose `details.reason` is the failure class and whose text says it in plain
 * words. The token is in no text: the client redacts what the server echoes, and the texts
 * here are filled only with the host, redacted too.
 */
export async function testConnection(input: ConnectTestInput): Promise<ConnectTestResult> {
  const host = hostOf(input.baseUrl)
  try {
    const client = new ApiClient({
      baseUrl: input.baseUrl,
      token: input.token,
      fetch: input.fetch,
      retry: input.retry ?? CONNECT_RETRY,
      timeouts: input.timeouts ?? CONNECT_TIMEOUTS,
      ...(input.logger && { logger: input.logger }),
    })
    const page = await client.listGroups({ count: CONNECT_SAMPLE, offset: 0 })
    return { channelId: deriveSelfId(page.groups) }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const reason = connectFailureOf(error.code)
    const status = statusOf(error)
    // The host is what the user typed, but it goes through the redactor like anything else a text is filled with.
    const text = new ApiErrors(new Redactor(input.token)).safeText(explain(error, reason, host))
    throw new AppError(error.code, text, { reason, ...(status !== undefined && { status }) })
  }
}
