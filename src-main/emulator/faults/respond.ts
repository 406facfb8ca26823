import type { ServerResponse } from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { EarlyAnswerFault, MalformedFault, ResetFault, TerminalFault } from './faults'
import { errorBody, sendJson, sendText } from '../protocol/http'

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Wrong request parameters',
  401: 'Need channel authorization',
  402: 'Trial version limit exceeded',
  403: 'Forbidden',
  404: 'Not found',
  413: 'Request media too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
}

const messageFor = (status: number): string => STATUS_MESSAGES[status] ?? 'Error'

/** Answers for a status, rate-limit or hang fault. A hang answers nothing, ever. */
export function sendTerminal(res: ServerResponse, fault: TerminalFault, now: number): void {
  if (fault.type === 'hang') return
  if (fault.type === 'status') {
    if (fault.html === true) {
      const text = `<!DOCTYPE html><html><head><title>${fault.status}</title></head><body><h1>${fault.status} ${messageFor(fault.status)}</h1></body></html>`
      sendText(res, fault.status, text, { 'content-type': 'text/html; charset=utf-8' })
    } else {
      sendJson(res, fault.status, errorBody(fault.status, fault.message ?? messageFor(fault.status)))
    }
    return
  }
  const seconds = fault.retryAfter ?? 1
  const headers: Record<string, string> = {}
  if (fault.format === 'http-date') {
    // HTTP-dates have whole seconds: round up so a client waiting until then is not early.
    headers['retry-after'] = new Date(Math.ceil((now + seconds * 1000) / 1000) * 1000).toUTCString()
  } else if (fault.format !== 'none') {
    headers['retry-after'] = String(Math.ceil(seconds))
  }
  sendJson(res, 429, errorBody(429, messageFor(429)), headers)
}

export function malform(body: Buffer, fault: MalformedFault): Buffer {
  if (fault.variant === 'html') {
    return Buffer.from('<!DOCTYPE html><html><body><p>Service temporarily unavailable</p></body></html>')
  }
  return body.subarray(0, Math.max(1, Math.floor(body.length * 0.6)))
}

/** Time for the partial body to reach the client before the reset discards what is unsent. */
const RESET_GRACE_MS = 25

/** Sends the headers (announcing the full length) and part of the body, then resets the connection. */
export function sendThenReset(
  res: ServerResponse,
  status: number,
  body: Buffer,
  contentType: string,
  fault: ResetFault,
  onReset: () => void,
): void {
  const part = body.subarray(0, Math.min(fault.bytes ?? Math.floor(body.length / 2), Math.max(0, body.length - 1)))
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': String(body.length),
    'cache-control': 'no-store',
  })
  res.flushHeaders()
  const reset = (): void => {
    onReset()
    setTimeout(() => {
      const socket = res.socket
      if (socket === null || socket.destroyed) return
      socket.resetAndDestroy()
    }, RESET_GRACE_MS)
  }
  if (part.length === 0) reset()
  else res.write(part, reset)
}

/** The provider reads a little of an upload before it refuses it. */
const EARLY_AFTER_BYTES = 64 * 1024

/**
 * Answers before the body is in, then closes without reading the rest: the socket is
 * destroyed with unread data, which resets the connection under a client still sending.
 * A client that only looks at its upload sees "connection reset"; the answer came first.
 */
export function answerEarly(req: IncomingMessage, res: ServerResponse, fault: EarlyAnswerFault, onClosed: () => void): void {
  const status = fault.status ?? 413
  const afterBytes = fault.afterBytes ?? EARLY_AFTER_BYTES
  let answered = false
  const answer = (): void => {
    if (answered) return
    answered = true
    req.off('data', onData)
    req.off('end', answer)
    req.pause()
    const body = JSON.stringify(errorBody(status, messageFor(status)))
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    })
    res.end(body, () => {
      onClosed()
      res.socket?.destroy()
    })
  }
  let seen = 0
  const onData = (chunk: Buffer): void => {
    seen += chunk.length
    if (seen >= afterBytes) answer()
  }
  if (afterBytes === 0) answer()
  else {
    req.on('data', onData)
    // A body shorter than afterBytes is refused once it has all arrived.
    req.once('end', answer)
  }
}
