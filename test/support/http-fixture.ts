import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  /** Filled once the handler (or the fixture) has read the body. */
  body?: Buffer
}

export interface HandlerTools {
  /** The request's 0-based position among all requests this fixture received. */
  index: number
  /** Reads the whole body (and records it). */
  readBody(): Promise<Buffer>
  json(status: number, body: unknown, headers?: Record<string, string>): void
}

/** May return anything; a returned promise is awaited so a throw answers 599. */
export type Handler = (req: IncomingMessage, res: ServerResponse, tools: HandlerTools) => unknown

export interface HttpFixture {
  baseUrl: string
  requests: RecordedRequest[]
  /** Replaces the handler for the requests that follow. */
  handle(handler: Handler): void
  close(): Promise<void>
}

/**
 * A real HTTP server on 127.0.0.1 with a programmable handler, recording what it receives:
 * the client is tested over real sockets, resets and timeouts included.
 */
export async function startHttpFixture(initial?: Handler): Promise<HttpFixture> {
  let handler: Handler = initial ?? ((_req, _res, tools) => tools.json(200, {}))
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()

  const server = createServer((req, res) => {
    const record: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
    }
    const index = requests.push(record) - 1
    let bodyPromise: Promise<Buffer> | undefined
    const tools: HandlerTools = {
      index,
      readBody() {
        bodyPromise ??= new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = []
          req.on('data', (chunk: Buffer) => chunks.push(chunk))
          req.on('end', () => {
            record.body = Buffer.concat(chunks)
            resolve(record.body)
          })
          req.on('error', reject)
        })
        return bodyPromise
      },
      json(status, body, headers = {}) {
        const text = JSON.stringify(body)
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        })
        res.end(text)
      },
    }
    Promise.resolve(handler(req, res, tools)).catch((error: unknown) => {
      if (!res.headersSent) tools.json(599, { error: { code: 599, message: String(error) } })
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A port on 127.0.0.1 that nothing listens on: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
