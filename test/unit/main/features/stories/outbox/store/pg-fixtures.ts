import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { PgOutboxStore, type PgOutboxStoreOptions } from '../../../../../../../src-main/features/stories/outbox/store/pg-store'
import type { Database } from '../../../../../../../src-main/platform/db/database'
import { openPgliteDatabase } from '../../../../../../../src-main/platform/db/pglite-database'
import { openServerDatabase } from '../../../../../../../src-main/platform/db/server-database'
import type { PostgresCluster } from '../../../../../../support/postgres-cluster'
import type { StoreClock, StoreFixture } from './store-conformance'

/** A clock that starts at the real time and moves only when told. */
export function testClock(): StoreClock {
  let t = Date.now()
  return { now: () => t, advance: (ms) => void (t += ms) }
}

/** Makes a stored item unreadable: its JSON's state no longer one the outbox knows. */
// developer-only: SQL run by a test.
const CORRUPT = `UPDATE statusdesk.outbox_items SET item = jsonb_set(item, '{state}', '"exploded"') WHERE account_id = $1 AND id = $2`

type Open = (db: Database, owner: string, extra?: Partial<PgOutboxStoreOptions>) => Promise<PgOutboxStore>

function opener(root: string, clock: StoreClock, stores: PgOutboxStore[]): Open {
  return async (db, owner, extra = {}) => {
    const store = await PgOutboxStore.open({ db, owner, mediaCacheDir: join(root, `media-${owner}`), clock: clock.now, ...extra })
    stores.push(store)
    return store
  }
}

/**
 * PGlite in a temp folder, copied from a template where the schema and pg-boss's tables are
 * already made (a new PGlite takes seconds to initialise; a copy opens in a fraction of one).
 * The second engine is a second store over the same PGlite: one process holds a PGlite folder.
 */
export function pgliteFixtures(): {
  /** Makes the template (PGlite's first start takes seconds): for a beforeAll with room for it. */
  warm: () => Promise<void>
  fixture: (options?: { clock?: StoreClock }) => Promise<StoreFixture & { db: Database; root: string }>
  cleanup: () => Promise<void>
} {
  let template: Promise<{ root: string; folder: string }> | null = null
  const makeTemplate = async () => {
    const root = await mkdtemp(join(tmpdir(), 'statusdesk-pglite-template-'))
    const folder = join(root, 'db')
    const store = await PgOutboxStore.open({ db: await openPgliteDatabase(folder), owner: 'template', mediaCacheDir: join(root, 'media') })
    await store.close()
    return { root, folder }
  }
  const warm = async () => void (await (template ??= makeTemplate()))
  const fixture = async (options: { clock?: StoreClock } = {}) => {
    const { folder } = await (template ??= makeTemplate())
    const root = await mkdtemp(join(tmpdir(), 'statusdesk-pglite-'))
    await cp(folder, join(root, 'db'), { recursive: true })
    const db = await openPgliteDatabase(join(root, 'db'))
    const clock = options.clock ?? testClock()
    const stores: PgOutboxStore[] = []
    const open = opener(root, clock, stores)
    return {
      db,
      root,
      clock,
      store: await open(db, 'engine-a', { closeDatabase: false }),
      second: () => open(db, 'engine-b', { closeDatabase: false }),
      corrupt: async (accountId: string, id: string) => void (await db.query(CORRUPT, [accountId, id])),
      dispose: async () => {
        for (const store of stores) await store.close()
        await db.close()
        await rm(root, { recursive: true, force: true })
      },
    }
  }
  const cleanup = async () => {
    if (template) await rm((await template).root, { recursive: true, force: true })
  }
  return { warm, fixture, cleanup }
}

/**
 * A database of its own per test on the throwaway server, made from a template database where the
 * schema and pg-boss's tables already are. Each engine has its own pool, as two processes would.
 */
export function serverFixtures(cluster: () => PostgresCluster): { fixture: () => Promise<StoreFixture>; cleanup: () => Promise<void> } {
  let template: Promise<void> | null = null
  let count = 0
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: cluster().url() })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  const makeTemplate = async () => {
    await admin((client) => client.query('CREATE DATABASE store_template'))
    const root = await mkdtemp(join(tmpdir(), 'statusdesk-pg-template-'))
    const store = await PgOutboxStore.open({
      db: await openServerDatabase(cluster().url('store_template')),
      owner: 'template',
      mediaCacheDir: root,
    })
    await store.close()
    await rm(root, { recursive: true, force: true })
  }
  const fixture = async (): Promise<StoreFixture> => {
    await (template ??= makeTemplate())
    const name = `store_${process.pid}_${++count}`
    await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE store_template`))
    const root = await mkdtemp(join(tmpdir(), 'statusdesk-pg-'))
    const clock = testClock()
    const stores: PgOutboxStore[] = []
    const open = opener(root, clock, stores)
    const db = await openServerDatabase(cluster().url(name))
    return {
      clock,
      store: await open(db, 'engine-a'),
      second: async () => open(await openServerDatabase(cluster().url(name)), 'engine-b'),
      corrupt: async (accountId, id) => void (await db.query(CORRUPT, [accountId, id])),
      dispose: async () => {
        for (const store of stores) await store.close()
        await admin((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`))
        await rm(root, { recursive: true, force: true })
      },
    }
  }
  return { fixture, cleanup: async () => {} }
}
