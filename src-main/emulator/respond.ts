import type { ServerResponse } from 'node:http'
import type { MalformedFault, ResetFault, TerminalFault } from './faults'
import { errorBody, sendJson, sendText } from './http'

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
      sendJson(
        res,
        fault.status,
        errorBody(fault.status, fault.message ?? messageFor(fault.status)),
      )
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
    return Buffer.from(
      '<!DOCTYPE html><html><body><p>Service temporarily unavailable</p></body></html>',
    )
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
  const part = body.subarray(
    0,
    Math.min(fault.bytes ?? Math.floor(body.length / 2), Math.max(0, body.length - 1)),
  )
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
