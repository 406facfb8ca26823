import { isSecureBaseUrl } from '@shared/base-url'
import {
  CONTACTS_PAGE_MAX_COUNT,
  GROUPS_PAGE_MAX_COUNT,
  MessageSchema,
  STORIES_PAGE_MAX_COUNT,
  StatusesListSchema,
  ViewStatusSchema,
  mediaIdOf,
  parseContactsPage,
  parseGroupsPage,
  parseStoriesPage,
  parseStoryResponse,
  type Message,
  type ParseOutcome,
  type ParsedContactsPage,
  type ParsedGroupsPage,
  type ParsedStoriesPage,
  type StoryResponse,
  type ViewStatus,
} from '@shared/domain'
import { AppError } from '@shared/errors'
import { silentLogger, type Logger } from '../log/log'
import { systemClock, type Clock } from './clock'
import { ApiErrors } from './errors'
import { exchange, type FetchLike, type UploadProgress } from './exchange'
import { Redactor } from './redact'
import { DEFAULT_RETRY_POLICY, backoffDelay, type RetryPolicy } from './retry'
import { fileByteSource, memoryByteSource, MediaReadError, type ByteSource } from './media-source'
import { storyBody, type PublishStoryInput } from './story-body'
import { jsonBody, rawBody, type UploadBody } from './upload-body'
import { judge, unknownSpec } from './verdict'

export interface ApiTimeouts {
  /** Longest wait for the response headers once the request is fully sent. */
  headersMs: number
  /** Longest time without progress while a body goes out or a response comes in. */
  stallMs: number
}

export const DEFAULT_TIMEOUTS: ApiTimeouts = { headersMs: 30_000, stallMs: 30_000 }

/** A groups page of 500 large groups is a few megabytes; anything far beyond is not a page. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024

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

/**
 * `unknown`: the request may have reached the server but no answer came back, so the story
 * may or may not be live. It is never sent again automatically; `error.code` is
 * `unknown-outcome`.
 */
export type PublishStoryResult =
  | { outcome: 'published'; response: StoryResponse; attempts: number }
  | { outcome: 'unknown'; error: AppError; attempts: number }

/**
 * `unsupported`: the server has no `POST /media` (404 or 405), so the media has to travel
 * inside the story request instead.
 */
export type UploadMediaResult =
  | { outcome: 'uploaded'; mediaId: string; attempts: number }
  | { outcome: 'unsupported'; status: number }

/** A local file or bytes to upload, with the type probed from its content. */
export type UploadSource =
  | { kind: 'file'; path: string; mimeType: string }
  | { kind: 'bytes'; bytes: Uint8Array; mimeType: string }

export interface StoriesQuery {
  count: number
  offset: number
  /** Unix seconds. */
  timeFrom?: number
  timeTo?: number
  fromMe?: boolean
}

export interface ViewStatuses {
  statuses: ViewStatus[]
  /** Records that did not match the Status schema, set aside. */
  rejected: number
}

export type CopyStoryResult =
  | { outcome: 'published'; attempts: number }
  | { outcome: 'unknown'; error: AppError; attempts: number }

/** What the provider's message ids are made of; nothing else goes into a path. */
const MESSAGE_ID = /^[A-Za-z0-9._@-]{1,128}$/
/** A story's view list is small; a page of stories too. Far beyond is not an answer. */
const MAX_LIST_RESPONSE_BYTES = 8 * 1024 * 1024

interface Operation {
  method: 'GET' | 'POST' | 'PUT'
  path: string
  /** The body's type when it is not JSON (a media upload). */
  contentType?: string
  maxResponseBytes?: number
  /** Safe to send again whatever happened to the previous attempt. */
  idempotent: boolean
  body?: UploadBody
  notFound?: string
  signal?: AbortSignal
  onProgress?: (progress: UploadProgress) => void
  networkRetries?: boolean
}

interface Success {
  status: number
  body: Uint8Array
  attempts: number
}

const VISIBLE_ASCII = /^[\x21-\x7E]+$/

/**
 * The provider's HTTP API: `GET /groups` and `POST /stories`. Plain Node: the fetch, the
 * clock and the logger are handed in. The token stays in a private field and is never
 * written into an error, a log line or anything an error points to.
 */
export class ApiClient {
  readonly #authorization: string
  readonly #baseUrl: string
  readonly #fetch: FetchLike
  readonly #clock: Clock
  readonly #random: () => number
  readonly #timeouts: ApiTimeouts
  readonly #policy: RetryPolicy
  readonly #logger: Logger
  readonly #errors: ApiErrors

