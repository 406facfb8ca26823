import { CLIENT_ID_PATTERN, WEB_CLIENT_HEADER, WEB_SECRET_HEADER } from '@shared/web-transport'
import { describe, expect, it } from 'vitest'
import { createWebTransport, reloadOnNewSecret } from '../../../../src-renderer/src/bridge/web-transport'

interface Sent {
  url: string
  headers: Headers
  credentials: RequestCredentials | undefined
}

const SECRET = 'per-launch-secret-0123456789abcdefghijklmnop'
const encoder = new TextEncoder()

/** A stream the test writes server-sent events into, chunk by chunk. */
function eventBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
  })
  return {
    body,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
  }
}

/** Stands in for web mode's server: answers like it does, and records every request. */
function fakeServer(options: { secret?: string; events?: () => Response } = {}) {
  const sent: Sent[] = []
  const secret = options.secret ?? SECRET
  const fetchFn: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers)
    const url = String(input)
    sent.push({ url, headers, credentials: init.credentials })
    if (headers.get(WEB_SECRET_HEADER) !== secret) {
      return new Response(
        JSON.stringify({
          ok: false,
          error: { code: 'forbidden', text: { key: 'errors.bridge.wrongSecret' } },
        }),
        {
          status: 401,
        },
      )
    }
    if (url.endsWith('/api/events')) return options.events?.() ?? new Response(eventBody().body, { status: 200 })
    if (url.endsWith('/api/session')) return new Response(null, { status: 204 })
    if (url.includes('/api/invoke/')) return new Response(JSON.stringify({ ok: true, value: { echo: JSON.parse(String(init.body)) } }))
    return new Response('png')
  }
  return { sent, fetch: fetchFn }
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms))

describe('web transport (the page side of web mode)', () => {
  it('sends the secret as a header on calls, file requests, the session check and the event stream, and no cookies', async () => {
    const events = eventBody()
    const server = fakeServer({ events: () => new Response(events.body) })
    const transport = createWebTransport(SECRET, { fetch: server.fetch })
    expect(await transport.invoke('app:info', { a: 1 })).toEqual({
      ok: true,
      value: { echo: { arg: { a: 1 } } },
    })
    expect(await (await transport.fetchOwn!('/pictures/1.png')).text()).toBe('png')
    const upload = await transport.fetchOwn!('/media-upload?name=a.jpg', {
      method: 'POST',
      body: 'bytes',
      headers: { 'Content-Type': 'application/octet-stream' },
    })
    expect(upload.ok).toBe(true)
    expect(await transport.checkSession!()).toBe(true)

    const received: unknown[] = []
    transport.on('app:notice', (payload) => received.push(payload))
    await tick()
    events.send(': connected\n\nevent: app:notice\ndata: {"level":"info",')
    events.send('"text":{"key":"notices.updates.ready","params":{"version":"2.1.0"}}}\n\nevent: other\ndata: 1\n\n')
    await expect.poll(() => received).toEqual([{ level: 'info', text: { key: 'notices.updates.ready', params: { version: '2.1.0' } } }])

    expect(server.sent.map((request) => new URL(request.url, 'http://x').pathname)).toEqual([
      '/api/invoke/app%3Ainfo',
      '/pictures/1.png',
      '/media-upload',
      '/api/session',
      '/api/events',
    ])
    const client = server.sent[0]!.headers.get(WEB_CLIENT_HEADER)
    expect(client).toMatch(CLIENT_ID_PATTERN)
    for (const request of server.sent) {
      expect(request.headers.get(WEB_SECRET_HEADER)).toBe(SECRET)
      expect(request.headers.get(WEB_CLIENT_HEADER)).toBe(client)
      expect(request.credentials).toBe('omit')
    }
    expect(server.sent[2]!.headers.get('content-type')).toBe('application/octet-stream')
  })

  it('names the client it was given on every request, a caller’s own header notwithstanding', async () => {
    const events = eventBody()
    const server = fakeServer({ events: () => new Response(events.body) })
    const transport = createWebTransport(SECRET, { fetch: server.fetch, clientId: 'tab-one_0123456789' })
    await transport.invoke('app:info', undefined)
    await transport.fetchOwn!('/pictures/1.png', { headers: { [WEB_CLIENT_HEADER]: 'someone-else-entirely' } })
    transport.on('app:notice', () => undefined)
    await expect.poll(() => server.sent.length).toBe(3)
    expect(server.sent.map((request) => request.headers.get(WEB_CLIENT_HEADER))).toEqual([
      'tab-one_0123456789',
      'tab-one_0123456789',
      'tab-one_0123456789',
    ])
  })

  it('opens one event stream for every listener and stops delivering to one that left', async () => {
    const events = eventBody()
    const server = fakeServer({ events: () => new Response(events.body) })
    const transport = createWebTransport(SECRET, { fetch: server.fetch })
    const a: unknown[] = []
    const b: unknown[] = []
    const stopA = transport.on('app:notice', (payload) => a.push(payload))
    transport.on('app:notice', (payload) => b.push(payload))
    await tick()
    events.send('event: app:notice\ndata: 1\n\n')
    await expect.poll(() => b).toEqual([1])
    stopA()
    events.send('event: app:notice\ndata: 2\n\n')
    await expect.poll(() => b).toEqual([1, 2])
    expect(a).toEqual([1])
    expect(server.sent.filter((request) => request.url.endsWith('/api/events'))).toHaveLength(1)
  })

  it('reports a refused secret once, and then opens no event stream', async () => {
    let rejected = 0
    const server = fakeServer({ secret: 'the-current-secret' })
    const transport = createWebTransport(SECRET, {
      fetch: server.fetch,
      onRejected: () => (rejected += 1),
      backoff: () => 0,
    })
    expect(await transport.checkSession!()).toBe(false)
    expect(await transport.invoke('app:info', undefined)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    })
    transport.on('app:notice', () => undefined)
    await tick(50)
    expect(rejected).toBe(1)
    expect(server.sent.filter((request) => request.url.endsWith('/api/events'))).toHaveLength(0)
  })

  it('says a page without a secret has no session, without asking the server', async () => {
    const server = fakeServer()
    const transport = createWebTransport(null, { fetch: server.fetch })
    expect(await transport.checkSession!()).toBe(false)
    expect(server.sent).toHaveLength(0)
  })

  it('stops the event stream when the server refuses it', async () => {
    let rejected = 0
    const server = fakeServer({ secret: 'restarted' })
    const transport = createWebTransport(SECRET, {
      fetch: server.fetch,
      onRejected: () => (rejected += 1),
      backoff: () => 0,
    })
    transport.on('app:notice', () => undefined)
    await expect.poll(() => rejected).toBe(1)
    await tick(50)
    expect(server.sent).toHaveLength(1)
  })

  it('answers a call that cannot reach the server with "lost contact", not an exception', async () => {
    const transport = createWebTransport(SECRET, {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    expect(await transport.invoke('app:info', undefined)).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    })
  })
})

