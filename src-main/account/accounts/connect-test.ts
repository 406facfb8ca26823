import type { ConnectFailure } from '@shared/channels/accounts'
import { AppError, type ErrorCode } from '@shared/errors'
import { ApiClient, type ApiTimeouts, type FetchLike, type RetryPolicy } from '../../platform/api'
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

function explain(error: AppError, reason: ConnectFailure, host: string): string {
  const status = statusOf(error)
  switch (reason) {
    case 'unauthorized':
      return `${host} refused the token: either the token is wrong, or the channel is not authorized (it may need its QR code scanned again in the provider’s dashboard).`
    case 'offline':
      return error.code === 'timeout'
        ? `${host} did not answer in time. Check the internet connection and the server address.`
        : `Could not reach ${host}. Check the internet connection and the server address.`
    case 'server':
      return `The server at ${host} had a problem${status ? ` (HTTP ${status})` : ''}. Try again in a few minutes.`
    case 'not-api': {
      const why =
        error.code === 'invalid-response'
          ? 'its answer is not a list of groups'
          : status === 404
            ? 'it has no groups endpoint (HTTP 404)'
            : status !== undefined && status >= 300 && status < 400
              ? 'it redirects elsewhere'
              : `it refused the request${status ? ` (HTTP ${status})` : ''}`
      return `${host} answered, but it is not a messaging API server of the expected kind: ${why}. Check the server address.`
    }
    case 'other-channel':
    case 'other':
      return error.message
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
 * groups page, with the channel's own id when the page shows it; otherwise throws an AppError whose `details.reason` is the failure class
 * and whose message says it in plain words. The token is in no message: the client
 * redacts what the server echoes, and the words here never quote it.
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
    throw new AppError(error.code, explain(error, reason, host), { reason, ...(status !== undefined && { status }) })
  }
}