  constructor(options: ApiClientOptions) {
    this.#errors = new ApiErrors(new Redactor(options.token))
    if (!VISIBLE_ASCII.test(options.token)) {
      throw this.#errors.make(
        'invalid-argument',
        'The token is empty or contains spaces or characters a token cannot have.',
      )
    }
    this.#baseUrl = this.#checkBaseUrl(options.baseUrl)
    this.#authorization = `Bearer ${options.token}`
    this.#fetch = options.fetch
    this.#clock = options.clock ?? systemClock
    this.#random = options.random ?? Math.random
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
    this.#logger = options.logger ?? silentLogger
  }

  /**
   * One page of the account's groups. Groups that do not match the schema are set aside in
   * `rejected` (with the path of the problem) rather than failing the page.
   */
  async listGroups(
    params: { count: number; offset: number },
    options: RequestOptions = {},
  ): Promise<ParsedGroupsPage> {
    const { offset } = params
    const success = await this.#groupsPage(params, options)
    const json = this.#json(success.body)
    if (json === undefined) {
      throw this.#errors.make(
        'invalid-response',
        'The server’s reply to the groups request was not JSON.',
        {
          status: success.status,
        },
      )
    }
    const parsed = parseGroupsPage(json)
    if (!parsed.success) {
      const { path, message } = parsed.issue
      throw this.#errors.make(
        'invalid-response',
        `The server sent a groups page the app cannot read (${path || 'the page'}: ${message}).`,
        { path, issue: message },
      )
    }
    if (parsed.data.rejected.length > 0) {
      this.#logger.warn('groups set aside', {
        offset,
        count: parsed.data.rejected.length,
        problems: parsed.data.rejected.map(({ index, path, message }) => ({
          index,
          path,
          message,
        })),
      })
    }
    return { ...parsed.data, bytes: success.body.byteLength }
  }

  /**
   * One page of the account's groups as the server's bytes, unparsed: the sync reads them
   * off the main thread and saves them as they are (see sync/parsed-pages.ts).
   */
  async listGroupsBody(
    params: { count: number; offset: number },
    options: RequestOptions = {},
  ): Promise<Uint8Array> {
    return (await this.#groupsPage(params, options)).body
  }

  async #groupsPage(
    params: { count: number; offset: number },
    options: RequestOptions,
  ): Promise<Success> {
    const { count, offset } = params
    if (!Number.isInteger(count) || count < 1 || count > GROUPS_PAGE_MAX_COUNT) {
      throw this.#errors.make(
        'invalid-argument',
        `A page holds 1 to ${GROUPS_PAGE_MAX_COUNT} groups.`,
        { count },
      )
    }
    if (!Number.isInteger(offset) || offset < 0) {
      throw this.#errors.make(
        'invalid-argument',
        'The page offset must be a whole number, 0 or more.',
        { offset },
      )
    }
    return this.#send({
      method: 'GET',
      path: `/groups?count=${count}&offset=${offset}`,
      idempotent: true,
      ...(options.signal && { signal: options.signal }),
    })
  }

  /**
   * Publishes a story. A local file is streamed as a base64 data URI, with progress. The
   * request is sent again only when it provably never reached the server (no name, no
   * connection) or the server answered 429; otherwise a lost answer is reported as an
   * `unknown` outcome and the story is not posted twice.
   */
  async publishStory(
    input: PublishStoryInput,
    options: PublishOptions = {},
  ): Promise<PublishStoryResult> {
    const body = await storyBody(input, this.#errors)
    let success: Success
    try {
      success = await this.#send({
        method: 'POST',
        path: '/stories',
        idempotent: false,
        body,
        notFound: 'The media was not found on the server (the media id may have expired).',
        ...(options.signal && { signal: options.signal }),
        ...(options.onProgress && { onProgress: options.onProgress }),
        ...(options.networkRetries === false && { networkRetries: false }),
      })
    } catch (error) {
      if (isUnknownOutcome(error)) return { outcome: 'unknown', error, attempts: attemptsOf(error) }
      throw error
    }
    const parsed = parseStoryResponse(this.#json(success.body))
    if (!parsed.success) {
      const spec = unknownSpec('unreadable-reply', {
        status: success.status,
        path: parsed.issue.path,
      })
      const error = this.#errors.build(spec, { attempts: success.attempts })
      return { outcome: 'unknown', error, attempts: success.attempts }
    }
    const { response, messageIssue } = parsed.data
    if (messageIssue) this.#logger.warn('story reply message set aside', { ...messageIssue })
    if (!response.sent) {
      throw this.#errors.make('server', 'The server answered but did not publish the story.', {
        status: success.status,
        attempts: success.attempts,
      })
    }
    return { outcome: 'published', response, attempts: success.attempts }
  }

  /**
   * Uploads media with `POST /media`: the file itself is the body (no base64), streamed a
   * chunk at a time. It publishes nothing, so it is retried like a GET; an early refusal
   * (413 while the body is still going out) is read and reported as the server sent it.
   * Every error says `published: false`.
   */
  async uploadMedia(source: UploadSource, options: PublishOptions = {}): Promise<UploadMediaResult> {
    let bytes: ByteSource
    try {
      bytes = source.kind === 'file' ? await fileByteSource(source.path) : memoryByteSource(source.bytes)
    } catch (error) {
      throw this.#errors.make(
        'invalid-argument',
        error instanceof MediaReadError ? error.message : 'The media file could not be read.',
        { published: false },
        error,
      )
    }
    let success: Success
    try {
      success = await this.#send({
        method: 'POST',
        path: '/media',
        idempotent: true,
        body: rawBody(bytes),
        contentType: source.mimeType,
        maxResponseBytes: MAX_LIST_RESPONSE_BYTES,
        ...(options.signal && { signal: options.signal }),
        ...(options.onProgress && { onProgress: options.onProgress }),
      })
    } catch (error) {
      if (error instanceof AppError) {
        const status = error.details?.status
        if ((status === 404 || status === 405) && error.code !== 'cancelled')
          return { outcome: 'unsupported', status }
        throw new AppError(error.code, error.message, { ...error.details, published: false }, {
          cause: error.cause,
        })
      }
      throw error
    }
    const parsed = mediaIdOf(this.#json(success.body))
    if (!parsed.success) {
      throw this.#errors.make(
        'invalid-response',
        `The server’s reply to the media upload has no media id (${parsed.issue.path || 'the reply'}: ${parsed.issue.message}).`,
        { status: success.status, published: false },
      )
    }
    return { outcome: 'uploaded', mediaId: parsed.data, attempts: success.attempts }
  }

  /** One page of the account's stories (`GET /stories`), newest first. */
  async listStories(query: StoriesQuery, options: RequestOptions = {}): Promise<ParsedStoriesPage> {
    const params = this.#pageParams(query, STORIES_PAGE_MAX_COUNT, 'stories')
    if (query.timeFrom !== undefined) params.set('time_from', String(Math.floor(query.timeFrom)))
    if (query.timeTo !== undefined) params.set('time_to', String(Math.floor(query.timeTo)))
    if (query.fromMe !== undefined) params.set('from_me', String(query.fromMe))
    return this.#listPage(`/stories?${params.toString()}`, parseStoriesPage, 'stories', query.offset, options)
  }

  /**
   * One page of the account's contacts (`GET /contacts`), for putting names to numbers.
   * A server without the operation answers 404 or 405, which the caller takes as "none".
   */
  async listContacts(query: { count: number; offset: number }, options: RequestOptions = {}): Promise<ParsedContactsPage> {
    const params = this.#pageParams(query, CONTACTS_PAGE_MAX_COUNT, 'contacts')
    return this.#listPage(`/contacts?${params.toString()}`, parseContactsPage, 'contacts', query.offset, options)
  }

  /** `count` and `offset` checked before anything is sent, as the query string of a list page. */
  #pageParams(query: { count: number; offset: number }, max: number, noun: string): URLSearchParams {
    const { count, offset } = query
    if (!Number.isInteger(count) || count < 1 || count > max)
      throw this.#errors.make('invalid-argument', `A page holds 1 to ${max} ${noun}.`, { count })
    if (!Number.isInteger(offset) || offset < 0)
      throw this.#errors.make('invalid-argument', 'The page offset must be a whole number, 0 or more.', { offset })
    return new URLSearchParams({ count: String(count), offset: String(offset) })
  }

  /**
   * A page of a list: a malformed envelope fails it with where and why; records set aside
   * by the parser are logged and the rest returned.
   */
  async #listPage<T extends { rejected: readonly unknown[] }>(
    path: string,
    parse: (raw: unknown) => ParseOutcome<T>,
    noun: string,
    offset: number,
    options: RequestOptions,
  ): Promise<T> {
    const success = await this.#send({
      method: 'GET',
      path,
      idempotent: true,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      ...(options.signal && { signal: options.signal }),
    })
    const parsed = parse(this.#json(success.body))
    if (!parsed.success) {
      const { path: where, message } = parsed.issue
      throw this.#errors.make(
        'invalid-response',
        `The server sent a page of ${noun} the app cannot read (${where || 'the page'}: ${message}).`,
        { path: where, issue: message },
      )
    }
    if (parsed.data.rejected.length > 0)
      this.#logger.warn(`${noun} set aside`, { offset, problems: parsed.data.rejected })
    return parsed.data
  }

  /** One story (`GET /stories/{MessageID}`). */
  async getStory(id: string, options: RequestOptions = {}): Promise<Message> {
    const success = await this.#send({
      method: 'GET',
      path: `/stories/${this.#messageId(id)}`,
      idempotent: true,
      notFound: 'The server does not know this story (it may have expired).',
      maxResponseBytes: MAX_LIST_RESPONSE_BYTES,
      ...(options.signal && { signal: options.signal }),
    })
    const parsed = MessageSchema.safeParse(this.#json(success.body))
    if (!parsed.success)
      throw this.#errors.make('invalid-response', 'The server sent a story the app cannot read.', {
        status: success.status,
      })
    return parsed.data
  }

  /** Who viewed a story (`GET /statuses/{MessageID}`); 403 means the story is not the account's own. */
  async storyStatuses(id: string, options: RequestOptions = {}): Promise<ViewStatuses> {
    const success = await this.#send({
      method: 'GET',
      path: `/statuses/${this.#messageId(id)}`,
      idempotent: true,
      notFound: 'The server does not know this story (it may have expired).',
      maxResponseBytes: MAX_LIST_RESPONSE_BYTES,
      ...(options.signal && { signal: options.signal }),
    })
    const envelope = StatusesListSchema.safeParse(this.#json(success.body))
    if (!envelope.success)
      throw this.#errors.make('invalid-response', 'The server’s list of views could not be read.', {
        status: success.status,
      })
    const statuses: ViewStatus[] = []
    let rejected = 0
    for (const item of envelope.data.statuses ?? []) {
      const one = ViewStatusSchema.safeParse(item)
      if (one.success) statuses.push(one.data)
      else rejected++
    }
    if (rejected > 0) this.#logger.warn('view statuses set aside', { id, rejected })
    return { statuses, rejected }
  }

  /**
   * Publishes a story again (`PUT /stories/{MessageID}`, CopyStories). Like a story POST it
   * is not sent twice: an answer lost on the way back is an `unknown` outcome.
   */
  async copyStory(
    id: string,
    audience: { contacts?: string[]; exclude_contacts?: string[] },
    options: RequestOptions = {},
  ): Promise<CopyStoryResult> {
    const digits = /^\d{7,15}$/
    for (const list of [audience.contacts, audience.exclude_contacts])
      if (list?.some((contact) => !digits.test(contact)))
        throw this.#errors.make('invalid-argument', 'Contacts must be phone numbers of 7 to 15 digits.', {
          published: false,
        })
    let success: Success
    try {
      success = await this.#send({
        method: 'PUT',
        path: `/stories/${this.#messageId(id)}`,
        idempotent: false,
        body: jsonBody(audience),
        notFound: 'The server does not know this story (it may have expired), so it was not posted again.',
        maxResponseBytes: MAX_LIST_RESPONSE_BYTES,
        ...(options.signal && { signal: options.signal }),
      })
    } catch (error) {
      if (isUnknownOutcome(error)) return { outcome: 'unknown', error, attempts: attemptsOf(error) }
      throw error
    }
    return { outcome: 'published', attempts: success.attempts }
  }

  #messageId(id: string): string {
    if (!MESSAGE_ID.test(id))
      throw this.#errors.make('invalid-argument', 'That is not a story id the server gave out.', {
        published: false,
      })
    return encodeURIComponent(id)
  }

  async #send(op: Operation): Promise<Success> {
    for (let attempt = 1; ; attempt++) {
      const started = this.#clock.now()
      this.#logger.debug('api request', { method: op.method, path: op.path, attempt })
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
        this.#logger.debug('api response', {
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
        this.#logger.warn('api failure', {
          method: op.method,
          path: op.path,
          code: spec.code,
          status,
          attempt,
          elapsedMs,
        })
        throw this.#errors.build(spec, { attempts: attempt })
      }
      const waitMs = retryAfterMs ?? backoffDelay(attempt, this.#policy, this.#random)
      this.#logger.info('api retry', {
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
        throw this.#errors.make('cancelled', 'Cancelled.', {
          attempts: attempt,
          ...(op.idempotent ? {} : { published: false }),
        })
      }
    }
  }

  #json(body: Uint8Array): unknown {
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
    if (
      !url ||
      !isSecureBaseUrl(raw) ||
      url.username ||
      url.password ||
      url.search ||
      url.hash
    ) {
      throw this.#errors.make(
        'invalid-argument',
        'The server address must look like https://gate.example.com (https, no query or credentials; plain http only to this computer).',
      )
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  }
}

function isUnknownOutcome(error: unknown): error is AppError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'unknown-outcome'
  )
}

function attemptsOf(error: AppError): number {
  const attempts = error.details?.attempts
  return typeof attempts === 'number' ? attempts : 1
}
