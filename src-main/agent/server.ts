import { type IncomingMessage, type RequestListener, type ServerResponse, createServer } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { AppError, codeText, type ErrorCode } from '@shared/errors'
import { type UserText, userText } from '@shared/i18n/user-text'
import { WEB_EVENTS_PATH, WEB_INVOKE_PREFIX } from '@shared/web-transport'
import { type Handlers, dispatch } from '../handlers/dispatch'
import type { EventHub } from '../platform/events'
import type { Logger } from '../platform/log/log'
import type { MediaGrant } from '@shared/story/media-facts'
import { readJsonBody } from '../web/body'
import { ClientPresence } from '../web/client-presence'
import { streamEvents } from '../web/event-stream'
import { AgentActivityQuerySchema, AgentItemAuthorsQuerySchema, type AgentAction } from '@shared/channels/agent'
import { type ActivityLog, activityOfCall, maskNumbers, outboxTellings, publishLines, retellOutboxes } from './activity'
import type { DeviceStore } from './devices'
import { bearerToken, deviceClient, PairRequestSchema, RevokeRequestSchema } from './guard'
import type { AgentHealth } from './health'
import type { PairingCodes } from './pairing'
import { PairingThrottle } from './pairing-throttle'

/** The agent's own paths beside the contract's `/api/…`: both answer without a device token. */
export const AGENT_HEALTH_PATH = '/health'
export const AGENT_PAIR_PATH = '/pair'
/** Prometheus's scrape: a paired device's token, as every call. */
export const AGENT_METRICS_PATH = '/metrics'
/** A paired device unpairs itself with its own token (`POST`): the token is refused from then on. */
export const AGENT_UNPAIR_PATH = '/unpair'
/** The paired devices (`GET`), and the revocation of one of them (`POST …/revoke`, `{deviceId}`). */
export const AGENT_DEVICES_PATH = '/devices'
const AGENT_REVOKE_PATH = '/devices/revoke'
/** A story's media file for a device that plans here (`POST ?name=`, the file as the body): answers its grant. */
export const AGENT_MEDIA_UPLOAD_PATH = '/media-upload'
/** The activity log (`POST`, a query as the body), and who planned or changed outbox items (`POST …/authors`). */
export const AGENT_ACTIVITY_PATH = '/activity'
export const AGENT_AUTHORS_PATH = '/activity/authors'

export interface AgentServerOptions {
  handlers: Handlers
  events: EventHub
  devices: DeviceStore
  pairing: PairingCodes
  health: () => AgentHealth
  log: Logger
  host: string
  port: number
  /** The Prometheus text the scrape reads. */
  metrics?: () => Promise<{ contentType: string; body: string }>
  /** The certificate and key to speak TLS with; without them, plain HTTP (this machine only: options.ts). */
  tls?: { cert: string; key: string }
  /** A device is gone (its event stream closed and did not come back): the engine forgets its choices. */
  onClientGone?: (client: string) => void
  /** Who did what: pairings, revocations and the mutating channels' calls are recorded here. */
  activity?: ActivityLog
  /** A device paired: the caller may say so. */
  onPaired?: (device: { deviceId: string; name: string; personName: string | null }) => void
  /** Where uploaded media goes (the engine's media store); without it, uploads are refused. */
  media?: AgentMediaIntake
}

export interface AgentMediaIntake {
  importStream(source: AsyncIterable<Uint8Array>, name: string): Promise<MediaGrant>
  largest(): number
}

export interface AgentServer {
  url: string
  port: number
  close(): Promise<void>
}

const MAX_INVOKE_BODY = 2 * 1024 * 1024
const MAX_PAIR_BODY = 4 * 1024

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  })
  res.end(JSON.stringify(body))
}

function fail(res: ServerResponse, status: number, code: ErrorCode, text: UserText, extra: Record<string, string> = {}): void {
  sendJson(res, status, { ok: false, error: { code, text } }, extra)
}

/** One running agent server: its options, its open event streams and which devices hold them. */
interface Site {
  options: AgentServerOptions
  /** Each open event stream, and the device it is for. */
  streams: Map<ServerResponse, string>
  presence: ClientPresence
  throttle: PairingThrottle
}

