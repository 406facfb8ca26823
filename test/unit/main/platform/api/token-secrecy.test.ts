import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { ApiClient, type ApiClientOptions, type FetchLike } from '../../../../../src-main/platform/api'
import { closedPort, startHttpFixture, type HttpFixture } from '../../../../support/http-fixture'
import { TOKEN, captureLogger, fakeClock } from './helpers'

let server: HttpFixture
const logger = captureLogger()

beforeAll(async () => {
  // A hostile server: every error body quotes the Authorization header back.
  server = await startHttpFixture(async (req, res, t) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const status = Number(/^\/s(\d+)\//.exec(url.pathname)?.[1] ?? url.searchParams.get('offset')) || 0
    const echo = req.headers.authorization ?? ''
    if (req.method === 'POST') await t.readBody()
    if (status === 1) return // never answers: a timeout
    if (status === 2) return req.socket.destroy()
    if (status === 3) return t.json(200, { groups: echo, count: 1, total: 1, offset: 0 })
    if (status === 4) {
      res.writeHead(302, { location: `https://elsewhere.example.com/?t=${TOKEN}` })
      return res.end()
    }
    if (status === 5) return res.end(`not json ${echo}`)
    t.json(
      status || 500,
      {
        error: {
          code: status,
          message: `Rejected ${echo}`,
          details: { seen: echo, [TOKEN]: [TOKEN] },
        },
      },
      { 'retry-after': '1', 'x-echo': echo },
    )
  })
})
afterAll(async () => {
  await server.close()
})

function api(overrides: Partial<ApiClientOptions> = {}) {
  return new ApiClient({
    baseUrl: server.baseUrl,
    token: TOKEN,
    fetch,
    clock: fakeClock(),
    logger,
    retry: { maxAttempts: 2 },
    timeouts: { headersMs: 5_000, stallMs: 5_000 },
    ...overrides,
  })
}

async function caught(run: () => Promise<unknown>): Promise<AppError> {
  try {
    const result = await run()
    if (result && typeof result === 'object' && 'error' in result && result.error instanceof AppError) return result.error
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }
  throw new Error('expected a failure')
}

/** Everything an error exposes: message, details, the cause chain, stacks, and its own fields. */
function exposed(error: AppError): string {
  const causes: unknown[] = []
  for (let link: unknown = error.cause; link; link = (link as { cause?: unknown }).cause) causes.push(link)
  return [
    error.message,
    error.stack,
    JSON.stringify(error.toData()),
    inspect(error, { depth: Infinity, showHidden: true }),
    ...causes.map((c) => inspect(c, { depth: Infinity, showHidden: true })),
    ...causes.map((c) => (c instanceof Error ? `${c.message} ${c.stack}` : String(c))),
  ].join('\n')
}

/** What the server said, as the error keeps it for the user (`details.server.message`). */
function serverSaid(error: AppError): string {
  const server = error.details?.['server'] as { message?: unknown } | undefined
  return String(server?.message)
}

const textStory = {
  caption: 'hi',
  background_color: '#FF000000',
  caption_color: '#FFFFFFFF',
  font_type: 'SYSTEM',
} as const

