import { isSecureBaseUrl } from '@shared/base-url'
import { codeText } from '@shared/errors'
import { userText, type UserText } from '@shared/i18n/user-text'
import { silentLogger, type Logger } from '../log/log'
import { systemClock, type Clock } from './clock'
import { ApiErrors } from './errors'
import { exchange, type FetchLike, type UploadProgress } from './exchange'
import { Redactor } from './redact'
import { DEFAULT_RETRY_POLICY, backoffDelay, type RetryPolicy } from './retry'
import type { UploadBody } from './upload-body'
import { judge } from './verdict'

export interface ApiTimeouts {
  /** Longest wait for the response headers once the request is fully sent. */
  headersMs: number
  /** Longest time without progress while a body goes out or a response comes in. */
  stallMs: number
}

const DEFAULT_TIMEOUTS: ApiTimeouts = { headersMs: 30_000, stallMs: 30_000 }

/** A groups page of 500 large groups is a few megabytes; anything far beyond is not a page. */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024
/** A story's view list is small; a page of stories too. Far beyond is not an answer. */
export const MAX_LIST_RESPONSE_BYTES = 8 * 1024 * 1024

export interface ApiClientOptions {
  /** The provider's base URL, e.g. `https://gate.whapi.cloud`. */
  baseUrl: string
  token: string
  fetch: FetchLike
  clock?: Clock
  /** Jitter source, 0 <= x < 1. */
  random?: () => number
  timeouts?: Partial<ApiTimeouts>
  retry?: Partial<RetryPolicy>
  logger?: Logger
}

export interface RequestOptions {
  signal?: AbortSignal
}

export interface PublishOptions extends RequestOptions {
  onProgress?: (progress: UploadProgress) => void
  /**
   * False: give up at the first failure for want of a network, so a caller with its own
   * queue (the outbox) keeps the story and retries on its schedule instead of the user waiting.
   */
  networkRetries?: boolean
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT'
  path: string
  /** The body's type when it is not JSON (a media upload). */
  contentType?: string
  maxResponseBytes?: number
  /** Safe to send again whatever happened to the previous attempt. */
  idempotent: boolean
  body?: UploadBody
  /** What a 404 means for this request, when it means more than "not found". */
  notFound?: UserText
  signal?: AbortSignal
  onProgress?: (progress: UploadProgress) => void
  networkRetries?: boolean
}

export interface Success {
  status: number
  body: Uint8Array
  attempts: number
}

const VISIBLE_ASCII = /^[\x21-\x7E]+$/

/**
 * What every request of the client shares: the checked base URL, the token (in a private
 * field, never written into an error, a log line or anything an error points to), the
 * exchange with its timeouts, and the retry loop with its bound.
 */
export class ClientCore {
  readonly errors: ApiErrors
  readonly logger: Logger
  readonly #authorization: string
  readonly #baseUrl: string
  readonly #fetch: FetchLike
  readonly #clock: Clock
  readonly #random: () => number
  readonly #timeouts: ApiTimeouts
  readonly #policy: RetryPolicy

  constructor(options: ApiClientOptions) {
    this.errors = new ApiErrors(new Redactor(options.token))
    if (!VISIBLE_ASCII.test(options.token)) {
      throw this.errors.make('invalid-argument', userText('apiErrors.request.badToken'))
    }
    this.#baseUrl = this.#checkBaseUrl(options.baseUrl)
    this.#authorization = `Bearer ${options.token}`
    this.#fetch = options.fetch
    this.#clock = options.clock ?? systemClock
    this.#random = options.random ?? Math.random
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
    this.logger = options.logger ?? silentLogger
  }

  async send(op: Operation): Promise<Success> {
    for (let attempt = 1; ; attempt++) {
      const started = this.#clock.now()
      this.logger.debug('api request', { method: op.method, path: op.path, attempt })
      const result = await exchange(this.#fetch, {
        method: op.method,
        url: this.#baseUrl + op.path,
        headers: {
          authorization: this.#authorization,
          accept: 'application/json',
          ...(op.body && { 'content-type': op.contentType ?? 'application/json' }),
        },
        ...(op.body && { body: op.body }),
        ...(op.signal && { signal: op.signal }),
        ...(op.onProgress && { onProgress: op.onProgress }),
        headersTimeoutMs: this.#timeouts.headersMs,
        stallTimeoutMs: this.#timeouts.stallMs,
        maxResponseBytes: op.maxResponseBytes ?? MAX_RESPONSE_BYTES,
      })
      const verdict = judge(result, {
        idempotent: op.idempotent,
        ...(op.notFound && { notFound: op.notFound }),
        headersMs: this.#timeouts.headersMs,
        stallMs: this.#timeouts.stallMs,
        nowMs: this.#clock.now(),
      })
      const status = result.status
      const elapsedMs = this.#clock.now() - started
      if (verdict.ok) {
        this.logger.debug('api response', {
          method: op.method,
          path: op.path,
          status,
          attempt,
          elapsedMs,
        })
        return { status: verdict.status, body: verdict.body, attempts: attempt }
      }

      const { spec, retryAfterMs } = verdict
      const tooLong = retryAfterMs !== undefined && retryAfterMs > this.#policy.maxRetryAfterMs
      const noNetworkRetry = op.networkRetries === false && (spec.code === 'offline' || spec.code === 'timeout')
      if (!verdict.retry || attempt >= this.#policy.maxAttempts || tooLong || noNetworkRetry) {
        this.logger.warn('api failure', {
          method: op.method,
          path: op.path,
          code: spec.code,
          status,
          attempt,
          elapsedMs,
        })
        throw this.errors.build(spec, { attempts: attempt })
      }
      const waitMs = retryAfterMs ?? backoffDelay(attempt, this.#policy, this.#random)
      this.logger.info('api retry', {
        method: op.method,
        path: op.path,
        code: spec.code,
        status,
        attempt,
        waitMs,
      })
      try {
        await this.#clock.sleep(waitMs, op.signal)
      } catch (error) {
        if (!op.signal?.aborted) throw error
      }
      if (op.signal?.aborted) {
        throw this.errors.make('cancelled', codeText('cancelled'), {
          attempts: attempt,
          ...(op.idempotent ? {} : { published: false }),
        })
      }
    }
  }

  /** The body as JSON, or undefined when it is not JSON: each caller says what it expected. */
  json(body: Uint8Array): unknown {
    try {
      return JSON.parse(new TextDecoder().decode(body))
    } catch {
      return undefined
    }
  }

  #checkBaseUrl(raw: string): string {
    let url: URL | undefined
    try {
      url = new URL(raw)
    } catch {
      url = undefined
    }
    if (!url || !isSecureBaseUrl(raw) || url.username || url.password || url.search || url.hash) {
      throw this.errors.make('invalid-argument', userText('apiErrors.request.badAddress'))
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  }
}
