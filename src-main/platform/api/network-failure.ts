/**
 * Failures that happen before a single byte of the request reaches the server: the name
 * did not resolve, or no connection could be opened. Only these prove that a POST was not
 * received, which is what makes it safe to send it again.
 */
const NOT_SENT_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

/** The same failures as Electron's net.fetch (Chromium's network stack) words them. */
const NOT_SENT_CHROMIUM =
  /net::ERR_(?:NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|CONNECTION_REFUSED|INTERNET_DISCONNECTED|ADDRESS_UNREACHABLE)\b/

function* failureChain(error: unknown, depth = 0): Generator<unknown> {
  if (depth > 4 || error === null || error === undefined) return
  yield error
  if (typeof error !== 'object') return
  if ('cause' in error) yield* failureChain(error.cause, depth + 1)
  // Node's happy-eyeballs connect reports one AggregateError for all the addresses it tried.
  if (error instanceof AggregateError) for (const inner of error.errors) yield* failureChain(inner, depth + 1)
}

/** The system error code of a fetch failure (undici puts it on `err.cause.code`), if any. */
export function networkErrorCode(error: unknown): string | undefined {
  for (const link of failureChain(error)) {
    if (typeof link === 'object' && link !== null && 'code' in link && typeof link.code === 'string') return link.code
  }
  for (const link of failureChain(error)) {
    const match = link instanceof Error ? /net::ERR_[A-Z_]+/.exec(link.message) : null
    if (match) return match[0]
  }
  return undefined
}

export function provesNotSent(error: unknown): boolean {
  for (const link of failureChain(error)) {
    if (typeof link !== 'object' || link === null) continue
    if ('code' in link && typeof link.code === 'string' && NOT_SENT_CODES.has(link.code)) return true
    if (link instanceof Error && NOT_SENT_CHROMIUM.test(link.message)) return true
  }
  return false
}

/** fetch with `redirect: 'error'` met a redirect (undici: "unexpected redirect"). */
export function refusedRedirect(error: unknown): boolean {
  for (const link of failureChain(error)) {
    if (link instanceof Error && /\bredirect\b/i.test(link.message)) return true
  }
  return false
}

/** The connection was open and the other end dropped it: the server (or a proxy before it) answered, badly. */
const CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])
const CLOSED_CHROMIUM = /net::ERR_(?:CONNECTION_RESET|CONNECTION_CLOSED|CONNECTION_ABORTED|EMPTY_RESPONSE)\b/

/**
 * True when a failure says the server closed an open connection, which is not the same as
 * not reaching it: the network works, the server is there, and it hung up.
 */
export function closedByServer(error: unknown): boolean {
  if (provesNotSent(error)) return false
  for (const link of failureChain(error)) {
    if (typeof link !== 'object' || link === null) continue
    if ('code' in link && typeof link.code === 'string' && CLOSED_CODES.has(link.code)) return true
    if (link instanceof Error && CLOSED_CHROMIUM.test(link.message)) return true
  }
  return false
}
