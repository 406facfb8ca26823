import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { ApiClient, type ApiClientOptions } from '../../../../../src-main/platform/api'
import { closedPort, startHttpFixture, type HttpFixture } from '../../../../support/http-fixture'
import { groupFixture } from '../../../shared/domain/fixtures'
import { TOKEN, countingFetch, failure, fakeClock, testClient } from './helpers'
import { Connectivity } from '../../../../../src-main/platform/net/connectivity'

let server: HttpFixture

beforeEach(async () => {
  server = await startHttpFixture()
})
afterEach(async () => {
  await server.close()
})

const client = (overrides: Partial<ApiClientOptions> = {}) => testClient(server.baseUrl, TOKEN, overrides)

const page = (groups: unknown[], total = groups.length, offset = 0) => ({
  groups,
  count: groups.length,
  total,
  offset,
})

describe('ApiClient.listGroups', () => {
  it('asks for one page with the bearer token and parses it', async () => {
    server.handle((_req, _res, t) => t.json(200, page([groupFixture()], 120, 100)))
    const { api } = client()
    const result = await api.listGroups({ count: 100, offset: 100 })
    expect(result).toMatchObject({ count: 1, total: 120, offset: 100, rejected: [] })
    expect(result.groups[0]?.name).toBe('Weekend hikers')
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      url: '/groups?count=100&offset=100',
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' },
    })
  })

  it('keeps the path of the base URL', async () => {
    server.handle((req, _res, t) => t.json(req.url?.startsWith('/v1/groups') ? 200 : 404, page([])))
    const { api } = client({ baseUrl: `${server.baseUrl}/v1/` })
    await expect(api.listGroups({ count: 10, offset: 0 })).resolves.toMatchObject({ groups: [] })
  })

  it('sets a malformed group aside and logs where it is wrong', async () => {
    const bad = groupFixture({
      id: '120363000000000017@g.us',
      participants: [{ id: 5, rank: 'admin' }],
    })
    server.handle((_req, _res, t) => t.json(200, page([groupFixture(), bad, groupFixture()])))
    const { api, logger } = client()
    const result = await api.listGroups({ count: 3, offset: 0 })
    expect(result.groups).toHaveLength(2)
    expect(result.rejected).toEqual([
      {
        index: 1,
        id: '120363000000000017@g.us',
        path: 'groups[1].participants[0].id',
        message: expect.any(String),
      },
    ])
    expect(logger.lines.find((l) => l.message === 'groups set aside')?.data).toMatchObject({
      count: 1,
    })
  })

  it('fails the page when its envelope is wrong, naming the path', async () => {
    server.handle((_req, _res, t) => t.json(200, { groups: 'none', count: 0, total: 0, offset: 0 }))
    const error = await failure(client().api.listGroups({ count: 10, offset: 0 }))
    expect(error.code).toBe('invalid-response')
    expect(error.details).toMatchObject({ path: 'groups' })
    expect(error.text).toEqual({ key: 'apiErrors.reply.groupsPage' })
  })

  it('reports a reply that is not JSON', async () => {
    server.handle((_req, res) => res.end('<html>maintenance</html>'))
    expect((await failure(client().api.listGroups({ count: 10, offset: 0 }))).code).toBe('invalid-response')
  })

  it.each([[{ count: 0, offset: 0 }], [{ count: 501, offset: 0 }], [{ count: 1.5, offset: 0 }], [{ count: 10, offset: -1 }]])(
    'refuses parameters the server would refuse: %j',
    async (params) => {
      const error = await failure(client().api.listGroups(params))
      expect(error.code).toBe('invalid-argument')
      expect(server.requests).toHaveLength(0)
    },
  )

  describe('errors', () => {
    it.each([
      [400, 'invalid-request', { key: 'apiErrors.http.invalidRequest' }],
      [401, 'unauthorized', { key: 'apiErrors.http.unauthorized' }],
      [402, 'payment', { key: 'apiErrors.http.payment' }],
      [403, 'forbidden', { key: 'apiErrors.http.forbidden' }],
      [404, 'not-found', { key: 'apiErrors.http.notFound' }],
      [413, 'too-large', { key: 'apiErrors.http.tooLarge' }],
      [415, 'unsupported-media', { key: 'apiErrors.http.unsupportedMedia' }],
      [418, 'invalid-request', { key: 'apiErrors.http.refused', params: { status: 418 } }],
    ])('maps HTTP %i to %s, with the server’s explanation, without retrying', async (status, code, text) => {
      server.handle((_req, _res, t) =>
        t.json(status, {
          error: { code: status, message: `Reason ${status}`, details: 'More detail' },
        }),
      )
      const error = await failure(client().api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe(code)
      // The server's words are shown beside the text, from the details, never inside it.
      expect(error.text).toEqual(text)
      expect(error.details).toMatchObject({
        status,
        attempts: 1,
        server: { code: status, message: `Reason ${status}`, details: 'More detail' },
      })
      expect(server.requests).toHaveLength(1)
    })

    it('explains a 401 in words a user understands', async () => {
      server.handle((_req, _res, t) => t.json(401, { error: { code: 401, message: 'Unauthorized' } }))
      const error = await failure(client().api.listGroups({ count: 10, offset: 0 }))
      expect(error.text).toEqual({ key: 'apiErrors.http.unauthorized' })
    })

    it('copes with an error body that is not the provider’s shape', async () => {
      server.handle((_req, res) => {
        res.writeHead(403, { 'content-type': 'text/plain' })
        res.end('nope')
      })
      const error = await failure(client().api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe('forbidden')
      expect(error.details).toEqual({ status: 403, attempts: 1 })
    })

    it('refuses to follow a redirect', async () => {
      server.handle((_req, res) => {
        res.writeHead(301, { location: 'https://elsewhere.example.com/groups' })
        res.end()
      })
      const error = await failure(client().api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe('invalid-request')
      expect(server.requests).toHaveLength(1)
    })
  })

  describe('retries', () => {
    it.each([429, 500, 502, 503, 504])('retries HTTP %i with growing backoff, then succeeds', async (status) => {
      server.handle((_req, _res, t) =>
        t.index < 2 ? t.json(status, { error: { code: status, message: 'busy' } }) : t.json(200, page([groupFixture()])),
      )
      const { api, clock, logger } = client()
      const result = await api.listGroups({ count: 10, offset: 0 })
      expect(result.groups).toHaveLength(1)
      expect(server.requests).toHaveLength(3)
      // random() = 0.5 with the default policy: 500 ms ceiling, then 1000 ms.
      expect(clock.sleeps).toEqual([375, 750])
      expect(logger.lines.filter((l) => l.message === 'api retry')).toHaveLength(2)
    })

    it('gives up after the last attempt with the last error', async () => {
      server.handle((_req, _res, t) => t.json(503, { error: { code: 503, message: 'down' } }))
      const { api, clock } = client({ retry: { maxAttempts: 3 } })
      const error = await failure(api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe('server')
      expect(error.details).toMatchObject({ status: 503, attempts: 3 })
      expect(server.requests).toHaveLength(3)
      expect(clock.sleeps).toHaveLength(2)
    })

    it('honours Retry-After in delta-seconds', async () => {
      server.handle((_req, _res, t) =>
        t.index === 0 ? t.json(429, { error: { code: 429, message: 'slow down' } }, { 'retry-after': '7' }) : t.json(200, page([])),
      )
      const { api, clock } = client()
      await api.listGroups({ count: 10, offset: 0 })
      expect(clock.sleeps).toEqual([7000])
    })

    it('honours Retry-After as an HTTP-date', async () => {
      const { api, clock } = client()
      const at = new Date(clock.now() + 12_000).toUTCString()
      server.handle((_req, _res, t) =>
        t.index === 0 ? t.json(503, { error: { code: 503, message: 'later' } }, { 'retry-after': at }) : t.json(200, page([])),
      )
      await api.listGroups({ count: 10, offset: 0 })
      expect(clock.sleeps).toEqual([12_000])
    })

    it('does not wait out a Retry-After beyond the cap: the user is told when to try again', async () => {
      server.handle((_req, _res, t) => t.json(429, { error: { code: 429, message: 'quota' } }, { 'retry-after': '3600' }))
      const { api, clock } = client()
      const error = await failure(api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe('rate-limited')
      expect(error.details).toMatchObject({ retryAfterSeconds: 3600, attempts: 1 })
      expect(clock.sleeps).toEqual([])
    })

    it('retries a refused connection, then reports the app offline', async () => {
      const port = await closedPort()
      const { api, clock } = client({ baseUrl: `http://127.0.0.1:${port}` })
      const error = await failure(api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe('offline')
      expect(error.details).toMatchObject({ networkCode: 'ECONNREFUSED', attempts: 4 })
      expect(error.text).toEqual({ key: 'apiErrors.network.unreachable' })
      expect(clock.sleeps).toHaveLength(3)
    })

    it('tells a server that keeps closing the connection apart from an unreachable one', async () => {
      server.handle((req) => req.socket.destroy())
      const { api, clock } = client()
      const error = await failure(api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe('connection-closed')
      expect(error.text).toEqual({ key: 'apiErrors.network.closed' })
      expect(error.details).toMatchObject({ attempts: 4 })
      expect(server.requests).toHaveLength(4)
      expect(clock.sleeps).toHaveLength(3)
      // The server answered (by hanging up): the app is not offline.
      const connectivity = new Connectivity()
      connectivity.reportFailure(error.code)
      expect(connectivity.online).toBe(true)
      connectivity.reportFailure('offline')
      expect(connectivity.online).toBe(false)
    })

    it('says when the next try may happen after a long Retry-After', async () => {
      server.handle((_req, _res, t) => t.json(429, { error: { code: 429, message: 'quota' } }, { 'retry-after': '120' }))
      const { api, clock } = client()
      const now = clock.now()
      const error = await failure(api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe('rate-limited')
      expect(error.details).toMatchObject({
        retryAfterSeconds: 120,
        retryAt: new Date(now + 120_000).toISOString(),
        attempts: 1,
      })
      // The wait itself, for the renderer to say in the user's language, not "a moment".
      expect(error.text).toEqual({ key: 'apiErrors.http.rateLimitedWait', params: { seconds: 120 } })
    })

    it('retries a connection reset mid-response', async () => {
      server.handle((req, res, t) => {
        if (t.index > 0) return t.json(200, page([]))
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
        res.write('{"groups":[')
        setTimeout(() => req.socket.destroy(), 20)
      })
      const { api } = client()
      await expect(api.listGroups({ count: 10, offset: 0 })).resolves.toMatchObject({ groups: [] })
      expect(server.requests).toHaveLength(2)
    })
  })

  describe('timeouts and cancellation', () => {
    it('times out waiting for headers, retries, then reports a timeout', async () => {
      server.handle(() => {})
      const { api } = client({ timeouts: { headersMs: 100 }, retry: { maxAttempts: 2 } })
      const error = await failure(api.listGroups({ count: 10, offset: 0 }))
      expect(error.code).toBe('timeout')
      expect(error.details).toMatchObject({ phase: 'headers', attempts: 2 })
      // The wait is said in whole seconds, rounded up: never "within 0 seconds".
      expect(error.text).toEqual({ key: 'apiErrors.network.noAnswer', params: { seconds: 1 } })
      expect(server.requests).toHaveLength(2)
    })

    it('times out when the response stops arriving half-way', async () => {
      server.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
        res.write('{"groups":[')
      })
      const { api } = client({ timeouts: { stallMs: 100 }, retry: { maxAttempts: 1 } })
      const error = await failure(api.listGroups({ count: 10, offset: 0 }))
      expect(error).toMatchObject({ code: 'timeout', details: { phase: 'response' } })
    })

    it('is cancelled by its signal while waiting for the server', async () => {
      server.handle(() => {})
      const controller = new AbortController()
      const pending = client().api.listGroups({ count: 10, offset: 0 }, { signal: controller.signal })
      setTimeout(() => controller.abort(), 50)
      const error = await failure(pending)
      expect(error.code).toBe('cancelled')
      expect(server.requests).toHaveLength(1)
    })

    it('is cancelled while waiting to retry', async () => {
      server.handle((_req, _res, t) => t.json(503, {}))
      const controller = new AbortController()
      const sleepy = fakeClock()
      sleepy.sleep = async (_ms, signal) => {
        controller.abort()
        throw signal?.reason
      }
      const error = await failure(client({ clock: sleepy }).api.listGroups({ count: 10, offset: 0 }, { signal: controller.signal }))
      expect(error.code).toBe('cancelled')
      expect(server.requests).toHaveLength(1)
    })

    it('does not start when already cancelled', async () => {
      const error = await failure(client().api.listGroups({ count: 10, offset: 0 }, { signal: AbortSignal.abort() }))
      expect(error.code).toBe('cancelled')
      expect(server.requests).toHaveLength(0)
    })
  })

  it('uses the injected fetch', async () => {
    server.handle((_req, _res, t) => t.json(200, page([])))
    const counting = countingFetch()
    await client({ fetch: counting }).api.listGroups({ count: 10, offset: 0 })
    expect(counting.calls).toEqual([`${server.baseUrl}/groups?count=10&offset=0`])
  })

  it('refuses a base URL that is not http(s) or carries a query', () => {
    for (const baseUrl of ['ftp://x.example.com', 'not a url', 'https://x.example.com/?token=abc', 'https://u:p@x.example.com']) {
      expect(() => new ApiClient({ baseUrl, token: TOKEN, fetch })).toThrow(AppError)
    }
  })
})
