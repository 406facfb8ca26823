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
  const key = `${method} ${path}`
  const ok = (body: unknown, status = 200): ControlAnswer => ({ status, body })
  switch (key) {
    case 'GET /':
      return ok({
        baseUrl: context.baseUrl,
        seed: context.options.seed,
        epoch: context.options.epoch,
        groups: { base: context.options.groups, total: context.groups.total },
        stories: context.stories.list().length,
        faults: context.faults.list().length,
        maxBodyBytes: context.options.maxBodyBytes,
      })
    case 'GET /faults':
      return ok({ faults: control.faults.list() })
    case 'POST /faults':
      try {
        return ok({ faults: context.faults.add(await readJson(req)) }, 201)
      } catch (error) {
        if (error instanceof FaultError) throw new HttpError(400, error.message)
        throw error
      }
    case 'DELETE /faults':
      control.faults.clear()
      return ok({ faults: [] })
    case 'GET /stories':
      return ok({ stories: control.stories.list() })
    case 'DELETE /stories':
      control.stories.clear()
      return ok({ stories: [] })
    case 'GET /requests':
      return ok({ requests: control.requests.list() })
    case 'DELETE /requests':
      control.requests.clear()
      return ok({ requests: [] })
    case 'GET /groups':
      return ok({ base: context.options.groups, total: control.groups.total() })
    case 'POST /groups':
      return ok(control.groups.mutate(parse(MutationSchema, await readJson(req))))
    case 'DELETE /groups':
      control.groups.reset()
      return ok({ base: context.options.groups, total: control.groups.total() })
    case 'GET /media':
      return ok({ media: control.media.list() })
    case 'POST /media': {
      const media = parse(MediaSchema, await readJson(req))
      try {
        control.media.add(media.id, media.mime_type)
      } catch (error) {
        throw new HttpError(400, (error as Error).message)
      }
      return ok({ media: control.media.list() }, 201)
    }
    case 'POST /phone-story':
      try {
        return ok({ story: addPhoneStory(context, parse(PhoneStorySchema, await readJson(req))) }, 201)
      } catch (error) {
        if (error instanceof RangeError) throw new HttpError(400, error.message)
        throw error
      }
    case 'GET /uploads':
      return ok({ uploads: context.uploads })
    case 'POST /viewers': {
      const { everyMs } = parse(ViewersSchema, await readJson(req))
      context.viewerEveryMs = everyMs
      return ok({ everyMs })
    }
    case 'GET /clock':
      return ok(clockState(control))
    case 'POST /clock':
      control.clock.advance(parse(ClockSchema, await readJson(req)).advanceMs)
      return ok(clockState(control))
    case 'POST /reset':
      control.reset()
      return ok({ reset: true })
  }
  const fault = /^\/faults\/([\w-]+)$/.exec(path)
  if (fault !== null && method === 'DELETE') {
    if (!control.faults.remove(fault[1] as string)) throw new HttpError(404, `No fault ${fault[1]}`)
    return ok({ faults: control.faults.list() })
  }
  throw new HttpError(404, `No emulator endpoint ${method} /__emulator${path === '/' ? '' : path}`)
}
