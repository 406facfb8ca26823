import type { LookupAddress, LookupOptions } from 'node:dns'
import { isIP } from 'node:net'
import { Agent, fetch as undiciFetch, type Dispatcher, type RequestInit as UndiciRequestInit } from 'undici'
import type { BodyChunk, BodyResponse, GetLike } from './body-response'
import { NotPublicError, type AddressGuard, type FetchLike } from './public-fetch'

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

export interface PinnedFetch {
  fetch: FetchLike
  /**
   * A GET through the same pinned connections, for many small downloads (group pictures):
   * undici's request API rather than fetch. A fetch Response keeps a weak reference to its
   * body's stream until the next full collection, and V8 keeps everything such a reference
   * reaches through each quick one: a sync's tens of thousands of pictures then filled the
   * heap with dead streams, 200 MB and more, for as long as they downloaded.
   */
  get: GetLike
  close(): Promise<void>
}

/**
 * A fetch whose connections are opened only to addresses the guard allows, judged on the
 * very addresses the socket dials: the name is resolved once, at connect time, and the
 * answer that is checked is the answer that is used. Checking a URL first and letting
 * fetch resolve it again would leave a window in which a name with a short TTL changes
 * from a public address to one inside (DNS rebinding).
 *
 * undici's own fetch is used with its Agent (the global fetch is undici too, but takes a
 * dispatcher only from the same copy of undici).
 */
export function pinnedFetch(guard: AddressGuard): PinnedFetch {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
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
  const agent = new Agent({ connect: { lookup } })
  return {
    fetch: async (url, init) => {
      try {
        return (await undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher: agent })) as unknown as Response
      } catch (error) {
        // fetch wraps the refusal as "fetch failed"; callers know the refusal by its own class.
        throw refusalIn(error) ?? error
      }
    },
    get: async (url, init) => {
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
    },
    // Idempotent: the app's dispose may run more than once. Requests still open are ended.
    close: async () => {
      if (!agent.destroyed) await agent.destroy()
    },
  }
}

function refusalIn(error: unknown, depth = 0): NotPublicError | undefined {
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
