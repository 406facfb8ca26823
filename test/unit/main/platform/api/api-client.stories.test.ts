import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ApiClientOptions, type UploadProgress } from '../../../../../src-main/platform/api'
import { closedPort, startHttpFixture, type HttpFixture } from '../../../../support/http-fixture'
import { messageFixture } from '../../../shared/domain/fixtures'
import { TOKEN, countingFetch, failure, testClient } from './helpers'

let server: HttpFixture
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-api-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})
beforeEach(async () => {
  server = await startHttpFixture()
})
afterEach(async () => {
  await server.close()
})

const client = (overrides: Partial<ApiClientOptions> = {}) => testClient(server.baseUrl, TOKEN, overrides)

const textStory = {
  caption: 'Off to the hills',
  background_color: '#FF1E88E5',
  caption_color: '#FFFFFFFF',
  font_type: 'SYSTEM_BOLD',
} as const

const sentReply = {
  sent: true,
  message: { ...messageFixture('text'), type: 'story', chat_id: 'status@broadcast' },
}

/** Reads the whole request, then answers as the provider does. */
function accept(status = 201) {
  return async (_req: unknown, _res: unknown, t: { readBody(): Promise<Buffer>; json(s: number, b: unknown): void }) => {
    await t.readBody()
    t.json(status, sentReply)
  }
}