describe('the event stream against a hostile or absent server', () => {
  it('gives up after a bounded number of failed connections', async () => {
    let attempts = 0
    const transport = createWebTransport(SECRET, {
      fetch: () => {
        attempts += 1
        return Promise.reject(new TypeError('Failed to fetch'))
      },
      backoff: () => 0,
    })
    transport.on('app:notice', () => undefined)
    await tick(300)
    const settled = attempts
    await tick(200)
    expect(attempts).toBe(settled)
    expect(attempts).toBeGreaterThan(1)
    expect(attempts).toBeLessThanOrEqual(50)
  })

  it('stops reconnecting to a server that answers and hangs up at once, events or not', async () => {
    let connections = 0
    const server = fakeServer({
      events: () => {
        connections += 1
        return new Response('event: app:notice\ndata: {}\n\n')
      },
    })
    const transport = createWebTransport(SECRET, { fetch: server.fetch, backoff: () => 0 })
    transport.on('app:notice', () => undefined)
    await tick(500)
    const settled = connections
    await tick(200)
    expect(connections).toBe(settled)
    expect(connections).toBeGreaterThan(1)
    expect(connections).toBeLessThanOrEqual(50)
  })

  it('drops a connection whose event never ends instead of buffering it, then reconnects', async () => {
    let connections = 0
    const endless = eventBody()
    const server = fakeServer({
      events: () => {
        connections += 1
        if (connections > 1) return new Response('event: app:notice\ndata: "after"\n\n')
        return new Response(endless.body)
      },
    })
    const transport = createWebTransport(SECRET, { fetch: server.fetch, backoff: () => 0 })
    const payloads: unknown[] = []
    transport.on('app:notice', (payload) => payloads.push(payload))
    await tick()
    endless.send('event: app:notice\ndata: ')
    const chunk = 'x'.repeat(64 * 1024)
    let sent = 0
    // The client must let go of the stream (cancel it) long before 64 MB have arrived.
    let cancelled = false
    while (!cancelled && sent < 64 * 1024 * 1024) {
      try {
        endless.send(chunk)
        sent += chunk.length
      } catch {
        cancelled = true
      }
      await tick(0)
    }
    expect(cancelled).toBe(true)
    await expect.poll(() => payloads[0]).toBe('after')
    expect(sent).toBeLessThan(4 * 1024 * 1024)
  })
})

describe('a new secret in the address of an open tab', () => {
  function fakeWindow(hash: string) {
    const listeners: Array<() => void> = []
    let reloads = 0
    const win = {
      location: { hash, reload: () => (reloads += 1) },
      addEventListener: (name: string, listener: () => void) => name === 'hashchange' && listeners.push(listener),
    }
    return {
      win: win as unknown as Window,
      change: (next: string) => ((win.location.hash = next), listeners.forEach((l) => l())),
      reloads: () => reloads,
    }
  }

  it('reloads the page, so it starts afresh with the secret of the restarted server', () => {
    const page = fakeWindow('')
    reloadOnNewSecret(page.win)
    page.change('#section')
    expect(page.reloads()).toBe(0)
    page.change('#secret=new-secret')
    expect(page.reloads()).toBe(1)
  })
})
