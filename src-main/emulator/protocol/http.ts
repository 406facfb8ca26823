import type { IncomingMessage, ServerResponse } from 'node:http'

/** An answer in the provider's error shape: `{error: {code, message, details?}}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
  }
}

export function errorBody(status: number, message: string, details?: string): { error: Record<string, unknown> } {
  return {
    error: details === undefined ? { code: status, message } : { code: status, message, details },
  }
}

export function sendText(res: ServerResponse, status: number, body: string | Buffer, headers: Readonly<Record<string, string>> = {}): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...headers,
  })
  res.end(body)
}

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void =>
  sendText(res, status, JSON.stringify(body), headers)

export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.status, errorBody(error.status, error.message, error.details), error.headers)
}

/**
 * Reads the body as it arrives and stops at `limit` bytes, so an oversized upload is
 * refused without being held. Throws HttpError 413 (the rest of the body is then
 * drained and dropped, so the client still reads the answer) or 400.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge(req, declared, limit))
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size <= limit) {
        chunks.push(chunk)
        return
      }
      req.off('data', onData)
      req.off('end', onEnd)
      chunks.length = 0
      reject(tooLarge(req, size, limit))
    }
    const onEnd = (): void => resolve(Buffer.concat(chunks, size))
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('error', reject)
    req.once('close', () => {
      if (!req.complete) reject(new HttpError(400, 'The request body was cut short'))
    })
  })
}

/**
 * Like readBody, but hands each chunk to `onChunk` instead of keeping it: for uploads, whose
 * size is the point. Resolves the byte count.
 */
export function readBodyStreamed(req: IncomingMessage, limit: number, onChunk: (chunk: Buffer) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge(req, declared, limit))
      return
    }
    let size = 0
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size <= limit) {
        onChunk(chunk)
        return
      }
      req.off('data', onData)
      req.off('end', onEnd)
      reject(tooLarge(req, size, limit))
    }
    const onEnd = (): void => resolve(size)
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('error', reject)
    req.once('close', () => {
      if (!req.complete) reject(new HttpError(400, 'The request body was cut short'))
    })
  })
}

/** Hard cap on what is drained after a 413, so a runaway client cannot keep us reading. */
const DRAIN_CAP = 256 * 1024 * 1024

function tooLarge(req: IncomingMessage, size: number, limit: number): HttpError {
  let drained = 0
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_CAP) req.destroy()
  })
  req.resume()
  return new HttpError(413, 'Request media too large', `body is ${size} bytes or more; the limit is ${limit}`, {
    connection: 'close',
  })
}
