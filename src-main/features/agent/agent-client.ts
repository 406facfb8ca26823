import { z } from 'zod'
import { AppErrorDataSchema } from '@shared/error-schemas'
import { AppError, codeText } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { WEB_INVOKE_PREFIX } from '@shared/web-transport'
import { deadline } from '../../platform/net/deadline'
import { mismatchIn } from './agent-tls'

/** The agent's answers are small: a list of stories is far below this; anything larger is not read. */
export const MAX_AGENT_ANSWER_BYTES = 4 * 1024 * 1024
/** A loopback agent answers at once; one silent this long is treated as unreachable. */
export const AGENT_CALL_TIMEOUT_MS = 15_000

/** The agent's paths a desktop calls (agent/server.ts serves them). */
export const AGENT_PAIR_PATH = '/pair'
export const AGENT_UNPAIR_PATH = '/unpair'
export const AGENT_DEVICES_PATH = '/devices'
export const AGENT_REVOKE_PATH = '/devices/revoke'
export const AGENT_ACTIVITY_PATH = '/activity'
export const AGENT_AUTHORS_PATH = '/activity/authors'
export const AGENT_MEDIA_UPLOAD_PATH = '/media-upload'

/** The `reason` of an error the agent's door gave (401/403 before any handler ran): it refused the device token itself. */
export const DEVICE_REFUSED = 'device-refused'

/** Whether the failure is the agent refusing the device token (revoked, or never known), rather than a handler's refusal. */
export function isDeviceRefused(error: unknown): boolean {
  return error instanceof AppError && error.details?.reason === DEVICE_REFUSED
}

/** A file sent as a request's body as it is read (an upload), rather than as JSON. */
export class AgentUpload {
  constructor(
    readonly open: () => ReadableStream<Uint8Array>,
    readonly size: number,
  ) {}
}

/** How often an upload says how far it got: every hundredth of the file, and its end. */
const PROGRESS_STEPS = 100

/**
 * `source` as it is read by the request: `onProgress` hears the bytes handed over so far. Pulled
 * only when the request asks, so what it hears follows the socket, not the disk.
 */
export function countedStream(
  source: ReadableStream<Uint8Array>,
  totalBytes: number,
  onProgress: (progress: { sentBytes: number; totalBytes: number }) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  const step = Math.max(1, Math.floor(totalBytes / PROGRESS_STEPS))
  let sentBytes = 0
  let told = 0
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done) {
          controller.close()
          return
        }
        controller.enqueue(value)
        sentBytes += value.byteLength
        if (sentBytes - told >= step || sentBytes >= totalBytes) {
          told = sentBytes
          onProgress({ sentBytes, totalBytes })
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  )
}

const EnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: AppErrorDataSchema }),
])

export interface AgentCallOptions {
  fetch: typeof fetch
  /** The agent's origin, checked by agentOrigin(). */
  origin: string
  /** The device token; absent for the pairing itself. */
  token?: string
  timeoutMs?: number
  /** The caller's own stop (a Cancel): the request ends as `cancelled`. */
  signal?: AbortSignal
}

/** Reads at most `max` bytes of the body; a longer one is given up unread. */
async function boundedText(response: Response, max: number): Promise<string | null> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function badAnswer(origin: string, reason: string): AppError {
  return new AppError('invalid-response', userText('errors.agentLink.badAnswer', { url: origin }), { reason })
}

/**
 * One request to the paired agent, answering its value or throwing the agent's own words (its
 * `Result`'s error). The agent is a peer, not a trusted part: its answer is bounded in time and
 * size, must be the contract's envelope, and a redirect is refused (the token goes nowhere else).
 */
export async function callAgent(options: AgentCallOptions, path: string, body: unknown, method: 'GET' | 'POST' = 'POST'): Promise<unknown> {
  const { origin } = options
  const watch = deadline(options.timeoutMs ?? AGENT_CALL_TIMEOUT_MS, options.signal)
  let text: string | null
  let status: number
  try {
    const upload = body instanceof AgentUpload ? body : null
    const response = await options.fetch(`${origin}${path}`, {
      method,
      headers: {
        'content-type': upload ? 'application/octet-stream' : 'application/json',
        ...(upload && { 'content-length': String(upload.size) }),
        ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
      },
      ...(method === 'POST' && { body: upload ? upload.open() : JSON.stringify(body) }),
      ...(upload && { duplex: 'half' }),
      redirect: 'error',
      signal: watch.signal,
    } as RequestInit)
    status = response.status
    text = await boundedText(response, MAX_AGENT_ANSWER_BYTES)
  } catch (error) {
    watch.abandon()
    if (options.signal?.aborted) throw new AppError('cancelled', codeText('cancelled'))
    const mismatch = mismatchIn(error)
    if (mismatch)
      throw new AppError('certificate-changed', userText('errors.agentLink.certificateChanged', { url: origin }), {
        presented: mismatch.presented,
      })
    if (watch.signal.reason instanceof DOMException && watch.signal.reason.name === 'TimeoutError')
      throw new AppError('timeout', userText('errors.agentLink.timeout', { url: origin }))
    throw new AppError('offline', userText('errors.agentLink.unreachable', { url: origin }), {
      reason: error instanceof Error ? error.name : 'unknown',
    })
  }
  watch.clear()
  if (text === null) throw badAnswer(origin, 'too-large')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw badAnswer(origin, 'not-json')
  }
  const envelope = EnvelopeSchema.safeParse(parsed)
  if (!envelope.success) throw badAnswer(origin, 'not-a-result')
  if (!envelope.data.ok) {
    const { code, text: said, details } = envelope.data.error
    // Handlers answer their refusals with 200; only the agent's door answers 401/403, to a token it does not take.
    const refused = options.token !== undefined && (status === 401 || status === 403)
    throw new AppError(code, said, refused ? { ...details, reason: DEVICE_REFUSED } : details)
  }
  return envelope.data.value
}

/** The path of a channel of the contract on the agent. */
export function invokePath(channel: string): string {
  return `${WEB_INVOKE_PREFIX}${encodeURIComponent(channel)}`
}

const PairedSchema = z.object({
  deviceId: z.string().uuid(),
  token: z.string().regex(/^[\x21-\x7e]{16,512}$/),
})

/** Pairs with the agent for the code it printed: the device token, shown by the agent this once. */
export async function pairWithAgent(
  options: Omit<AgentCallOptions, 'token'>,
  request: { code: string; deviceName: string; personName?: string },
): Promise<z.infer<typeof PairedSchema>> {
  const value = await callAgent(options, AGENT_PAIR_PATH, request)
  const paired = PairedSchema.safeParse(value)
  if (!paired.success) throw badAnswer(options.origin, 'not-a-device')
  return paired.data
}

/** Tells the agent this device forgets it: the device token is refused there from then on. */
export async function unpairFromAgent(options: AgentCallOptions & { token: string }): Promise<void> {
  await callAgent(options, AGENT_UNPAIR_PATH, {})
}
