import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import type { EmulatorContext } from '../state/context'
import type { EmulatorControl } from '../state/control'
import { MAX_GROUPS_ADDED } from '../data/group-list'
import { FaultError } from '../faults/faults'
import { HttpError, readBody } from '../protocol/http'
import { MAX_CLOCK_STEP_MS } from '../state/clock'
import { addPhoneStory, PhoneStorySchema } from './phone-story'

const CONTROL_BODY_LIMIT = 1024 * 1024

const MutationSchema = z.strictObject({
  add: z.int().min(0).max(MAX_GROUPS_ADDED).optional(),
  remove: z.int().min(0).optional(),
  removePositions: z.array(z.int().min(0)).optional(),
  at: z.enum(['start', 'end']).optional(),
})

const ViewersSchema = z.strictObject({
  /** null: back to the daily rhythm. */
  everyMs: z
    .int()
    .min(1)
    .max(24 * 3600_000)
    .nullable(),
})

const ClockSchema = z.strictObject({ advanceMs: z.int().min(0).max(MAX_CLOCK_STEP_MS) })

const MediaSchema = z.strictObject({ id: z.string(), mime_type: z.string() })

async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, CONTROL_BODY_LIMIT)
  try {
    return JSON.parse(body.toString('utf8'))
  } catch (error) {
    throw new HttpError(400, 'body: not valid JSON', (error as Error).message)
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new HttpError(400, z.prettifyError(parsed.error))
  return parsed.data
}

function clockState(control: EmulatorControl): { now: string; nowMs: number; offsetMs: number } {
  const nowMs = control.clock.now()
  return { now: new Date(nowMs).toISOString(), nowMs, offsetMs: control.clock.offsetMs() }
}

export interface ControlAnswer {
  status: number
  body: unknown
}

/** What one control endpoint gets: the emulator's state, the test's handle on it, and the request. */
interface ControlCall {
  context: EmulatorContext
  control: EmulatorControl
  req: IncomingMessage
}

const ok = (body: unknown, status = 200): ControlAnswer => ({ status, body })

/** `METHOD /path` → what answers it. */
const ENDPOINTS: Record<string, (call: ControlCall) => ControlAnswer | Promise<ControlAnswer>> = {
  'GET /': ({ context }) =>
    ok({
      baseUrl: context.baseUrl,
      seed: context.options.seed,
      epoch: context.options.epoch,
      groups: { base: context.options.groups, total: context.groups.total },
      stories: context.stories.list().length,
      faults: context.faults.list().length,
      maxBodyBytes: context.options.maxBodyBytes,
    }),
  'GET /faults': ({ control }) => ok({ faults: control.faults.list() }),
  'POST /faults': async ({ context, req }) => {
    try {
      return ok({ faults: context.faults.add(await readJson(req)) }, 201)
    } catch (error) {
      if (error instanceof FaultError) throw new HttpError(400, error.message)
      throw error
    }
  },
  'DELETE /faults': ({ control }) => {
    control.faults.clear()
    return ok({ faults: [] })
  },
  'GET /stories': ({ control }) => ok({ stories: control.stories.list() }),
  'DELETE /stories': ({ control }) => {
    control.stories.clear()
    return ok({ stories: [] })
  },
  'GET /requests': ({ control }) => ok({ requests: control.requests.list() }),
  'DELETE /requests': ({ control }) => {
    control.requests.clear()
    return ok({ requests: [] })
  },
  'GET /groups': ({ context, control }) => ok({ base: context.options.groups, total: control.groups.total() }),
  'POST /groups': async ({ control, req }) => ok(control.groups.mutate(parse(MutationSchema, await readJson(req)))),
  'DELETE /groups': ({ context, control }) => {
    control.groups.reset()
    return ok({ base: context.options.groups, total: control.groups.total() })
  },
  'GET /media': ({ control }) => ok({ media: control.media.list() }),
  'POST /media': async ({ control, req }) => {
    const media = parse(MediaSchema, await readJson(req))
    try {
      control.media.add(media.id, media.mime_type)
    } catch (error) {
      throw new HttpError(400, (error as Error).message)
    }
    return ok({ media: control.media.list() }, 201)
  },
  'POST /phone-story': async ({ context, req }) => {
    try {
      return ok({ story: addPhoneStory(context, parse(PhoneStorySchema, await readJson(req))) }, 201)
    } catch (error) {
      if (error instanceof RangeError) throw new HttpError(400, error.message)
      throw error
    }
  },
  'GET /uploads': ({ context }) => ok({ uploads: context.uploads }),
  'POST /viewers': async ({ context, req }) => {
    const { everyMs } = parse(ViewersSchema, await readJson(req))
    context.viewerEveryMs = everyMs
    return ok({ everyMs })
  },
  'GET /clock': ({ control }) => ok(clockState(control)),
  'POST /clock': async ({ control, req }) => {
    control.clock.advance(parse(ClockSchema, await readJson(req)).advanceMs)
    return ok(clockState(control))
  },
  'POST /reset': ({ control }) => {
    control.reset()
    return ok({ reset: true })
  },
}

/**
 * The /__emulator endpoints: state for tests to read and change. The server lets a request
 * through only with an accepted token and the emulator's own Host (control-guard.ts).
 */
export async function handleControl(
  context: EmulatorContext,
  control: EmulatorControl,
  req: IncomingMessage,
  path: string,
): Promise<ControlAnswer> {
  const method = req.method ?? 'GET'
  const endpoint = Object.hasOwn(ENDPOINTS, `${method} ${path}`) ? ENDPOINTS[`${method} ${path}`] : undefined
  if (endpoint) return endpoint({ context, control, req })
  const fault = /^\/faults\/([\w-]+)$/.exec(path)
  if (fault !== null && method === 'DELETE') {
    if (!control.faults.remove(fault[1] as string)) throw new HttpError(404, `No fault ${fault[1]}`)
    return ok({ faults: control.faults.list() })
  }
  throw new HttpError(404, `No emulator endpoint ${method} /__emulator${path === '/' ? '' : path}`)
}
