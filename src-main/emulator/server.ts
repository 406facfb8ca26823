import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { authenticate } from './auth'
import type { EmulatorContext } from './state/context'
import { createControl, type EmulatorControl, mutateGroups } from './state/control'
import { guardControl } from './control-guard'
import type { FaultPlan, FaultRoute } from './faults/faults'
import { errorBody, HttpError, sendError, sendJson, sendText } from './protocol/http'
import { answerEarly, malform, sendTerminal, sendThenReset } from './faults/respond'
import { listContacts } from './routes/contacts'
import { handleControl } from './routes/control'
import { listGroups } from './routes/groups'
import { picture } from './routes/pictures'
import { uploadMedia } from './routes/media'
import { publishStory } from './routes/stories'
import { copyStory, getStory, listStories, storyStatuses } from './routes/story-feed'
import { breakStoryResponse } from './faults/violations'

const CONTROL_PREFIX = '/__emulator'
const PICTURES_PREFIX = `${CONTROL_PREFIX}/pictures/`
const API_METHODS: Readonly<Record<Exclude<FaultRoute, 'pictures'>, readonly string[]>> = {
  groups: ['GET'],
  stories: ['GET', 'POST'],
  'story-list': ['GET'],
  story: ['GET', 'PUT'],
  statuses: ['GET'],
  media: ['POST'],
  contacts: ['GET'],
}

type Route = FaultRoute | 'control' | 'unknown'

/** A message id in a path: what the provider's ids are made of, nothing that could climb out. */
const PATH_ID = '([A-Za-z0-9._@-]{1,128})'
const STORY_PATH = new RegExp(`^/stories/${PATH_ID}$`)
const STATUSES_PATH = new RegExp(`^/statuses/${PATH_ID}$`)