/**
 * The agent's HTTP API: the contract's channels and events, as web mode serves them to a page,
 * served to paired devices. Every request needs a device's token (`Authorization: Bearer`),
 * except the health answer (which says little) and the pairing itself. Nothing here is a page:
 * no files are served, and no response carries a provider token (the contract never does).
 */
export async function startAgentServer(options: AgentServerOptions): Promise<AgentServer> {
  const site: Site = {
    options,
    streams: new Map(),
    presence: new ClientPresence((client) => options.onClientGone?.(client)),
    throttle: new PairingThrottle(),
  }
  const answer: RequestListener = (req, res) => {
    void route(site, req, res).catch((error: unknown) => {
      options.log.error('agent request failed', { error: error instanceof Error ? error.message : String(error) })
      if (!res.headersSent) fail(res, 500, 'internal', codeText('internal'))
      else res.destroy()
    })
  }
  const server = options.tls
    ? createTlsServer({ cert: options.tls.cert, key: options.tls.key, minVersion: 'TLSv1.2' }, answer)
    : createServer(answer)
  // Slow clients must not hold connections for ever: headers within 20 s, a whole request within
  // 10 minutes (a paired device's video upload over a slow link; every body is capped, and a
  // request without a device's token is answered before its body is read).
  server.headersTimeout = 20_000
  server.requestTimeout = 600_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    url: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        site.presence.stop()
        for (const stream of site.streams.keys()) stream.end()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function route(site: Site, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://agent')
  if (url.pathname === AGENT_HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
    const health = site.options.health()
    return sendJson(res, health.polling ? 200 : 503, health)
  }
  if (url.pathname === AGENT_PAIR_PATH && req.method === 'POST') return pair(site, req, res)
  // A refused request's body is not read: the connection closes after the answer instead.
  const token = bearerToken(req)
  if (token === null) {
    return fail(res, 401, 'unauthorized', userText('errors.agent.noToken'), { 'WWW-Authenticate': 'Bearer', Connection: 'close' })
  }
  const deviceId = await site.options.devices.verify(token)
  if (deviceId === null) {
    const challenge = { 'WWW-Authenticate': 'Bearer error="invalid_token"', Connection: 'close' }
    return fail(res, 403, 'forbidden', userText('errors.agent.badToken'), challenge)
  }
  if (url.pathname === AGENT_UNPAIR_PATH && req.method === 'POST') return unpair(site, res, deviceId)
  if (url.pathname === AGENT_DEVICES_PATH && req.method === 'GET') return devicesOf(site, res, deviceId)
  if (url.pathname === AGENT_REVOKE_PATH && req.method === 'POST') return revoke(site, req, res, deviceId)
  if (url.pathname === AGENT_ACTIVITY_PATH && req.method === 'POST') return activityPage(site, req, res)
  if (url.pathname === AGENT_AUTHORS_PATH && req.method === 'POST') return itemAuthors(site, req, res)
  if (url.pathname.startsWith(WEB_INVOKE_PREFIX) && req.method === 'POST') return invoke(site, req, res, url, deviceId)
  if (url.pathname === AGENT_MEDIA_UPLOAD_PATH && req.method === 'POST') return mediaUpload(site, req, res, url)
  if (url.pathname === WEB_EVENTS_PATH && req.method === 'GET') return eventStream(site, req, res, deviceId)
  if (url.pathname === AGENT_METRICS_PATH && req.method === 'GET' && site.options.metrics) {
    const { contentType, body } = await site.options.metrics()
    res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
    return void res.end(body)
  }
  return fail(res, 404, 'invalid-request', userText('errors.bridge.noEndpoint'))
}

/** Writes the body to the media store as it comes (never held whole), with the same checks as a file picked here. */
async function mediaUpload(site: Site, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const media = site.options.media
  if (!media) return fail(res, 404, 'invalid-request', userText('errors.bridge.noEndpoint'), { Connection: 'close' })
  const declared = Number(req.headers['content-length'] ?? NaN)
  const max = media.largest()
  if (Number.isFinite(declared) && declared > max)
    return fail(res, 413, 'too-large', userText('mediaErrors.file.tooLarge', { limit: max }), { Connection: 'close' })
  try {
    const grant = await media.importStream(req, url.searchParams.get('name') ?? 'media')
    sendJson(res, 200, { ok: true, value: grant })
  } catch (error) {
    if (!req.complete) req.resume()
    const data = error instanceof AppError ? error.toData() : { code: 'internal' as const, text: userText('mediaErrors.file.notReceived') }
    sendJson(res, 200, { ok: false, error: data }, { Connection: 'close' })
  }
}

async function bodyOf(req: IncomingMessage, res: ServerResponse, limit: number): Promise<{ body: unknown } | null> {
  try {
    return { body: await readJsonBody(req, limit) }
  } catch (error) {
    const data = error instanceof AppError ? error.toData() : { code: 'invalid-request' as const, text: codeText('invalid-request') }
    sendJson(res, 400, { ok: false, error: data })
    return null
  }
}

/** A device pairs: the code the agent printed buys one token, shown this once; the agent keeps its hash. */
async function pair(site: Site, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const read = await bodyOf(req, res, MAX_PAIR_BODY)
  if (read === null) return
  const request = PairRequestSchema.safeParse(read.body)
  if (!request.success) return fail(res, 400, 'invalid-argument', userText('errors.agent.badPairing'))
  const source = req.socket.remoteAddress ?? 'unknown'
  const waitMs = await site.throttle.waitFor(source)
  if (waitMs > 0) {
    site.options.log.warn('pairing refused', { reason: 'source-throttled' })
    const seconds = Math.ceil(waitMs / 1000)
    return fail(res, 429, 'rate-limited', userText('errors.agent.pairingThrottled', { seconds }), { 'Retry-After': String(seconds) })
  }
  const attempt = site.options.pairing.attempt(request.data.code)
  if (!attempt.ok) {
    site.options.log.warn('pairing refused', { reason: attempt.reason })
    if (attempt.reason === 'wrong') await site.throttle.wrong(source)
    return attempt.reason === 'wrong'
      ? fail(res, 403, 'forbidden', userText('errors.agent.wrongCode', { tries: attempt.triesLeft }))
      : fail(res, 403, 'forbidden', userText('errors.agent.noCode'))
  }
  await site.throttle.paired(source)
  // A person's name is shown to every paired device: a phone number typed into it is masked before it is kept.
  const names = { name: request.data.deviceName, personName: request.data.personName ? maskNumbers(request.data.personName) : null }
  const device = await site.options.devices.add(names.name, names.personName)
  site.options.log.info('device paired', { deviceId: device.deviceId })
  await record(site, device.deviceId, 'pair', { names })
  site.options.onPaired?.({ deviceId: device.deviceId, ...names })
  sendJson(res, 200, { ok: true, value: device })
}

/** The device forgets the agent: its token goes, and so do its event streams. */
async function unpair(site: Site, res: ServerResponse, deviceId: string): Promise<void> {
  await record(site, deviceId, 'unpair')
  await site.options.devices.remove(deviceId)
  for (const [stream, of] of site.streams) if (of === deviceId) stream.end()
  site.options.log.info('device unpaired', { deviceId })
  sendJson(res, 200, { ok: true, value: null }, { Connection: 'close' })
}

/** Every paired device with when it paired and was last seen; the caller's own is marked. */
async function devicesOf(site: Site, res: ServerResponse, deviceId: string): Promise<void> {
  const devices = await site.options.devices.list()
  const last = (await site.options.activity?.lastByDevice()) ?? new Map()
  const value = devices.map((device) => {
    const did = last.get(device.id)
    const lastAction = did ? { action: did.action, at: did.at, accountId: did.accountId } : null
    return { ...device, self: device.id === deviceId, lastAction }
  })
  sendJson(res, 200, { ok: true, value })
}

/** A paired device revokes another (a lost laptop, someone who left): its token is refused from its next call, its streams end now. */
async function revoke(site: Site, req: IncomingMessage, res: ServerResponse, by: string): Promise<void> {
  const read = await bodyOf(req, res, MAX_PAIR_BODY)
  if (read === null) return
  const request = RevokeRequestSchema.safeParse(read.body)
  if (!request.success) return fail(res, 400, 'invalid-argument', userText('errors.agent.badRevoke'))
  const known = (await site.options.devices.list()).some((device) => device.id === request.data.deviceId)
  if (!known) return fail(res, 404, 'not-found', userText('errors.agent.noDevice'))
  await site.options.devices.remove(request.data.deviceId)
  for (const [stream, of] of site.streams) if (of === request.data.deviceId) stream.end()
  await record(site, by, 'revoke', { subject: request.data.deviceId })
  site.options.log.info('device revoked', { deviceId: request.data.deviceId, by })
  sendJson(res, 200, { ok: true, value: null })
}

async function invoke(site: Site, req: IncomingMessage, res: ServerResponse, url: URL, deviceId: string): Promise<void> {
  let channel: string
  try {
    channel = decodeURIComponent(url.pathname.slice(WEB_INVOKE_PREFIX.length))
  } catch {
    return fail(res, 400, 'invalid-request', userText('errors.bridge.unknownChannel'))
  }
  const read = await bodyOf(req, res, MAX_INVOKE_BODY)
  if (read === null) return
  const { body } = read
  const arg = body && typeof body === 'object' && 'arg' in body ? (body as { arg: unknown }).arg : undefined
  const { handlers, log } = site.options
  const context = { transport: 'agent' as const, client: deviceClient(deviceId) }
  const told = outboxTellings(site.options.events)
  try {
    const result = await dispatch(handlers, channel, arg, context, log)
    if (result.ok) {
      let done = activityOfCall(channel, arg, result.value)
      // A publish answers its items' request ids: the log keeps their item ids, as every other line does.
      if (channel === 'stories:publish' && done.length > 0) {
        done = await publishLines(done, told.latest, async () => {
          const listed = await dispatch(handlers, 'stories:outbox-list', undefined, context, log)
          return listed.ok ? listed.value : []
        })
      }
      for (const line of done) await record(site, deviceId, line.action, line)
      retellOutboxes(site.options.events, done, told.latest)
    }
    sendJson(res, 200, result)
  } finally {
    told.stop()
  }
}

/** A device's name and its person's, as it paired. */
type Names = { name: string; personName: string | null }

/**
 * Records what a device did; a log that cannot be written is said in the agent's log, and what
 * the device did stands (it is done already).
 */
async function record(
  site: Site,
  deviceId: string,
  action: AgentAction,
  about: { names?: Names; accountId?: string | null; subject?: string | null } = {},
): Promise<void> {
  const activity = site.options.activity
  if (!activity) return
  try {
    const names = about.names ?? (await site.options.devices.namesOf(deviceId)) ?? { name: '?', personName: null }
    await activity.record({
      deviceId,
      deviceName: names.name,
      personName: names.personName,
      action,
      accountId: about.accountId ?? null,
      subject: about.subject ?? null,
    })
  } catch (error) {
    site.options.log.warn('activity not recorded', { action, error: error instanceof Error ? error.name : 'unknown' })
  }
}

async function activityPage(site: Site, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const read = await bodyOf(req, res, MAX_PAIR_BODY)
  if (read === null) return
  const query = AgentActivityQuerySchema.safeParse(read.body)
  if (!query.success) return fail(res, 400, 'invalid-argument', codeText('invalid-argument'))
  const page = site.options.activity ? await site.options.activity.page(query.data) : { entries: [], more: false }
  sendJson(res, 200, { ok: true, value: page })
}

async function itemAuthors(site: Site, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const read = await bodyOf(req, res, 64 * 1024)
  if (read === null) return
  const query = AgentItemAuthorsQuerySchema.safeParse(read.body)
  if (!query.success) return fail(res, 400, 'invalid-argument', codeText('invalid-argument'))
  const authors = site.options.activity ? await site.options.activity.authorsOf(query.data.accountId, query.data.itemIds) : {}
  sendJson(res, 200, { ok: true, value: authors })
}

function eventStream(site: Site, req: IncomingMessage, res: ServerResponse, deviceId: string): void {
  const client = deviceClient(deviceId)
  streamEvents(req, res, site.options.events, {
    opened: () => {
      site.streams.set(res, deviceId)
      site.presence.opened(client)
    },
    closed: () => {
      site.streams.delete(res)
      site.presence.closed(client)
    },
  })
}
