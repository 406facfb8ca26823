import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { type Server, type Socket, connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openWithRetry } from '../../../../src-main/agent/agent-database'
import { findPostgresBin, POSTGRES_MISSING, startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster'
import { type AgentRun, spawnAgent } from '../../../support/agent-process'
import { rawRequest } from '../../../support/raw-http'

let root = ''
const runs: AgentRun[] = []
let cluster: PostgresCluster | null = null
const postgres = findPostgresBin() !== null

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-db-'))
})
afterAll(async () => {
  for (const run of runs) await run.stop()
  await cluster?.stop()
  await rm(root, { recursive: true, force: true })
}, 60_000)

/** A loopback port nothing listens on (yet). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Forwards `port` to `target`: a database that comes up where the agent was told to look. */
async function forward(port: number, target: number): Promise<Server> {
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return server
}

describe('a database the agent cannot reach at start', () => {
  it('is waited for with a growing wait, the last one repeating', async () => {
    const waits: number[] = []
    const error = await openWithRetry(
      { folder: join(root, 'unused'), url: `postgres://statusdesk@127.0.0.1:${await closedPort()}/statusdesk` },
      {
        delays: [10, 20, 40],
        sleep: async (ms) => void waits.push(ms),
        onFailure: () => {},
        stopped: () => waits.length >= 5,
      },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(waits).toEqual([10, 20, 40, 40, 40])
  })

  it('is said in one sentence each time and tried again; the agent does not say it is ready meanwhile', async () => {
    const port = await closedPort()
    const run = spawnAgent(join(root, 'unreachable'), {
      STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64'),
      DATABASE_URL: `postgres://statusdesk:hunter2secret@127.0.0.1:${port}/statusdesk`,
    })
    runs.push(run)
    await run.waitFor((line) => line['event'] === 'database-unreachable' && line['attempt'] === 2, 30_000)
    const said = run.lines().filter((line) => line['event'] === 'database-unreachable')
    expect(said.map((line) => line['retryInMs'])).toEqual([1_000, 2_000])
    expect(said[0]).toMatchObject({ key: 'desktop.agent.database.unreachable', database: `postgres://127.0.0.1:${port}/statusdesk` })
    expect(String(said[0]!['message'])).toContain(`127.0.0.1:${port}`)
    expect(run.lines().some((line) => line['event'] === 'ready')).toBe(false)
    expect(run.output()).not.toContain('hunter2secret')
    await run.stop()
  }, 60_000)

  it.skipIf(!postgres)(
    `is reached once it comes up, and the agent is then ready and polling${postgres ? '' : `: ${POSTGRES_MISSING}`}`,
    async () => {
      cluster = await startPostgresCluster()
      if (!cluster) throw new Error('the PostgreSQL cluster did not start')
      const port = await closedPort()
      const run = spawnAgent(join(root, 'comes-up'), {
        STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64'),
        DATABASE_URL: `postgres://${cluster.user}@127.0.0.1:${port}/postgres`,
      })
      runs.push(run)
      await run.waitFor((line) => line['event'] === 'database-unreachable', 30_000)
      const proxy = await forward(port, cluster.port)
      try {
        const ready = await run.waitFor((line) => line['event'] === 'ready', 90_000)
        const end = Date.now() + 30_000
        let status = 0
        while (status !== 200 && Date.now() < end) {
          status = (await rawRequest(`${String(ready['url'])}/health`)).status
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250))
        }
        expect(status).toBe(200)
        await run.stop()
      } finally {
        proxy.close()
      }
    },
    150_000,
  )
})
