import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AddressGuard,
  NotPublicError,
  TooManyRedirectsError,
  pinnedFetch,
  publicFetch,
  type BodyResponse,
  type PinnedFetch,
  type ResolveHost,
} from '../../../../../src-main/platform/net'
import { downloadPicture, PictureDownloadError } from '../../../../../src-main/features/groups/pictures'
import { startHttpFixture, type HttpFixture } from '../../../../support/http-fixture'

/** A PNG's signature and a little more: enough for the picture check to know it. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64)])

let server: HttpFixture
let answers: Record<string, string[][]>
const resolve: ResolveHost = async (host) => {
  const queue = answers[host]
  if (!queue || queue.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return (queue.length > 1 ? queue.shift() : queue[0]) as string[]
}
const port = () => new URL(server.baseUrl).port
const opened: PinnedFetch[] = []
/** pinnedFetch's GET behind the URL checks and redirects, as the app sets it up for pictures. */
const guardedGet = (trustedBaseUrl?: () => string) => {
  const guard = new AddressGuard({ resolve, ...(trustedBaseUrl && { trustedBaseUrl }) })
  const direct = pinnedFetch(guard)
  opened.push(direct)
  return publicFetch<BodyResponse>({ fetch: direct.get, guard })
}
const trusted = () => 'http://server.local:1'

async function bytesOf(response: BodyResponse): Promise<Buffer> {
  const reader = response.body!.getReader()
  const chunks: Uint8Array[] = []
  for (;;) {
    const next = await reader.read()
    if (next.done) return Buffer.concat(chunks)
    chunks.push(next.value)
  }
}

beforeAll(async () => {
  server = await startHttpFixture()
})
afterAll(async () => {
  await Promise.all(opened.map((p) => p.close()))
  await server.close()
})
beforeEach(() => {
  server.requests.length = 0
  answers = { 'server.local': [['127.0.0.1']] }
})

describe("pinnedFetch's get", () => {
  it('refuses a name that turns private between the check and the connection, before connecting', async () => {
    answers['rebind.example'] = [['93.184.215.14'], ['127.0.0.1']]
    const error = await guardedGet()(`http://rebind.example:${port()}/p`, { method: 'GET' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotPublicError)
    expect(server.requests).toEqual([])
  })

  it('answers with the status, the headers and the body as sent, and sends the headers asked', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', etag: '"v1"', 'x-two': ['a', 'b'] })
      res.end(PNG)
    })
    answers['pictures.local'] = [['127.0.0.1']]
    const response = await guardedGet(trusted)(`http://pictures.local:${port()}/p.png?size=96`, {
      method: 'GET',
      headers: { 'if-none-match': '"v0"' },
    })
    expect([
      response.status,
      response.ok,
      response.headers.get('ETag'),
      response.headers.get('x-two'),
      response.headers.get('nope'),
    ]).toEqual([200, true, '"v1"', 'a, b', null])
    expect(await bytesOf(response)).toEqual(PNG)
    expect(server.requests.map((r) => [r.method, r.url, r.headers['if-none-match']])).toEqual([['GET', '/p.png?size=96', '"v0"']])
  })

  it('follows a redirect one checked hop at a time, and refuses one that leads inside', async () => {
    server.handle((req, res) => {
      if (req.url === '/moved') res.writeHead(302, { location: `http://inside.example:${port()}/secret` }).end()
      else res.writeHead(302, { location: '/moved' }).end()
    })
    answers['pictures.local'] = [['127.0.0.1']]
    answers['inside.example'] = [['10.0.0.1']]
    const error = await guardedGet(trusted)(`http://pictures.local:${port()}/p`, { method: 'GET' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotPublicError)
    expect(server.requests.map((r) => r.url)).toEqual(['/p', '/moved'])
  })

  it('stops a redirect loop at the bound', async () => {
    server.handle((_req, res) => res.writeHead(301, { location: '/again' }).end())
    answers['pictures.local'] = [['127.0.0.1']]
    const error = await guardedGet(trusted)(`http://pictures.local:${port()}/p`, { method: 'GET' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TooManyRedirectsError)
    expect(server.requests).toHaveLength(6)
  })

  it('sends GETs only', async () => {
    const direct = pinnedFetch(new AddressGuard({ resolve }))
    opened.push(direct)
    await expect(direct.get(`${server.baseUrl}/p`, { method: 'POST' })).rejects.toThrow(TypeError)
    expect(server.requests).toEqual([])
  })
})

describe('a picture downloaded through it', () => {
  it('is read whole when it fits, and cut off as too large when it does not, however it is sent', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024)])
    server.handle((req, res) => {
      if (req.url === '/big-declared') res.writeHead(200, { 'content-length': String(big.length) }).end(big)
      else if (req.url === '/big-chunked') {
        // No length: the cap is found as the bytes come.
        res.writeHead(200)
        res.write(big.subarray(0, 1000))
        setTimeout(() => res.end(big.subarray(1000)), 20)
      } else res.writeHead(200, { etag: '"e"' }).end(PNG)
    })
    answers['pictures.local'] = [['127.0.0.1']]
    const get = guardedGet(trusted)
    const options = { maxBytes: 64 * 1024, timeoutMs: 5_000 }
    const ok = await downloadPicture(get, `http://pictures.local:${port()}/p.png`, options)
    expect(ok).toMatchObject({ status: 'downloaded', extension: 'png', etag: '"e"' })
    for (const path of ['/big-declared', '/big-chunked']) {
      const error = await downloadPicture(get, `http://pictures.local:${port()}${path}`, options).catch((e: unknown) => e)
      expect(error, path).toBeInstanceOf(PictureDownloadError)
      expect((error as PictureDownloadError).reason, path).toBe('too-large')
    }
  })

  it('gives up at its deadline when the host stops sending, as a network failure', async () => {
    server.handle((_req, res) => {
      res.writeHead(200)
      res.write(PNG.subarray(0, 10))
    })
    answers['pictures.local'] = [['127.0.0.1']]
    const error = await downloadPicture(guardedGet(trusted), `http://pictures.local:${port()}/slow`, {
      maxBytes: 65_536,
      timeoutMs: 300,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PictureDownloadError)
    expect([(error as PictureDownloadError).reason, (error as PictureDownloadError).network]).toEqual(['cut-short', true])
  })
})