function routeOf(pathname: string, method: string): Route {
  if (pathname === '/groups') return 'groups'
  if (pathname === '/stories') return method === 'GET' ? 'story-list' : 'stories'
  if (STORY_PATH.test(pathname)) return 'story'
  if (STATUSES_PATH.test(pathname)) return 'statuses'
  if (pathname === '/media') return 'media'
  if (pathname === '/contacts') return 'contacts'
  if (pathname.startsWith(PICTURES_PREFIX)) return 'pictures'
  if (pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`)) return 'control'
  return 'unknown'
}

/** Resolves false when the client leaves (or the emulator stops) before the time is up. */
function wait(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = (): void => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      res.off('close', onClose)
      resolve(true)
    }, ms)
    res.once('close', onClose)
  })
}

interface Answer {
  status: number
  body: Buffer
  contentType: string
  headers?: Record<string, string>
}

const json = (status: number, value: unknown): Answer => ({
  status,
  body: Buffer.from(JSON.stringify(value)),
  contentType: 'application/json; charset=utf-8',
})

async function answerApi(context: EmulatorContext, route: FaultRoute, req: IncomingMessage, url: URL, plan: FaultPlan): Promise<Answer> {
  if (route === 'pictures') {
    const png = picture(url.pathname.slice(PICTURES_PREFIX.length))
    return {
      status: 200,
      body: png,
      contentType: 'image/png',
      headers: { 'cache-control': 'public, max-age=86400' },
    }
  }
  authenticate(req, url.searchParams, context.options.tokens)
  if (route === 'groups') return json(200, listGroups(context, url.searchParams, plan.violations, plan.paging))
  if (route === 'media') {
    const { status, body } = await uploadMedia(context, req)
    return json(status, body)
  }
  if (route === 'story-list') return json(200, listStories(context, url.searchParams))
  if (route === 'contacts') return json(200, listContacts(context, url.searchParams))
  if (route === 'story') {
    const id = STORY_PATH.exec(url.pathname)?.[1] as string
    if (req.method === 'PUT') return json(201, await copyStory(context, req, id))
    return json(200, getStory(context, id))
  }
  if (route === 'statuses') {
    const id = STATUSES_PATH.exec(url.pathname)?.[1] as string
    return json(200, storyStatuses(context, id))
  }
  const { status, body } = await publishStory(context, req)
  if (plan.violations.length === 0) return json(status, body)
  // The stored story keeps the true message; only the answer is broken.
  const broken = structuredClone(body) as unknown as Record<string, unknown>
  for (const fault of plan.violations) breakStoryResponse(broken, fault.violation ?? 'sent-string')
  return json(status, broken)
}

async function serveApi(
  context: EmulatorContext,
  route: FaultRoute,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  plan: FaultPlan,
  markReset: () => void,
): Promise<void> {
  if (plan.latencyMs > 0 && !(await wait(plan.latencyMs, res))) return
  if (plan.early !== undefined) {
    answerEarly(req, res, plan.early, markReset)
    return
  }
  const { terminal } = plan
  if (terminal !== undefined && terminal.phase !== 'after') {
    req.resume()
    sendTerminal(res, terminal, context.options.now())
    return
  }
  let answer: Answer
  try {
    answer = await answerApi(context, route, req, url, plan)
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    answer = {
      ...json(error.status, errorBody(error.status, error.message, error.details)),
      headers: { ...error.headers },
    }
  }
  for (const mutation of plan.mutations) mutateGroups(context, mutation)
  if (terminal !== undefined) {
    sendTerminal(res, terminal, context.options.now())
    return
  }
  const body = plan.malformed === undefined ? answer.body : malform(answer.body, plan.malformed)
  if (plan.reset !== undefined) {
    sendThenReset(res, answer.status, body, answer.contentType, plan.reset, markReset)
    return
  }
  sendText(res, answer.status, body, { 'content-type': answer.contentType, ...answer.headers })
}

async function handle(context: EmulatorContext, control: EmulatorControl, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now()
  const url = new URL(req.url ?? '/', 'http://emulator.invalid')
  const method = req.method ?? 'GET'
  const route = routeOf(url.pathname, method)
  const record = {
    seq: context.requests.nextSeq(),
    at: context.options.now(),
    faults: [] as string[],
    delayMs: 0,
    reset: false,
  }
  res.once('close', () => {
    const shown = new URL(url)
    if (shown.searchParams.has('token')) shown.searchParams.set('token', '***')
    context.requests.add({
      seq: record.seq,
      at: record.at,
      method,
      path: `${shown.pathname}${shown.search}`,
      route,
      status: res.headersSent ? res.statusCode : 0,
      outcome: record.reset ? 'reset' : res.writableFinished ? 'answered' : 'closed',
      faults: record.faults,
      delayMs: record.delayMs,
      durationMs: Math.round(performance.now() - started),
    })
  })

  if (route === 'control') {
    const port = req.socket.localPort ?? 0
    guardControl(req, url.searchParams, context.options.tokens, port)
    const answer = await handleControl(context, control, req, url.pathname.slice(CONTROL_PREFIX.length) || '/')
    sendJson(res, answer.status, answer.body)
    return
  }
  if (route === 'unknown') throw new HttpError(404, 'Not found', `${method} ${url.pathname}`)
  const allowed = route === 'pictures' ? ['GET'] : API_METHODS[route]
  if (!allowed.includes(method)) {
    throw new HttpError(405, 'Method not allowed', `${url.pathname} takes ${allowed.join(', ')}`, {
      allow: allowed.join(', '),
    })
  }
  const plan = context.faults.plan(route)
  record.faults = plan.applied
  record.delayMs = plan.latencyMs
  await serveApi(context, route, req, res, url, plan, () => {
    record.reset = true
  })
}

export interface Listening {
  server: Server
  baseUrl: string
  control: EmulatorControl
  stop(): Promise<void>
}

export async function listen(context: EmulatorContext): Promise<Listening> {
  const control = createControl(context)
  const server = createServer((req, res) => {
    handle(context, control, req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        req.resume()
        sendError(res, error)
        return
      }
      sendJson(res, 500, {
        error: { code: 500, message: 'Emulator error', details: String(error) },
      })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(context.options.port, context.options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const host = context.options.host.includes(':') ? `[${context.options.host}]` : context.options.host
  context.baseUrl = `http://${host}:${port}`
  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Hanging requests and idle keep-alive connections would hold close() open forever.
      server.closeAllConnections()
    })
    return stopping
  }
  return { server, baseUrl: context.baseUrl, control, stop }
}
