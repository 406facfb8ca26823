import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WEB_SECRET_HEADER } from '@shared/web-transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventHub } from '../../../../src-main/platform/events'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { type WebServer, startWebServer } from '../../../../src-main/web/server'
import { TEST_IDENTITY, testHandlers } from '../../../support/handlers'
import { rawRequest } from '../../../support/raw-http'

let dir: string
let server: WebServer
const events = new EventHub()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-web-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>')
  const picture: Parameters<typeof startWebServer>[0]['routes'] = [
    async (_req, res, url) => {
      if (url.pathname !== '/pictures/1.png') return false
      res.end('png')
      return true
    },
  ]
  server = await startWebServer({ handlers: testHandlers(), events, rendererDir: dir, log: silentLogger, routes: picture })
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

const invoke = (headers: Record<string, string>, body = JSON.stringify({ arg: undefined })) =>
  rawRequest(`${server.origin}/api/invoke/app:info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })

const good = () => ({ origin: server.origin, [WEB_SECRET_HEADER]: server.secret })

describe('web transport server', () => {
  it('listens on loopback with a random port and puts the secret in the fragment only', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`${server.origin}/#secret=${server.secret}`)
    expect(server.secret.length).toBeGreaterThanOrEqual(40)
  })

  it('runs a channel for a request with our origin and the secret', async () => {
    const res = await invoke(good())
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toEqual({ ok: true, value: { ...TEST_IDENTITY, transport: 'web' } })
  })

  it('refuses a request without the secret or with a wrong one', async () => {
    expect((await invoke({ origin: server.origin })).status).toBe(401)
    expect((await invoke({ origin: server.origin, [WEB_SECRET_HEADER]: 'x' + server.secret.slice(1) })).status).toBe(401)
  })

  it('refuses a foreign Origin and a foreign Host even with the secret', async () => {
    expect((await invoke({ ...good(), origin: 'https://evil.example' })).status).toBe(403)
    expect((await invoke({ ...good(), host: `evil.example:${server.port}` })).status).toBe(403)
    expect((await rawRequest(`${server.origin}/`, { headers: { host: 'rebind.example' } })).status).toBe(403)
  })

  it('accepts no cookie in place of the header, whatever it holds', async () => {
    // Cookies ignore ports: one set for this server reaches every other server on 127.0.0.1.
    for (const cookie of [`statusdesk_session=${server.secret}`, `session=${server.secret}; secret=${server.secret}`]) {
      expect((await invoke({ origin: server.origin, cookie })).status).toBe(401)
      expect((await rawRequest(`${server.origin}/pictures/1.png`, { headers: { cookie } })).body).not.toBe('png')
      expect((await rawRequest(`${server.origin}/api/events`, { headers: { cookie } })).status).toBe(401)
    }
  })

  it('sets no cookie on any answer', async () => {
    const answers = [
      await rawRequest(`${server.origin}/`),
      await rawRequest(`${server.origin}/api/session`, { headers: good() }),
      await rawRequest(`${server.origin}/api/session`, { method: 'POST', headers: good() }),
      await invoke(good()),
      await rawRequest(`${server.origin}/pictures/1.png`, { headers: good() }),
    ]
    for (const answer of answers) expect(answer.headers['set-cookie']).toBeUndefined()
  })

  it('tells the page whether its secret is current', async () => {
    expect((await rawRequest(`${server.origin}/api/session`, { headers: good() })).status).toBe(204)
    expect((await rawRequest(`${server.origin}/api/session`, { headers: { origin: server.origin } })).status).toBe(401)
  })

  it('refuses the secret header on a request another loopback page makes', async () => {
    // A page on http://127.0.0.1:<other port> is same-site; only our own page may use the secret.
    const picture = await rawRequest(`${server.origin}/pictures/1.png`, { headers: { ...good(), 'sec-fetch-site': 'same-site' } })
    expect(picture.body).not.toBe('png')
    expect((await invoke({ ...good(), 'sec-fetch-site': 'same-site' })).status).toBe(401)
    expect((await invoke({ ...good(), 'sec-fetch-site': 'same-origin' })).status).toBe(200)
  })

  it('answers a malformed channel name with a clear 400, not an internal error', async () => {
    const res = await rawRequest(`${server.origin}/api/invoke/app%E0%A4%A`, { method: 'POST', headers: good(), body: '{}' })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
  })

  it('refuses an API call that sends no Origin at all', async () => {
    const res = await invoke({ [WEB_SECRET_HEADER]: server.secret })
    expect(res.status).toBe(403)
  })

  it('answers bad arguments, unknown channels and bad bodies with clear errors', async () => {
    const bad = JSON.parse((await invoke(good(), JSON.stringify({ arg: 5 }))).body)
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    const unknown = await rawRequest(`${server.origin}/api/invoke/fs:read`, { method: 'POST', headers: good(), body: '{}' })
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
    const junk = await invoke(good(), '{not json')
    expect(junk.status).toBe(400)
    const huge = await invoke(good(), JSON.stringify({ arg: 'x'.repeat(3 * 1024 * 1024) }))
    expect(JSON.parse(huge.body)).toMatchObject({ ok: false, error: { code: 'too-large' } })
  })

  it('serves the renderer with the CSP and hides secret-only routes from strangers', async () => {
    const page = await rawRequest(`${server.origin}/`)
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    const stranger = await rawRequest(`${server.origin}/pictures/1.png`)
    expect(stranger.body).not.toBe('png')
    const owner = await rawRequest(`${server.origin}/pictures/1.png`, { headers: { [WEB_SECRET_HEADER]: server.secret } })
    expect(owner.body).toBe('png')
  })

  it('pushes events over Server-Sent Events to a client with the secret', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(`${server.origin}/api/events`, { headers: { [WEB_SECRET_HEADER]: server.secret } }, (res) => {
        expect(res.headers['content-type']).toBe('text/event-stream')
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString()
          if (text.includes(': connected')) events.emit('app:notice', { level: 'info', text: { key: 'errors.codes.offline' } })
          if (text.includes('event: app:notice')) {
            req.destroy()
            resolve(text)
          }
        })
      })
      req.on('error', (e) => (e.message.includes('aborted') || e.message.includes('socket hang up') ? null : reject(e)))
      req.end()
    })
    expect(received).toContain('event: app:notice\ndata: {"level":"info","text":{"key":"errors.codes.offline"}')
  })
})