describe('ApiClient.publishStory', () => {
  it('publishes a text story as JSON and returns the sent message', async () => {
    server.handle(accept(201))
    const result = await client().api.publishStory({ ...textStory, contacts: ['447700900123'] })
    expect(result).toMatchObject({ outcome: 'published', attempts: 1, response: { sent: true } })
    if (result.outcome === 'published') expect(result.response.message?.chat_id).toBe('status@broadcast')
    const [request] = server.requests
    expect(request).toMatchObject({
      method: 'POST',
      url: '/stories',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    })
    expect(JSON.parse(request!.body!.toString())).toEqual({
      ...textStory,
      contacts: ['447700900123'],
    })
    expect(Number(request!.headers['content-length'])).toBe(request!.body!.byteLength)
  })

  it('accepts 200 as success too', async () => {
    server.handle(accept(200))
    expect((await client().api.publishStory(textStory)).outcome).toBe('published')
  })

  it('sends a media story by URL or media id as given', async () => {
    server.handle(accept())
    const { api } = client()
    await api.publishStory({
      media: { kind: 'url', url: 'https://cdn.example.com/a.jpg', mimeType: 'image/jpeg' },
      caption: 'Top',
    })
    await api.publishStory({ media: { kind: 'media-id', id: 'jpeg-5e2a1c3a4f6b7c8d-ab12' } })
    expect(server.requests.map((r) => JSON.parse(r.body!.toString()))).toEqual([
      { media: 'https://cdn.example.com/a.jpg', mime_type: 'image/jpeg', caption: 'Top' },
      { media: 'jpeg-5e2a1c3a4f6b7c8d-ab12' },
    ])
  })

  it('refuses an invalid story before sending anything, naming the field', async () => {
    const { api } = client()
    const cases = [
      [{ ...textStory, background_color: '#00000000' }, 'background_color'],
      [{ ...textStory, caption: 'x'.repeat(1025) }, 'caption'],
      [{ ...textStory, contacts: ['+44 7700 900123'] }, 'contacts[0]'],
      [{ media: { kind: 'url', url: 'file:///etc/passwd' } }, 'media'],
      [{ media: { kind: 'bytes', bytes: new Uint8Array(3), mimeType: 'not a mime' } }, 'media'],
    ] as const
    for (const [input, path] of cases) {
      const error = await failure(api.publishStory(input as never))
      expect(error.code).toBe('invalid-request')
      expect(error.details).toMatchObject({ path })
    }
    expect(server.requests).toHaveLength(0)
  })

  it('streams the body to fetch without letting it keep the chunks for a redirect replay', async () => {
    server.handle(accept())
    const inits: RequestInit[] = []
    const spying = (url: string, init: RequestInit) => {
      inits.push(init)
      return fetch(url, init)
    }
    await client({ fetch: spying }).api.publishStory(textStory)
    // With redirect 'manual' or 'follow', Node's fetch holds every chunk sent until the end.
    expect(inits[0]).toMatchObject({ method: 'POST', redirect: 'error', duplex: 'half' })
    expect(inits[0]?.body).toBeInstanceOf(ReadableStream)
  })

  describe('a local file', () => {
    it('streams a 50 MB file as a base64 data URI with the right Content-Length and progress', async () => {
      const data = randomBytes(50 * 1024 * 1024)
      const path = join(dir, 'big.mp4')
      await writeFile(path, data)
      const received: { length?: number; hash?: string; header?: string } = {}
      server.handle(async (req, _res, t) => {
        received.header = req.headers['content-length']
        const body = await t.readBody()
        received.length = body.byteLength
        received.hash = createHash('sha256').update(body).digest('hex')
        const json = JSON.parse(body.toString('utf8')) as Record<string, string>
        const media = json.media!
        const prefix = 'data:video/mp4;base64,'
        // Decoded server-side, as the provider would: the bytes must be the file's.
        const decoded = Buffer.from(media.slice(prefix.length), 'base64')
        t.json(201, {
          ...sentReply,
          check: {
            prefix: media.startsWith(prefix),
            same: decoded.equals(data),
            caption: json.caption,
            mime: json.mime_type,
          },
        })
      })
      const progress: UploadProgress[] = []
      const result = await client().api.publishStory(
        { media: { kind: 'file', path, mimeType: 'video/mp4' }, caption: 'Summit ⛰️' },
        { onProgress: (p) => progress.push(p) },
      )
      expect(result.outcome).toBe('published')
      if (result.outcome !== 'published') return
      expect((result.response as Record<string, unknown>).check).toEqual({
        prefix: true,
        same: true,
        caption: 'Summit ⛰️',
        mime: 'video/mp4',
      })
      const expected = Buffer.from(
        JSON.stringify({
          media: `data:video/mp4;base64,${data.toString('base64')}`,
          mime_type: 'video/mp4',
          caption: 'Summit ⛰️',
        }),
      )
      expect(received.length).toBe(expected.byteLength)
      expect(Number(received.header)).toBe(expected.byteLength)
      expect(received.hash).toBe(createHash('sha256').update(expected).digest('hex'))
      // Progress climbs in many steps to exactly the body's length.
      expect(progress.length).toBeGreaterThan(100)
      expect(progress.at(-1)).toEqual({
        sentBytes: expected.byteLength,
        totalBytes: expected.byteLength,
      })
      expect(progress.every((p, i) => i === 0 || p.sentBytes > progress[i - 1]!.sentBytes)).toBe(true)
    })

    it('stops, as not published, when the file changes while it is being sent', async () => {
      const path = join(dir, 'changing.mp4')
      await writeFile(path, randomBytes(32 * 1024 * 1024))
      server.handle((req) => {
        req.once('data', () => void truncate(path, 1024))
        req.resume()
      })
      const counting = countingFetch()
      const error = await failure(
        client({ fetch: counting }).api.publishStory({
          media: { kind: 'file', path, mimeType: 'video/mp4' },
        }),
      )
      expect(error).toMatchObject({
        code: 'invalid-argument',
        details: { published: false, attempts: 1 },
      })
      expect(error.text).toEqual({ key: 'apiErrors.media.changed' })
      expect(counting.calls).toHaveLength(1)
    })

    it('reports a missing file without sending anything', async () => {
      const error = await failure(
        client().api.publishStory({
          media: { kind: 'file', path: join(dir, 'missing.jpg'), mimeType: 'image/jpeg' },
        }),
      )
      expect(error.code).toBe('invalid-argument')
      expect(server.requests).toHaveLength(0)
    })

    it('sends in-memory bytes the same way', async () => {
      server.handle(accept())
      const bytes = randomBytes(1000)
      await client().api.publishStory({ media: { kind: 'bytes', bytes, mimeType: 'image/png' } })
      expect(JSON.parse(server.requests[0]!.body!.toString())).toEqual({
        media: `data:image/png;base64,${bytes.toString('base64')}`,
        mime_type: 'image/png',
      })
    })
  })

  describe('errors', () => {
    it.each([
      [400, 'invalid-request', 'apiErrors.http.invalidRequest'],
      [401, 'unauthorized', 'apiErrors.http.unauthorized'],
      [402, 'payment', 'apiErrors.http.payment'],
      [403, 'forbidden', 'apiErrors.http.forbidden'],
      [404, 'not-found', 'apiErrors.story.mediaNotFound'],
      [413, 'too-large', 'apiErrors.http.tooLarge'],
      [415, 'unsupported-media', 'apiErrors.http.unsupportedMedia'],
    ])('maps HTTP %i to %s and never resends', async (status, code, key) => {
      server.handle(async (_req, _res, t) => {
        await t.readBody()
        t.json(status, {
          error: { code: status, message: `Reason ${status}`, details: { field: 'media' } },
        })
      })
      const error = await failure(client().api.publishStory(textStory))
      expect(error.code).toBe(code)
      expect(error.text).toEqual({ key })
      expect(error.details).toMatchObject({ status, server: { message: `Reason ${status}`, details: { field: 'media' } } })
      expect(server.requests).toHaveLength(1)
    })

    it('says which media was not found on a 404', async () => {
      server.handle(async (_req, _res, t) => {
        await t.readBody()
        t.json(404, { error: { code: 404, message: 'Media not found' } })
      })
      const error = await failure(client().api.publishStory({ media: { kind: 'media-id', id: 'jpeg-0a1b-2c3d' } }))
      expect(error.text).toEqual({ key: 'apiErrors.story.mediaNotFound' })
    })

    it('refuses to follow a redirect, without resending the story', async () => {
      server.handle(async (_req, res, t) => {
        await t.readBody()
        res.writeHead(308, { location: 'https://elsewhere.example.com/stories' })
        res.end()
      })
      const counting = countingFetch()
      const error = await failure(client({ fetch: counting }).api.publishStory(textStory))
      expect(error.code).toBe('invalid-request')
      expect(counting.calls).toHaveLength(1)
      expect(server.requests).toHaveLength(1)
    })

    it('treats a reply of sent: false as not published', async () => {
      server.handle(async (_req, _res, t) => {
        await t.readBody()
        t.json(200, { sent: false })
      })
      expect((await failure(client().api.publishStory(textStory))).code).toBe('server')
    })
  })

  describe('never posting twice', () => {
    it('retries a 429, honouring Retry-After', async () => {
      server.handle(async (_req, _res, t) => {
        await t.readBody()
        if (t.index === 0) t.json(429, { error: { code: 429, message: 'Too many requests' } }, { 'retry-after': '3' })
        else t.json(201, sentReply)
      })
      const { api, clock } = client()
      const result = await api.publishStory(textStory)
      expect(result).toMatchObject({ outcome: 'published', attempts: 2 })
      expect(clock.sleeps).toEqual([3000])
      expect(server.requests).toHaveLength(2)
    })

    it('retries when the connection was refused, which proves the story was not received', async () => {
      server.handle(accept())
      const port = await closedPort()
      const routed = countingFetch((url, call) => (call === 1 ? url.replace(server.baseUrl, `http://127.0.0.1:${port}`) : url))
      const result = await client({ fetch: routed }).api.publishStory(textStory)
      expect(result).toMatchObject({ outcome: 'published', attempts: 2 })
      expect(routed.calls).toHaveLength(2)
      expect(server.requests).toHaveLength(1)
    })

    it('retries when the name did not resolve', async () => {
      server.handle(accept())
      const routed = countingFetch((url, call) => (call === 1 ? url.replace(server.baseUrl, 'http://statusdesk-test-host.invalid') : url))
      const result = await client({ fetch: routed }).api.publishStory(textStory)
      expect(result).toMatchObject({ outcome: 'published', attempts: 2 })
      expect(server.requests).toHaveLength(1)
    })

    it('gives up as offline when the server is never reachable', async () => {
      const port = await closedPort()
      const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).api.publishStory(textStory))
      expect(error).toMatchObject({
        code: 'offline',
        details: { networkCode: 'ECONNREFUSED', attempts: 4, published: false },
      })
    })

    it('reports an unknown outcome, and sends once, when the connection drops after the body was sent', async () => {
      server.handle(async (req, _res, t) => {
        await t.readBody()
        req.socket.destroy()
      })
      const counting = countingFetch()
      const result = await client({ fetch: counting }).api.publishStory(textStory)
      expect(result.outcome).toBe('unknown')
      if (result.outcome !== 'unknown') return
      expect(result.error.code).toBe('unknown-outcome')
      expect(result.error.details).toMatchObject({
        outcome: 'unknown',
        reason: 'connection-lost',
        attempts: 1,
      })
      expect(counting.calls).toHaveLength(1)
      expect(server.requests).toHaveLength(1)
    })

    it('reports an unknown outcome, and sends once, when the answer does not come in time', async () => {
      server.handle(async (_req, _res, t) => {
        await t.readBody()
      })
      const counting = countingFetch()
      const result = await client({
        fetch: counting,
        timeouts: { headersMs: 150 },
      }).api.publishStory({
        media: { kind: 'bytes', bytes: randomBytes(2 * 1024 * 1024), mimeType: 'image/jpeg' },
      })
      expect(result).toMatchObject({
        outcome: 'unknown',
        error: { code: 'unknown-outcome', details: { reason: 'timeout' } },
      })
      expect(counting.calls).toHaveLength(1)
      expect(server.requests).toHaveLength(1)
    })

    it.each([500, 502, 503, 504])('reports an unknown outcome on HTTP %i: the story may be out, and cannot be deleted', async (status) => {
      server.handle(async (_req, _res, t) => {
        await t.readBody()
        t.json(status, { error: { code: status, message: 'Upstream failed' } })
      })
      const result = await client().api.publishStory(textStory)
      expect(result).toMatchObject({
        outcome: 'unknown',
        error: {
          code: 'unknown-outcome',
          details: { status, reason: 'server-error', server: { message: 'Upstream failed' } },
        },
      })
      // The server's words stay in the details, shown beside the text.
      if (result.outcome === 'unknown') expect(result.error.text).toEqual({ key: 'apiErrors.unknown.serverError', params: { status } })
      expect(server.requests).toHaveLength(1)
    })

    it('counts a story as published when the reply says sent but its message is malformed', async () => {
      server.handle(async (_req, _res, t) => {
        await t.readBody()
        t.json(200, { sent: true, message: { id: 5 } })
      })
      const { api, logger } = client()
      const result = await api.publishStory(textStory)
      expect(result).toMatchObject({ outcome: 'published', response: { sent: true } })
      if (result.outcome === 'published') expect(result.response.message).toBeUndefined()
      expect(logger.lines.find((l) => l.message === 'story reply message set aside')?.data).toMatchObject({ path: 'message.id' })
    })

    it('reports an unknown outcome when a success reply cannot be read', async () => {
      server.handle(async (_req, res, t) => {
        await t.readBody()
        res.writeHead(201, { 'content-type': 'text/html' })
        res.end('<html>ok</html>')
      })
      const result = await client().api.publishStory(textStory)
      expect(result).toMatchObject({
        outcome: 'unknown',
        error: { details: { reason: 'unreadable-reply' } },
      })
    })

    it('fails as not published, without resending, when the upload stalls', async () => {
      // The server never reads: once the socket buffers are full the upload makes no progress.
      server.handle((req) => {
        req.pause()
      })
      const counting = countingFetch()
      const error = await failure(
        client({ fetch: counting, timeouts: { stallMs: 300 } }).api.publishStory({
          media: { kind: 'bytes', bytes: randomBytes(48 * 1024 * 1024), mimeType: 'video/mp4' },
        }),
      )
      expect(error).toMatchObject({
        code: 'timeout',
        details: { phase: 'upload', published: false, attempts: 1 },
        text: { key: 'apiErrors.network.uploadStalled', params: { seconds: 1 } },
      })
      expect(counting.calls).toHaveLength(1)
    })

    it('fails as not published when the connection drops half-way through the body', async () => {
      server.handle((req) => {
        let seen = 0
        req.on('data', (chunk: Buffer) => {
          seen += chunk.byteLength
          if (seen > 1024 * 1024) req.socket.destroy()
        })
      })
      const counting = countingFetch()
      const error = await failure(
        client({ fetch: counting }).api.publishStory({
          media: { kind: 'bytes', bytes: randomBytes(16 * 1024 * 1024), mimeType: 'video/mp4' },
        }),
      )
      // The server hung up mid-upload: said as such (not "offline"), and still not published.
      expect(error).toMatchObject({ code: 'connection-closed', details: { published: false, attempts: 1 } })
      expect(error.text).toEqual({ key: 'apiErrors.network.closedWhileSending' })
      expect(counting.calls).toHaveLength(1)
    })
  })

  describe('cancellation', () => {
    it('is cancelled (not published) when the user cancels during the upload', async () => {
      server.handle((req) => {
        req.pause()
      })
      const controller = new AbortController()
      let cancelled = false
      const error = await failure(
        client().api.publishStory(
          { media: { kind: 'bytes', bytes: randomBytes(48 * 1024 * 1024), mimeType: 'video/mp4' } },
          {
            signal: controller.signal,
            onProgress: (p) => {
              if (!cancelled && p.sentBytes > 1024 * 1024) {
                cancelled = true
                controller.abort()
              }
            },
          },
        ),
      )
      expect(error).toMatchObject({ code: 'cancelled', details: { published: false } })
    })

    it('is an unknown outcome when the user cancels after the story was sent', async () => {
      const controller = new AbortController()
      server.handle(async (_req, _res, t) => {
        await t.readBody()
        controller.abort()
      })
      const result = await client().api.publishStory(textStory, { signal: controller.signal })
      expect(result).toMatchObject({
        outcome: 'unknown',
        error: { code: 'unknown-outcome', details: { reason: 'cancelled' } },
      })
      expect(server.requests).toHaveLength(1)
    })
  })
})
