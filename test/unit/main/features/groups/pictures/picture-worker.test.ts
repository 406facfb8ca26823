import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PICTURES_DIR, PictureStore, type PictureNet } from '../../../../../../src-main/features/groups/pictures'
import { ServerNamedFetch, type GetLike, type ResolveHost } from '../../../../../../src-main/platform/net'
import { startHttpFixture, type HttpFixture } from '../../../../../support/http-fixture'
import { tempDir } from '../sync/support'

// The smallest PNG: 1×1, one transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

let host: HttpFixture
let port: string
/** Connections the host was asked on in this test and has open now. */
const open = new Set<Socket>()
const watched = new WeakSet<Socket>()
let answer: (req: IncomingMessage, res: ServerResponse) => void
let dir: { path: string; remove(): Promise<void> }
let asked: string[]
let named: ServerNamedFetch[]

/** A resolver under the test's control: names that exist only here, and who asked for which. */
const names: Record<string, string[]> = {
  'server.test': ['127.0.0.1'],
  'pics.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  'gate.example.com': ['93.184.215.14'],
}
const resolve: ResolveHost = async (host) => {
  asked.push(host)
  const found = names[host]
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return found
}

beforeAll(async () => {
  host = await startHttpFixture((req, res) => {
    open.add(req.socket)
    if (!watched.has(req.socket)) req.socket.once('close', () => open.delete(req.socket))
    watched.add(req.socket)
    answer(req, res)
  })
  port = new URL(host.baseUrl).port
})
afterAll(async () => {
  for (const socket of open) socket.destroy()
  await host.close()
})
beforeEach(async () => {
  dir = await tempDir('statusdesk-picture-worker-')
  host.requests.length = 0
  open.clear()
  asked = []
  named = []
  answer = (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
})
afterEach(async () => {
  await Promise.all(named.map((n) => n.close()))
  await dir.remove()
})

/** The account's pictures as the app reaches them: ServerNamedFetch over the test's resolver, main's GET counted. */
function account(baseUrl: string, viaProxy?: (url: string) => Promise<boolean>): { net: PictureNet; mainGets: string[] } {
  const servers = new ServerNamedFetch({ resolve, fetch, ...(viaProxy && { viaProxy }) })
  named.push(servers)
  const { get, dial } = servers.for(baseUrl)
  const mainGets: string[] = []
  const counted: GetLike = (url, init) => {
    mainGets.push(url)
    return get(url, init)
  }
  return { net: { get: counted, dial }, mainGets }
}

const store = (net: PictureNet) => PictureStore.open({ accountDir: dir.path, accountId: 'acc', net, timeoutMs: 20_000 })
const groups = (n: number, url: (i: number) => string) => Array.from({ length: n }, (_, i) => ({ id: `g${i}@g.us`, chat_pic: url(i) }))
/** The thumbnails the manifest names (each a record of a pack). */
const storedFiles = async () => {
  const text = await readFile(join(dir.path, PICTURES_DIR, 'manifest.jsonl'), 'utf8').catch(() => '')
  const named = text.split('\n').flatMap((line) => {
    const change = (line.startsWith('["t"') ? JSON.parse(line) : []) as unknown[]
    return change.length === 5 ? [[change[1], change[4]] as const] : []
  })
  return [...new Map(named).values()]
}

describe('pictures on the picture worker', () => {
  it('are fetched off main: main’s own GET is never used for a direct origin, and each name is resolved once by main', async () => {
    const { net, mainGets } = account('http://server.test:1')
    const pictures = await store(net)
    const result = await pictures.syncThumbs(groups(40, (i) => `http://pics.test:${port}/${i}.png`))
    expect(result).toMatchObject({ downloaded: 40, failed: 0 })
    expect(mainGets).toEqual([])
    // The worker dials the addresses main's resolver gave: names that exist only in this test work.
    expect(asked.filter((h) => h === 'pics.test')).toEqual(['pics.test'])
    expect(await storedFiles()).toHaveLength(40)
    expect(pictures.thumbUrl({ id: 'g0@g.us', chat_pic: 'x' })).toMatch(/^\/pictures\/acc\/p0-[0-9a-f]+-[0-9a-f]+-[a-f0-9]{16}\.png$/)
  })

  it('refuse a host on this computer when the account’s server is public, literal or by name, before any request', async () => {
    const { net } = account('https://gate.example.com')
    const pictures = await store(net)
    const result = await pictures.syncThumbs([
      ...groups(3, (i) => `http://pics.test:${port}/${i}.png`),
      { id: 'literal@g.us', chat_pic: `http://127.0.0.1:${port}/p.png` },
      { id: 'v6@g.us', chat_pic: `http://[::ffff:127.0.0.1]:${port}/p.png` },
    ])
    expect(result).toMatchObject({ downloaded: 0, failed: 5, stoppedOffline: false })
    expect(host.requests).toEqual([])
  })

  it('follow a redirect to a host main did not plan through main, with main’s checks', async () => {
    answer = (req, res) => {
      if (req.url === '/hop') return void res.writeHead(302, { location: `http://other.test:${port}/p.png` }).end()
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    }
    const { net, mainGets } = account('http://server.test:1')
    const result = await (await store(net)).syncThumbs([{ id: 'a@g.us', chat_pic: `http://pics.test:${port}/hop` }])
    expect(result).toMatchObject({ downloaded: 1, failed: 0 })
    expect(mainGets).toEqual([`http://pics.test:${port}/hop`])
    expect(host.requests.map((r) => r.url)).toEqual(['/hop', '/hop', '/p.png'])
  })

  it('leave a proxied origin to main, whose bytes the worker still checks before storing them', async () => {
    // Through a proxy the proxy resolves names: the system's fetch is given an address here.
    answer = (req, res) => {
      if (req.url === '/page.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>')
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    }
    const proxied: string[] = []
    const { net, mainGets } = account('http://server.test:1', async (url) => {
      proxied.push(url)
      return true
    })
    const result = await (
      await store(net)
    ).syncThumbs([
      ...groups(5, (i) => `http://127.0.0.1:${port}/${i}.png`),
      { id: 'page@g.us', chat_pic: `http://127.0.0.1:${port}/page.png` },
    ])
    expect(result).toMatchObject({ downloaded: 5, failed: 1 })
    expect(mainGets).toHaveLength(6)
    // A plain-http origin is not decided for the worker (a PAC script sees each path there):
    // main's own GET asks about each URL it fetches, as ever, and about nothing else.
    expect(proxied.sort()).toEqual([...mainGets].sort())
    expect(await storedFiles()).toHaveLength(5)
  })

  it('stop early on a name main cannot resolve, as on a host that cannot be reached', async () => {
    const { net } = account('http://server.test:1')
    const result = await (
      await store(net)
    ).syncThumbs(
      groups(40, (i) => `http://nowhere.test:${port}/${i}.png`),
      { concurrency: 2 },
    )
    expect(result.stoppedOffline).toBe(true)
    expect(result.failed).toBeLessThan(40)
    expect(asked.filter((h) => h === 'nowhere.test')).toEqual(['nowhere.test'])
  })

  it('let go of a connection at once when a host declares more than the cap and then sends nothing', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(500 * 1024 * 1024) })
      res.flushHeaders()
    }
    const { net } = account('http://server.test:1')
    const result = await (await store(net)).syncThumbs(groups(30, (i) => `http://pics.test:${port}/${i}.jpg`))
    expect(result).toMatchObject({ downloaded: 0, failed: 30 })
    const answered = Date.now()
    while (open.size > 0 && Date.now() - answered < 2_000) await new Promise((r) => setTimeout(r, 20))
    expect(open.size).toBe(0)
  }, 30_000)

  it('abort what is on its way when the run is cancelled, and start nothing more', async () => {
    answer = (_req, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 10_000).unref()
    const { net } = account('http://server.test:1')
    const pictures = await store(net)
    const stop = new AbortController()
    const run = pictures.syncThumbs(
      groups(200, (i) => `http://pics.test:${port}/${i}.png`),
      { signal: stop.signal, concurrency: 3 },
    )
    while (host.requests.length < 3) await new Promise((r) => setTimeout(r, 10))
    const cancelled = Date.now()
    stop.abort()
    const result = await run
    expect(Date.now() - cancelled).toBeLessThan(3_000)
    expect(result).toMatchObject({ downloaded: 0, failed: 0 })
    expect(host.requests).toHaveLength(3)
    while (open.size > 0 && Date.now() - cancelled < 3_000) await new Promise((r) => setTimeout(r, 20))
    expect(open.size).toBe(0)
  }, 30_000)
})
