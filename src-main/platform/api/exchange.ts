import { releaseNow } from '../worker/release-now'
import { provesNotSent, refusedRedirect } from './network-failure'
import type { UploadBody } from './upload-body'

/** The fetch the client is given: Electron's net.fetch in the app, the global fetch in Node. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

export interface UploadProgress {
  sentBytes: number
  totalBytes: number
}

export interface ExchangeRequest {
  method: 'GET' | 'POST' | 'PUT'
  url: string
  headers: Record<string, string>
  body?: UploadBody
  signal?: AbortSignal
  /** Longest wait for the response headers once the request is fully sent. */
  headersTimeoutMs: number
  /** Longest time without progress while the body goes out or the response comes in. */
  stallTimeoutMs: number
  maxResponseBytes: number
  onProgress?: (progress: UploadProgress) => void
}

/**
 * How far the request got when it failed:
 * - `not-sent`: provably never reached the server (no name, no connection);
 * - `incomplete`: the body was not all handed over, so the server cannot have acted on it;
 * - `maybe-delivered`: the whole request may be on the server.
 */
export type Delivery = 'not-sent' | 'incomplete' | 'maybe-delivered'

export type ExchangeFailure = {
  kind: 'failed'
  reason: 'cancelled' | 'timeout' | 'network' | 'body-source' | 'too-large' | 'redirect'
  delivery: Delivery
  /** For a timeout: what was being waited for. */
  timeoutPhase?: 'upload' | 'headers' | 'response'
  /** For a failure while reading the response: its status. */
  status?: number
  cause: unknown
}

export type ExchangeResult = { kind: 'response'; status: number; headers: Headers; body: Uint8Array; redirected: boolean } | ExchangeFailure

type Stop = { reason: 'cancelled' } | { reason: 'timeout'; phase: 'upload' | 'headers' | 'response' }

/** Raised inside the exchange to abort fetch; never leaves this module. */
class StopSignal extends Error {
  constructor(readonly stop: Stop) {
    super(stop.reason === 'timeout' ? `timed out (${stop.phase})` : 'cancelled')
    this.name = 'StopSignal'
  }
}

/**
 * One HTTP request and its whole response, with the timeouts and the bookkeeping of how
 * much of the request left. It never throws: the client decides what a failure means.
 */
export async function exchange(fetchFn: FetchLike, request: ExchangeRequest): Promise<ExchangeResult> {
  if (request.signal?.aborted) return { kind: 'failed', reason: 'cancelled', delivery: 'not-sent', cause: undefined }
  return new Exchange(request).run(fetchFn)
}

/** One exchange's state: what stopped it, its one timer, and how far its body went. */
class Exchange {
  readonly #request: ExchangeRequest
  readonly #controller = new AbortController()
  #stop: Stop | undefined
  #timer: ReturnType<typeof setTimeout> | undefined
  #bodyState: 'none' | 'partial' | 'complete'
  #bodyError: unknown
  #sentBytes = 0
  readonly #onUserAbort = () => this.#halt({ reason: 'cancelled' })

  constructor(request: ExchangeRequest) {
    this.#request = request
    this.#bodyState = request.body ? 'none' : 'complete'
  }

