import type { LookupAddress, LookupOptions } from 'node:dns'
import { isIP } from 'node:net'
import type { Dispatcher } from 'undici'
import type { BodyChunk, BodyResponse, GetLike } from './body-response'
import { NotPublicError, type AddressGuard } from './public-fetch'
import { Agent } from './undici-agent'

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * GETs through connections opened only to addresses the guard allows, judged on the very
 * addresses the socket dials (see pinnedFetch, which adds a fetch over the same Agent).
 * undici's request API rather than fetch: a fetch Response keeps a weak reference to its
 * body's stream until the next full collection, and V8 keeps everything such a reference
 * reaches through each quick one: a sync's tens of thousands of pictures then filled the
 * heap with dead streams, 200 MB and more, for as long as they downloaded.
 */
export interface PinnedGet {
  get: GetLike
  close(): Promise<void>
}

/** The connections' name lookup: resolved once, through the guard, and the answer checked is the answer dialled. */
function guardedLookup(guard: AddressGuard) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const trusted = () => guard.trustedNetworks()
    guard
      .resolve(hostname)
      .then(async (addresses) => {
        if (!(await guard.allowsAll(addresses, trusted))) throw new NotPublicError()
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0
        const usable = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => entry.family !== 0 && (wanted === 0 || entry.family === wanted))
        const first = usable[0]
        if (!first) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
        if (options.all) callback(null, usable)
        else callback(null, first.address, first.family)
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''))
  }
}

/** An Agent whose every connection is dialled through the guard. */
export function pinnedAgent(guard: AddressGuard): Agent {
  return new Agent({ connect: { lookup: guardedLookup(guard) } })
}

/** The GET of `agent`, answered as a BodyResponse. */
export function agentGet(agent: Agent): GetLike {
  return async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET' || (init.body !== undefined && init.body !== null)) throw new TypeError('get() sends only GETs')
    const target = new URL(url)
    try {
      const answer = await agent.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers: plainHeaders(init.headers),
        signal: init.signal ?? null,
      })
      return bodyResponse(answer)
    } catch (error) {
      throw refusalIn(error) ?? error
    }
  }
}

/** GETs pinned as pinnedFetch's, without fetch: the picture worker's, which loads only undici's Agent (see undici-agent.ts). */
export function pinnedGet(guard: AddressGuard): PinnedGet {
  const agent = pinnedAgent(guard)
  return { get: agentGet(agent), close: () => closeAgent(agent) }
}

/** Idempotent: the app's dispose may run more than once. Requests still open are ended. */
export async function closeAgent(agent: Agent): Promise<void> {
  if (!agent.destroyed) await agent.destroy()
}

export function refusalIn(error: unknown, depth = 0): NotPublicError | undefined {
  if (error instanceof NotPublicError) return error
  if (depth > 4 || !(error instanceof Error)) return undefined
  return refusalIn(error.cause, depth + 1)
}

/** Request headers as the request API takes them; a GET of bytes sends only a few. */
function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  if (headers === undefined) return {}
  const plain: Record<string, string> = {}
  // A plain object of strings (as pictures ask) is taken as it is; anything else is read as fetch reads it.
  if (Object.getPrototypeOf(headers) === Object.prototype && Object.values(headers).every((v) => typeof v === 'string')) {
    for (const [name, value] of Object.entries(headers as Record<string, string>)) plain[name.toLowerCase()] = value
    return plain
  }
  new Headers(headers).forEach((value, name) => (plain[name] = value))
  return plain
}

/** undici's answer as a BodyResponse: its Node stream read chunk by chunk, or dropped. */
function bodyResponse({ statusCode, headers, body }: Dispatcher.ResponseData): BodyResponse {
  const drop = async (): Promise<void> => {
    // A body destroyed before its end says so as an error event; here it is what was asked.
    body.on('error', () => undefined)
    body.destroy()
  }
  return {
    status: statusCode,
    ok: statusCode >= 200 && statusCode < 300,
    headers: {
      get: (name) => {
        const value = headers[name.toLowerCase()]
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
      },
    },
    body: {
      getReader: () => {
        const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>
        return {
          read: async (): Promise<BodyChunk> => {
            const next = await chunks.next()
            return next.done ? { done: true } : { done: false, value: next.value }
          },
          cancel: drop,
        }
      },
      cancel: drop,
    },
  }
}
