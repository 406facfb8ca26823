import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../../../src-main/platform/db/database'
import { openDatabase } from '../../../../../src-main/platform/db/open-database'
import { findPostgresBin, POSTGRES_MISSING, startPostgresCluster, type PostgresCluster } from '../../../../support/postgres-cluster'

let root = ''
const open: Database[] = []
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-db-'))
})
afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => undefined)
})
afterAll(() => rm(root, { recursive: true, force: true }))

async function opened(db: Promise<Database>): Promise<Database> {
  const database = await db
  open.push(database)
  return database
}

/** What the store relies on, the same on either kind of database. */
async function checkSql(db: Database): Promise<void> {
  // developer-only: SQL run by a test.
  await db.query('CREATE TABLE notes (id int PRIMARY KEY, body text, bytes bytea, at timestamptz)')
  await db.query('INSERT INTO notes VALUES ($1, $2, $3, $4::timestamptz)', [1, 'one', Buffer.from([0, 1, 255]), '2026-01-02T03:04:05.678Z'])
  const [row] = await db.query<{ body: string; bytes: Uint8Array; at: Date }>('SELECT body, bytes, at FROM notes WHERE id = $1', [1])
  expect(row?.body).toBe('one')
  expect([...row!.bytes]).toEqual([0, 1, 255])
  expect(row?.at.toISOString()).toBe('2026-01-02T03:04:05.678Z')
  await db.transaction(async (tx) => void (await tx.query("INSERT INTO notes (id, body) VALUES (2, 'two')")))
  await expect(
    db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes (id, body) VALUES (3, 'three')")
      throw new Error('changed its mind')
    }),
  ).rejects.toThrow('changed its mind')
  // A failed statement rolls its transaction back, and the database goes on.
  await expect(db.transaction((tx) => tx.query("INSERT INTO notes (id, body) VALUES (2, 'again')"))).rejects.toThrow()
  expect((await db.query<{ id: number }>('SELECT id FROM notes ORDER BY id')).map((r) => r.id)).toEqual([1, 2])
}

// PGlite's first start in a process compiles PostgreSQL's WebAssembly: seconds, more on a loaded machine.
describe('a PGlite database in a folder (no DATABASE_URL)', { timeout: 60_000 }, () => {
  it('runs statements with parameters and transactions that commit or roll back whole', async () => {
    const db = await opened(openDatabase({ folder: join(root, 'sql') }))
    expect(db.kind).toBe('pglite')
    await checkSql(db)
  })

  it('sizes PostgreSQL for the one session PGlite serves and the small outbox it holds', async () => {
    const db = await opened(openDatabase({ folder: join(root, 'sized') }))
    // developer-only: SQL run by a test.
    expect(await db.query('SHOW max_connections')).toEqual([{ max_connections: '10' }])
    expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '6MB' }])
  })

  it('keeps what was written across a close, and keeps the folder to one opener at a time', async () => {
    const folder = join(root, 'kept')
    const first = await opened(openDatabase({ folder, url: '' }))
    await first.query('CREATE TABLE kept (n int)')
    await first.query('INSERT INTO kept VALUES (42)')
    await expect(openDatabase({ folder })).rejects.toMatchObject({ code: 'conflict', text: { key: 'errors.dataFolder.inUse' } })
    await first.close()
    const again = await opened(openDatabase({ folder }))
    expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 42 }])
  })

  it('takes over a lock left by a process that no longer runs', async () => {
    const folder = join(root, 'stale')
    // A pid far past any the system hands out, on this host, its heartbeat fresh.
    const at = new Date().toISOString()
    await writeFile(`${folder}.lock`, JSON.stringify({ pid: 2147483646, host: hostname(), owner: 'gone', startedAt: at, heartbeatAt: at }))
    const db = await opened(openDatabase({ folder }))
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
  })
})

describe('a PostgreSQL server named by DATABASE_URL', () => {
  it('is refused at once when nothing answers there', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 1))
      })
    })
    await expect(openDatabase({ folder: join(root, 'unused'), url: `postgres://nobody@127.0.0.1:${port}/none` })).rejects.toThrow()
  })
})

if (findPostgresBin() === null) {
  describe.skip(`a PostgreSQL server (throwaway cluster): ${POSTGRES_MISSING}`, () => {
    it('runs statements and transactions on a real server', () => {})
  })
} else {
  describe('a PostgreSQL server (throwaway cluster)', () => {
    let cluster: PostgresCluster | null = null
    beforeAll(async () => {
      cluster = await startPostgresCluster()
    }, 120_000)
    afterAll(() => cluster?.stop())

    it('runs statements with parameters and transactions that commit or roll back whole', async () => {
      const db = await opened(openDatabase({ folder: join(root, 'unused'), url: cluster!.url() }))
      expect(db.kind).toBe('server')
      await checkSql(db)
    })
  })
}
