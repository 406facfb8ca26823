import { type Socket, createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AccountWorkspace } from '../../../../../src-main/account/workspace/account-workspace'
import { Workspaces } from '../../../../../src-main/account/workspace/workspaces'
import type { Connectivity } from '../../../../../src-main/platform/net/connectivity'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { ConnectivityProbe } from '../../../../../src-main/features/connectivity/connectivity-probe'
import { type HttpFixture, startHttpFixture } from '../../../../support/http-fixture'

let emulator: Emulator | null = null
let fixture: HttpFixture | null = null
afterEach(async () => {
  await emulator?.stop().catch(() => undefined)
  await fixture?.close()
  emulator = null
  fixture = null
})

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Open workspaces of the listed accounts (nothing is written: their folders are never made). */
function workspacesOf(ids: readonly string[]): Workspaces {
  const workspaces = new Workspaces(
    (id) =>
      new AccountWorkspace({
        id,
        dir: join(tmpdir(), 'statusdesk-probe-never-made', id),
        log: silentLogger,
        label: () => id,
        openSession: async () => null,
      }),
    silentLogger,
  )
  for (const id of ids) workspaces.open(id)
  return workspaces
}

/** A probe of the account `acc` on `baseUrl` (not listed when null), and that account's own connectivity. */
function probeOf(baseUrl: string | null, timeoutMs = 2_000) {
  const workspaces = workspacesOf(baseUrl === null ? [] : ['acc'])
  const probe = new ConnectivityProbe({
    workspaces,
    fetch,
    baseUrl: (id) => (id === 'acc' ? (baseUrl ?? undefined) : undefined),
    timeoutMs,
  })
  const connectivity = workspaces.get('acc')?.connectivity as Connectivity
  return { connectivity, probe: { probe: () => probe.probe('acc') } }
}

