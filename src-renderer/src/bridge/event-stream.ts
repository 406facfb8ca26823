import { createParser } from 'eventsource-parser'

export interface EventStreamOptions {
  url: string
  headers: Record<string, string>
  fetch: typeof fetch
  onEvent(name: string, data: string): void
  /** The server refused the secret: reconnecting cannot help. */
  onRejected(): void
  /** Milliseconds before reconnect attempt `n` (0-based); tests shorten it. */
  backoff?: (attempt: number) => number
  now?: () => number
}

/** An event larger than this ends the connection instead of growing a buffer without end. */
const MAX_EVENT_CHARS = 1024 * 1024
/** Failed connections in a row before the page stops trying (about five minutes at the cap). */
const MAX_FAILURES = 40
/** A connection that lived this long was working; one that ends sooner counts as a failure. */
const HEALTHY_AFTER_MS = 20_000
const defaultBackoff = (attempt: number) => Math.min(10_000, 250 * 2 ** attempt)

/**
 * Server-sent events read from a `fetch` stream, so the request can carry the secret in a
 * header (EventSource cannot set one, and a cookie would reach other local servers too).
 * Reconnects after a drop with a growing pause, and gives up after MAX_FAILURES short-lived
 * connections in a row.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  const controller = new AbortController()
  const backoff = options.backoff ?? defaultBackoff
  const now = options.now ?? Date.now
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | null = null

  async function connect(): Promise<void> {
    let reader: ReadableStreamDefaultReader<string> | null = null
    const started = now()
    const parser = createParser({
      maxBufferSize: MAX_EVENT_CHARS,
      onEvent: (message) => options.onEvent(message.event ?? 'message', message.data),
      onError: () => void reader?.cancel().catch(() => undefined),
    })
    try {
      const response = await options.fetch(options.url, {
        headers: options.headers,
        signal: controller.signal,
        cache: 'no-store',
      })
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel()
        return options.onRejected()
      }
      if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`)
      reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parser.feed(value)
      }
    } catch {
      // A dropped connection: try again below.
    }
    if (controller.signal.aborted) return
    // A server that answers and hangs up at once must not keep the page reconnecting forever.
    failures = now() - started >= HEALTHY_AFTER_MS ? 1 : failures + 1
    if (failures > MAX_FAILURES) return
    timer = setTimeout(() => void connect(), backoff(failures - 1))
  }

  void connect()
  return () => {
    controller.abort()
    if (timer) clearTimeout(timer)
  }
}
