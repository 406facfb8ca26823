import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { type ClientRequest, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WEB_CLIENT_HEADER, WEB_SECRET_HEADER } from '@shared/web-transport'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CallContext } from '../../../../src-main/handlers/dispatch'
import { EventHub } from '../../../../src-main/platform/events'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { ClientPresence } from '../../../../src-main/web/client-presence'
import { type WebServer, startWebServer } from '../../../../src-main/web/server'
import { TEST_IDENTITY, testHandlers } from '../../../support/handlers'
import { rawRequest } from '../../../support/raw-http'

let dir: string
let server: WebServer
const gone: string[] = []
const AWAY_MS = 60_000

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-web-clients-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>')
  server = await startWebServer({
    // app:info answers with the context it was called with, so the test sees the client main took.
    handlers: testHandlers({ 'app:info': (_arg: unknown, ctx: CallContext) => ({ ...TEST_IDENTITY, ...ctx }) as never }),
    events: new EventHub(),
    rendererDir: dir,
    log: silentLogger,
    onClientGone: (client) => gone.push(client),
  })
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})
afterEach(() => {
  vi.useRealTimers()
  gone.length = 0
})

/** The client main takes a call to come from, for the client header given (or none). */
async function clientOf(header?: string): Promise<string> {
  const res = await rawRequest(`${server.origin}/api/invoke/app:info`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.origin,
      [WEB_SECRET_HEADER]: server.secret,
      ...(header !== undefined && { [WEB_CLIENT_HEADER]: header }),
    },
    body: '{}',
  })
  expect(res.status).toBe(200)
  return (JSON.parse(res.body) as { value: { client: string } }).value.client
}

/** Lets the server hear a stream closed (a few turns of its loop; the clock goes on with real time). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

/** Opens the event stream as a page does; resolves once it is connected. */
function openStream(header: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.origin}/api/events`,
      { headers: { [WEB_SECRET_HEADER]: server.secret, [WEB_CLIENT_HEADER]: header } },
      (res) => {
        res.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes(': connected')) resolve(req)
        })
        res.on('error', () => undefined)
      },
    )
    req.on('error', (error) => (error.message.includes('socket hang up') || error.message.includes('aborted') ? null : reject(error)))
    req.end()
  })
}

describe('web clients', () => {
  it('names the caller from the client header: each tab is its own client', async () => {
    expect(await clientOf('tab-0123456789')).toBe('web:tab-0123456789')
    expect(await clientOf('Another_Tab_42')).toBe('web:Another_Tab_42')
    expect(await clientOf('a'.repeat(64))).toBe(`web:${'a'.repeat(64)}`)
  })

  it('takes a request without the header, or with a malformed one, as the one nameless client', async () => {
    expect(await clientOf()).toBe('web')
    for (const malformed of [
      '',
      'short',
      'a'.repeat(65),
      'has spaces in it',
      '../../accounts.json',
      'window:12345678',
      'web:tab-0123456789',
      'tab-0123456789, tab-9876543210',
      'tab%2F0123456789',
    ])
      expect({ malformed, client: await clientOf(malformed) }).toEqual({ malformed, client: 'web' })
  })

  it('says a page is gone only after its last stream closed and it stayed away a minute', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const first = await openStream('tab-gone-after-grace')
    const second = await openStream('tab-gone-after-grace')
    const other = await openStream('tab-still-here')
    first.destroy()
    await settle()
    expect(vi.getTimerCount()).toBe(0)
    // One stream of the page is still open (a second view of the same tab): it is there.
    vi.advanceTimersByTime(2 * AWAY_MS)
    expect(gone).toEqual([])

    second.destroy()
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1))
    vi.advanceTimersByTime(AWAY_MS - 1_000)
    expect(gone).toEqual([])
    vi.advanceTimersByTime(1_000)
    expect(gone).toEqual(['web:tab-gone-after-grace'])
    other.destroy()
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1))
    vi.advanceTimersByTime(AWAY_MS)
    expect(gone).toEqual(['web:tab-gone-after-grace', 'web:tab-still-here'])
  })

  it('keeps a page that comes back within the minute (a reload)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const before = await openStream('tab-reloaded-01')
    before.destroy()
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1))
    vi.advanceTimersByTime(AWAY_MS / 2)
    const after = await openStream('tab-reloaded-01')
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(2 * AWAY_MS)
    expect(gone).toEqual([])
    after.destroy()
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1))
    vi.advanceTimersByTime(AWAY_MS)
    expect(gone).toEqual(['web:tab-reloaded-01'])
  })
})

describe('ClientPresence', () => {
  it('reports a client gone once, after its last stream closed and the grace passed', () => {
    vi.useFakeTimers()
    const left: string[] = []
    const presence = new ClientPresence((client) => left.push(client), 1_000)
    presence.opened('web:a')
    presence.opened('web:a')
    presence.opened('web:b')
    presence.closed('web:a')
    vi.advanceTimersByTime(5_000)
    expect(left).toEqual([])
    presence.closed('web:a')
    presence.closed('web:b')
    vi.advanceTimersByTime(999)
    expect(left).toEqual([])
    vi.advanceTimersByTime(1)
    expect(left).toEqual(['web:a', 'web:b'])
    vi.advanceTimersByTime(10_000)
    expect(left).toEqual(['web:a', 'web:b'])
  })

  it('forgets the leaving of a client that opened a stream again within the grace', () => {
    vi.useFakeTimers()
    const left: string[] = []
    const presence = new ClientPresence((client) => left.push(client), 1_000)
    presence.opened('web:a')
    presence.closed('web:a')
    vi.advanceTimersByTime(500)
    presence.opened('web:a')
    vi.advanceTimersByTime(5_000)
    expect(left).toEqual([])
    presence.closed('web:a')
    vi.advanceTimersByTime(1_000)
    expect(left).toEqual(['web:a'])
  })

  it('does not count more closes than opens: a stray close starts one grace, never a negative count', () => {
    vi.useFakeTimers()
    const left: string[] = []
    const presence = new ClientPresence((client) => left.push(client), 1_000)
    presence.closed('web:never-opened')
    presence.opened('web:never-opened')
    presence.closed('web:never-opened')
    vi.advanceTimersByTime(1_000)
    expect(left).toEqual(['web:never-opened'])
  })

  it('tells nothing more once stopped (the server closing)', () => {
    vi.useFakeTimers()
    const left: string[] = []
    const presence = new ClientPresence((client) => left.push(client), 1_000)
    presence.opened('web:a')
    presence.closed('web:a')
    presence.stop()
    vi.advanceTimersByTime(5_000)
    expect(left).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })
})