  async run(fetchFn: FetchLike): Promise<ExchangeResult> {
    const request = this.#request
    request.signal?.addEventListener('abort', this.#onUserAbort, { once: true })
    const totalBytes = request.body?.contentLength ?? 0
    const opened = this.#openBody(totalBytes)
    if (opened) this.#arm(request.stallTimeoutMs, 'upload')
    else this.#arm(request.headersTimeoutMs, 'headers')
    try {
      let response: Response
      try {
        response = await fetchFn(request.url, {
          method: request.method,
          headers: opened ? { ...request.headers, 'content-length': String(totalBytes) } : request.headers,
          signal: this.#controller.signal,
          // Never followed: it would carry the token wherever it points. With a body, 'manual'
          // makes fetch keep every chunk sent in case of a replay (a 50 MB upload held whole);
          // 'error' does not, and a body cannot be replayed anyway.
          redirect: opened ? 'error' : 'manual',
          ...(opened && { body: opened.stream, duplex: 'half' }),
        })
      } catch (error) {
        return this.#failure(error)
      }
      return await this.#read(response)
    } finally {
      clearTimeout(this.#timer)
      request.signal?.removeEventListener('abort', this.#onUserAbort)
      await opened?.release()
    }
  }

  #halt(why: Stop): void {
    if (this.#stop) return
    this.#stop = why
    this.#controller.abort(new StopSignal(why))
  }

  #arm(ms: number, phase: 'upload' | 'headers' | 'response'): void {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => this.#halt({ reason: 'timeout', phase }), ms)
  }

  #openBody(totalBytes: number): ReturnType<UploadBody['open']> | undefined {
    const request = this.#request
    const markComplete = () => {
      if (this.#bodyState === 'complete') return
      this.#bodyState = 'complete'
      this.#arm(request.headersTimeoutMs, 'headers')
    }
    return request.body?.open({
      onChunk: (bytes) => {
        this.#sentBytes += bytes
        // The last byte handed over, not the closing pull after it, is when the server may have it all.
        if (this.#sentBytes >= totalBytes) markComplete()
        else {
          this.#bodyState = 'partial'
          this.#arm(request.stallTimeoutMs, 'upload')
        }
        request.onProgress?.({ sentBytes: this.#sentBytes, totalBytes })
      },
      onEnd: markComplete,
      onError: (error) => {
        this.#bodyError = error
      },
    })
  }

  /** The response body, within its cap and its stall timeout. */
  async #read(response: Response): Promise<ExchangeResult> {
    const request = this.#request
    this.#arm(request.stallTimeoutMs, 'response')
    const chunks = new BodyChunks(response.headers.get('content-length'), request.maxResponseBytes)
    let received = 0
    try {
      if (response.body) {
        const reader = response.body.getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          received += value.byteLength
          if (received > request.maxResponseBytes) {
            await reader.cancel().catch(() => {})
            return { kind: 'failed', reason: 'too-large', delivery: 'maybe-delivered', status: response.status, cause: undefined }
          }
          chunks.add(value)
          this.#arm(request.stallTimeoutMs, 'response')
        }
      }
    } catch (error) {
      // A refusal that arrives while the body is still going out (a 413) is often followed by
      // the server closing the connection: the status is the answer, whatever became of the rest.
      if (response.status >= 400 && response.status < 500) return answer(response, chunks)
      return this.#failure(error, response.status)
    }
    return answer(response, chunks)
  }

  #failure(cause: unknown, status?: number): ExchangeFailure {
    const stop = this.#stop
    const delivery: Delivery = status !== undefined ? 'maybe-delivered' : this.#bodyState === 'complete' ? 'maybe-delivered' : 'incomplete'
    const base = { kind: 'failed' as const, cause, ...(status !== undefined && { status }) }
    if (stop?.reason === 'timeout') return { ...base, reason: 'timeout', delivery, timeoutPhase: stop.phase }
    if (stop) return { ...base, reason: stop.reason, delivery }
    if (this.#bodyError !== undefined) return { ...base, reason: 'body-source', delivery, cause: this.#bodyError }
    if (refusedRedirect(cause)) return { ...base, reason: 'redirect', delivery }
    return { ...base, reason: 'network', delivery: status === undefined && provesNotSent(cause) ? 'not-sent' : delivery }
  }
}

/** Bodies this large and up are copied into one buffer as they come (see BodyChunks). */
const PRESIZED_BYTES = 64 * 1024

/**
 * A response body as it arrives. When its length is declared (and large), it is copied into
 * one buffer of that size chunk by chunk, each chunk's memory given back as soon as it is
 * copied: a page of groups is megabytes in chunks of tens of kilobytes, and holding them all
 * to join them at the end costs twice the memory and leaves the allocator fragmented. A
 * body that turns out longer than declared (a decoded compressed one) goes on in chunks.
 */
class BodyChunks {
  #whole: Buffer | null
  #length = 0
  readonly #chunks: Uint8Array[] = []

  constructor(declared: string | null, max: number) {
    const length = declared === null ? NaN : Number(declared)
    const fits = Number.isSafeInteger(length) && length >= PRESIZED_BYTES && length <= max
    this.#whole = fits ? Buffer.allocUnsafeSlow(length) : null
  }

  add(chunk: Uint8Array): void {
    const whole = this.#whole
    if (whole && this.#length + chunk.byteLength <= whole.length) {
      whole.set(chunk, this.#length)
      this.#length += chunk.byteLength
      releaseNow(chunk)
      return
    }
    if (whole) {
      this.#chunks.push(whole.subarray(0, this.#length))
      this.#whole = null
    }
    this.#chunks.push(chunk)
  }

  bytes(): Buffer {
    const whole = this.#whole
    if (whole) return this.#length === whole.length ? whole : whole.subarray(0, this.#length)
    const joined = Buffer.concat(this.#chunks)
    for (const chunk of this.#chunks) releaseNow(chunk)
    return joined
  }
}

function answer(response: Response, chunks: BodyChunks): ExchangeResult {
  return {
    kind: 'response',
    status: response.status,
    headers: response.headers,
    body: chunks.bytes(),
    redirected: response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400),
  }
}