describe('the token', () => {
  const http = [400, 401, 402, 403, 404, 413, 415, 429, 500, 502, 503, 504]

  it.each(http)('appears nowhere in a groups error for HTTP %i, even when the server echoes it', async (status) => {
    const error = await caught(() => api().listGroups({ count: 1, offset: status }))
    expect(exposed(error)).not.toContain(TOKEN)
    // The server's words, kept for the user to read beside the text, are redacted there.
    expect(serverSaid(error)).toContain('[redacted]')
  })

  it.each(http)('appears nowhere in a story error for HTTP %i', async (status) => {
    const error = await caught(() => api({ baseUrl: `${server.baseUrl}/s${status}` }).publishStory(textStory))
    expect(error.details).toMatchObject({ status })
    expect(exposed(error)).not.toContain(TOKEN)
  })

  it.each([
    ['timeout', 1],
    ['connection-closed', 2],
    ['invalid-response', 3],
    ['invalid-request', 4],
    ['invalid-response', 5],
  ])('appears nowhere in a %s error', async (code, offset) => {
    // Only the hanging case needs a short timeout.
    const quick = offset === 1 ? { timeouts: { headersMs: 100 } } : {}
    const error = await caught(() => api(quick).listGroups({ count: 1, offset }))
    expect(error.code).toBe(code)
    expect(exposed(error)).not.toContain(TOKEN)
  })

  it('appears nowhere in unknown-outcome, offline, cancelled and invalid-argument errors', async () => {
    const port = await closedPort()
    const errors = [
      await caught(() => api({ baseUrl: `${server.baseUrl}/s2` }).publishStory(textStory)),
      await caught(() => api({ baseUrl: `${server.baseUrl}/s1`, timeouts: { headersMs: 100 } }).publishStory(textStory)),
      await caught(() => api({ baseUrl: `http://127.0.0.1:${port}` }).listGroups({ count: 1, offset: 0 })),
      await caught(() => api().listGroups({ count: 1, offset: 1 }, { signal: AbortSignal.abort() })),
      await caught(() => api().listGroups({ count: 0, offset: 0 })),
      await caught(() => api().publishStory({ ...textStory, caption: '' })),
      await caught(() =>
        api().publishStory({
          media: { kind: 'file', path: `/nonexistent/${TOKEN}`, mimeType: 'image/png' },
        }),
      ),
    ]
    expect(errors.map((e) => e.code)).toEqual([
      'unknown-outcome',
      'unknown-outcome',
      'offline',
      'cancelled',
      'invalid-argument',
      'invalid-request',
      'invalid-argument',
    ])
    for (const error of errors) expect(exposed(error)).not.toContain(TOKEN)
  })

  it('is scrubbed from a low-level failure that quotes the request', async () => {
    const leaky: FetchLike = async () => {
      throw new TypeError('fetch failed', {
        cause: new Error(`socket closed while sending authorization: Bearer ${TOKEN}`),
      })
    }
    const error = await caught(() => api({ fetch: leaky }).listGroups({ count: 1, offset: 0 }))
    expect(error.code).toBe('offline')
    expect(String((error.cause as Error).message)).toContain('[redacted]')
    expect(exposed(error)).not.toContain(TOKEN)
  })

  it('is never quoted when the token itself is malformed', () => {
    const bad = `${TOKEN}\r\nX-Injected: 1`
    let error: unknown
    try {
      new ApiClient({ baseUrl: server.baseUrl, token: bad, fetch })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(AppError)
    expect(exposed(error as AppError)).not.toContain(TOKEN)
  })

  it('is not visible on the client object', () => {
    expect(inspect(api(), { depth: Infinity, showHidden: true })).not.toContain(TOKEN)
    expect(JSON.stringify(api())).not.toContain(TOKEN)
  })

  it('appears in no log line', () => {
    expect(logger.lines.length).toBeGreaterThan(20)
    expect(JSON.stringify(logger.lines)).not.toContain(TOKEN)
  })
})

describe('the token echoed encoded', () => {
  const encodings: Record<string, (token: string) => string> = {
    base64: (t) => Buffer.from(t).toString('base64'),
    base64url: (t) => Buffer.from(t).toString('base64url'),
    'base64 of the whole header': (t) => Buffer.from(`Bearer ${t}`).toString('base64'),
    'percent-encoded': (t) => encodeURIComponent(`${t}/`),
    hex: (t) => Buffer.from(t).toString('hex'),
  }
  let echo: HttpFixture

  beforeAll(async () => {
    echo = await startHttpFixture(async (req, _res, t) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
      const said = Object.entries(encodings).map(([name, encode]) => `${name}=${encode(token)}`)
      t.json(400, { error: { code: 400, message: `Bad request ${said.join(' ')}`, details: { said } } })
    })
  })
  afterAll(async () => {
    await echo.close()
  })

  it('is redacted from the message and the details in every encoding', async () => {
    const error = await new ApiClient({ baseUrl: echo.baseUrl, token: TOKEN, fetch, clock: fakeClock() })
      .listGroups({ count: 10, offset: 0 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    const everything = inspect(error, { depth: 10 }) + JSON.stringify((error as AppError).details)
    for (const [name, encode] of Object.entries(encodings)) {
      expect(everything, name).not.toContain(encode(TOKEN))
      expect(serverSaid(error as AppError)).toContain(`${name}=`)
    }
    expect(serverSaid(error as AppError)).toContain('[redacted]')
  })
})