describe('ConnectivityProbe', () => {
  it('finds a stopped server offline before any sync fails, and online again once it is back', async () => {
    emulator = await startEmulator({ groups: 3, seed: 1 })
    const { connectivity, probe } = probeOf(emulator.baseUrl)
    const changes: boolean[] = []
    connectivity.onChange((online) => changes.push(online))

    expect(await probe.probe()).toEqual({ online: true, probed: true })
    // Not an API call: nothing of the account's is asked for, and no fault set on the API is spent.
    const requests = emulator.control.requests.list()
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ method: 'HEAD', path: '/', status: 404 })

    const port = new URL(emulator.baseUrl).port
    await emulator.stop()
    expect(await probe.probe()).toEqual({ online: false, probed: true })
    expect(connectivity.online).toBe(false)

    emulator = await startEmulator({ groups: 3, seed: 1, port: Number(port) })
    expect(await probe.probe()).toEqual({ online: true, probed: true })
    expect(changes).toEqual([false, true])
  })

  it('never sends the token: the question is only whether the server answers', async () => {
    fixture = await startHttpFixture((_req, _res, tools) => tools.json(401, { error: { code: 401, message: 'no token' } }))
    const { probe } = probeOf(`${fixture.baseUrl}/v1/`)
    expect(await probe.probe()).toEqual({ online: true, probed: true })
    expect(fixture.requests).toHaveLength(1)
    expect(fixture.requests[0]!.method).toBe('HEAD')
    expect(fixture.requests[0]!.url).toBe('/v1/')
    expect(fixture.requests[0]!.headers['authorization']).toBeUndefined()
  })

  it('calls a closed port offline', async () => {
    const { probe, connectivity } = probeOf(`http://127.0.0.1:${await closedPort()}`)
    expect(await probe.probe()).toEqual({ online: false, probed: true })
    expect(connectivity.online).toBe(false)
  })

  it('gives a server that never answers a bounded time, then calls it offline', async () => {
    fixture = await startHttpFixture(() => new Promise(() => undefined))
    const { probe } = probeOf(fixture.baseUrl, 300)
    const started = Date.now()
    expect(await probe.probe()).toEqual({ online: false, probed: true })
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('spends no fault meant for the API', async () => {
    emulator = await startEmulator({ groups: 3, seed: 1 })
    emulator.control.faults.add({ type: 'status', route: 'groups', status: 503, times: 1 })
    const { probe } = probeOf(emulator.baseUrl)
    expect(await probe.probe()).toEqual({ online: true, probed: true })
    const page = await fetch(`${emulator.baseUrl}/groups?count=1`, { headers: { authorization: `Bearer ${emulator.token}` } })
    expect(page.status).toBe(503)
  })

  it('does not follow a redirect', async () => {
    let redirected = 0
    fixture = await startHttpFixture((req, res) => {
      if (req.url?.startsWith('/elsewhere')) redirected++
      res.writeHead(302, { location: 'http://10.0.0.1/elsewhere/' })
      res.end()
    })
    expect(await probeOf(`${fixture.baseUrl}/loop`).probe.probe()).toEqual({ online: true, probed: true })
    expect(redirected).toBe(0)
    expect(fixture.requests).toHaveLength(1)
  })

  it('answers at once from a server that sends an endless body after its headers', async () => {
    // Raw TCP, since an HTTP server library would drop a body sent to HEAD.
    const sockets = new Set<Socket>()
    const hostile = createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => undefined)
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n')
        const junk = Buffer.alloc(64 * 1024, 0x20)
        const timer = setInterval(() => {
          if (socket.destroyed) clearInterval(timer)
          else socket.write(junk)
        }, 5)
        socket.once('close', () => clearInterval(timer))
      })
    })
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = hostile.address() as { port: number }
      const started = Date.now()
      expect(await probeOf(`http://127.0.0.1:${port}`).probe.probe()).toEqual({ online: true, probed: true })
      expect(Date.now() - started).toBeLessThan(1_500)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => hostile.close(() => resolve()))
    }
  })

  it('shares one request between probes asked for at once, and asks nothing without an account', async () => {
    fixture = await startHttpFixture(async (_req, _res, tools) => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      tools.json(200, { groups: [], count: 0, total: 0, offset: 0 })
    })
    const { probe } = probeOf(fixture.baseUrl)
    const answers = await Promise.all([probe.probe(), probe.probe(), probe.probe()])
    expect(answers.every((a) => a.online && a.probed)).toBe(true)
    expect(fixture.requests).toHaveLength(1)

    const none = probeOf(null)
    expect(await none.probe.probe()).toEqual({ online: true, probed: false })
  })

  it('asks each account’s own server and tells only that account: one down leaves the other online', async () => {
    emulator = await startEmulator({ groups: 3, seed: 1 })
    const down = `http://127.0.0.1:${await closedPort()}`
    const workspaces = workspacesOf(['up', 'down', 'unlisted'])
    const servers: Record<string, string> = { up: emulator.baseUrl, down }
    const probe = new ConnectivityProbe({ workspaces, fetch, baseUrl: (id) => servers[id], timeoutMs: 2_000 })
    const [up, gone] = await Promise.all([probe.probe('up'), probe.probe('down')])
    expect(up).toEqual({ online: true, probed: true })
    expect(gone).toEqual({ online: false, probed: true })
    expect(workspaces.get('up')!.connectivity.online).toBe(true)
    expect(workspaces.get('down')!.connectivity.online).toBe(false)
    // Probes of two accounts at once are two questions, one to each server.
    expect(emulator.control.requests.list()).toHaveLength(1)
    // An open account whose server is not known is not asked: its last known state is said.
    workspaces.get('unlisted')!.connectivity.reportFailure('offline')
    expect(await probe.probe('unlisted')).toEqual({ online: false, probed: false })
    expect(await probe.probe('never-opened')).toEqual({ online: true, probed: false })
    await workspaces.closeAll()
  })
})
