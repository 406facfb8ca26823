import { createReadStream } from 'node:fs'
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { AppError, codeText, type Result } from '@shared/errors'
import { type UserText, userText } from '@shared/i18n/user-text'
import { WEB_EVENTS_PATH, WEB_INVOKE_PREFIX, WEB_SESSION_PATH } from '@shared/web-transport'
import { securityHeaders } from '../platform/net/csp'
import { type Handlers, dispatch } from '../handlers/dispatch'
import type { EventHub } from '../platform/events'
import type { Logger } from '../platform/log/log'
import { mimeTypeOf, resolveStaticFile } from '../app/static-files'
import { readJsonBody } from './body'
import { ClientPresence } from './client-presence'
import { streamEvents } from './event-stream'
import { fromOwnPage, hasSecret, hostAndOriginAllowed, webClient } from './guard'

/** A route served before static files; returns false when the path is not its own. */
export type WebRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>

export interface WebServerOptions {
  handlers: Handlers
  events: EventHub
  rendererDir: string
  log: Logger
  port?: number
  secret?: string
  /** Routes that need the secret (group pictures, media uploads). */
  routes?: readonly WebRoute[]
  /** A page is gone (its event stream closed and did not come back): the engine forgets its choices. */
  onClientGone?: (client: string) => void
}

export interface WebServer {
  origin: string
  port: number
  secret: string
  /** What to open in a browser: the secret rides in the fragment, never sent to a server. */
  url: string
  close(): Promise<void>
}

const MAX_INVOKE_BODY = 2 * 1024 * 1024

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers })
  res.end(JSON.stringify(body))
}

function refuse(res: ServerResponse, status: number, text: UserText): void {
  const error: Result<never> = { ok: false, error: { code: 'forbidden', text } }
  sendJson(res, status, error)
}

/**
 * The web transport: the same handlers as IPC, over HTTP on 127.0.0.1 for web mode and the
 * end-to-end tests. Every request must carry our own Host (and Origin, when sent); API
 * requests, pictures and media must also carry the per-launch secret in a header (the page
 * fetches pictures and media into blob: URLs), never in a cookie.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const site: Site = {
    options,
    secret: options.secret ?? randomBytes(32).toString('base64url'),
    streams: new Set<ServerResponse>(),
    presence: new ClientPresence((client) => options.onClientGone?.(client)),
    port: 0,
  }
  const server = createServer((req, res) => {
    void route(site, req, res).catch((error: unknown) => {
      options.log.error('web request failed', { error: error instanceof Error ? error.message : String(error) })
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', text: codeText('internal') } })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  site.port = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${site.port}`
  return {
    origin,
    port: site.port,
    secret: site.secret,
    url: `${origin}/#secret=${site.secret}`,
    close: () =>
      new Promise<void>((resolve) => {
        site.presence.stop()
        for (const stream of site.streams) stream.end()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** One running server: its options, its secret, its open event streams and who they are. */
interface Site {
  options: WebServerOptions
  secret: string
  streams: Set<ServerResponse>
  presence: ClientPresence
  port: number
}

async function route(site: Site, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!hostAndOriginAllowed(req, site.port)) return refuse(res, 403, userText('errors.bridge.foreignOrigin'))
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${site.port}`)
  const api = url.pathname.startsWith('/api/')
  const authorized = hasSecret(req, site.secret) && fromOwnPage(req)
  if (api && !authorized) return refuse(res, 401, userText('errors.bridge.wrongSecret'))
  if (url.pathname === WEB_SESSION_PATH && req.method === 'GET') {
    res.writeHead(204, { 'Cache-Control': 'no-store' })
    return void res.end()
  }
  if (url.pathname.startsWith(WEB_INVOKE_PREFIX) && req.method === 'POST') return invoke(site, req, res, url)
  if (url.pathname === WEB_EVENTS_PATH && req.method === 'GET') return eventStream(site, req, res)
  if (api) return sendJson(res, 404, { ok: false, error: { code: 'invalid-request', text: userText('errors.bridge.noEndpoint') } })
  for (const extra of authorized ? (site.options.routes ?? []) : []) {
    if (await extra(req, res, url)) return
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, userText('errors.bridge.methodNotAllowed'))
  return serveStatic(site.options.rendererDir, url, res)
}

async function invoke(site: Site, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.headers.origin === undefined) return refuse(res, 403, userText('errors.bridge.foreignOrigin'))
  let channel: string
  try {
    channel = decodeURIComponent(url.pathname.slice(WEB_INVOKE_PREFIX.length))
  } catch {
    return sendJson(res, 400, { ok: false, error: { code: 'invalid-request', text: userText('errors.bridge.unknownChannel') } })
  }
  let body: unknown
  try {
    body = await readJsonBody(req, MAX_INVOKE_BODY)
  } catch (error) {
    const data = error instanceof AppError ? error.toData() : { code: 'invalid-request' as const, text: codeText('invalid-request') }
    return sendJson(res, 400, { ok: false, error: data })
  }
  const arg = body && typeof body === 'object' && 'arg' in body ? (body as { arg: unknown }).arg : undefined
  const { handlers, log } = site.options
  sendJson(res, 200, await dispatch(handlers, channel, arg, { transport: 'web', client: webClient(req) }, log))
}

function eventStream(site: Site, req: IncomingMessage, res: ServerResponse): void {
  const client = webClient(req)
  streamEvents(req, res, site.options.events, {
    opened: () => {
      site.streams.add(res)
      site.presence.opened(client)
    },
    closed: () => {
      site.streams.delete(res)
      site.presence.closed(client)
    },
  })
}

async function serveStatic(rendererDir: string, url: URL, res: ServerResponse): Promise<void> {
  const file = await resolveStaticFile(rendererDir, url.pathname)
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
    // developer-only: the built page never asks for a file it lacks, so only a checkout run before `npm run build` shows this.
    return void res.end('Not found. Build the renderer first: npm run build')
  }
  res.writeHead(200, { 'Content-Type': mimeTypeOf(file), 'Cache-Control': 'no-cache', ...securityHeaders() })
  createReadStream(file).pipe(res)
}
