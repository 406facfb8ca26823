import { AppError } from '@shared/errors'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PgOutboxStore } from '../../../../../../../src-main/features/stories/outbox/store/pg-store'
import { WAKE_QUEUE } from '../../../../../../../src-main/features/stories/outbox/store/pg-wake'
import type { Database } from '../../../../../../../src-main/platform/db/database'
import { pgliteFixtures } from './pg-fixtures'
import type { StoreFixture } from './store-conformance'
import { iso, mediaFile, mediaItem, textItem } from './store-items'

const A = 'acct-a'
const pglite = pgliteFixtures()
beforeAll(() => pglite.warm(), 180_000)
afterAll(() => pglite.cleanup())

let fx: (StoreFixture & { db: Database; root: string }) | null = null
afterEach(async () => {
  await fx?.dispose()
  fx = null
})

/** The clock the wake-up runs on: pg-boss compares a job's start with the database's own time. */
const realClock = { now: () => Date.now(), advance: () => {} }

interface JobRow {
  data: { accountId: string; itemId: string }
  singleton_key: string
  start_after: Date
  state: string
}

function wakeJobs(db: Database): Promise<JobRow[]> {
  // developer-only: SQL run by a test.
  return db.query<JobRow & Record<string, unknown>>(
    `SELECT data, singleton_key, start_after, state FROM statusdesk_jobs.job WHERE name = $1 ORDER BY created_on`,
    [WAKE_QUEUE],
  )
}

/** The database, its commits refused after the work ran while `failing()` says so: as a server that fails at COMMIT. */
function failingCommits(db: Database, failing: () => boolean): Database {
  return {
    ...db,
    transaction: (work) =>
      db.transaction(async (tx) => {
        const result = await work(tx)
        if (failing()) throw new Error('commit refused')
        return result
      }),
  }
}

describe('the PostgreSQL outbox store, beyond the contract', () => {
  it("wakes an engine when a story comes due: onDue's wake runs for its account", { timeout: 60_000 }, async () => {
    fx = await pglite.fixture({ clock: realClock })
    const woken: Array<{ accountId: string; at: number }> = []
    await fx.store.onDue(async (accountId) => void woken.push({ accountId, at: Date.now() }))
    const due = Date.now() + 1000
    await fx.store.insert(A, textItem(Date.now(), { state: 'scheduled', dueAt: iso(due) }), { mediaSource: null })
    await expect.poll(() => woken.length, { timeout: 10_000, interval: 100 }).toBe(1)
    expect(woken[0]!.accountId).toBe(A)
    // Not before its instant (the database's clock and ours are the same machine's).
    expect(woken[0]!.at).toBeGreaterThanOrEqual(due - 50)
    await expect.poll(async () => (await wakeJobs(fx!.db)).map((job) => job.state), { timeout: 3000 }).toEqual(['completed'])
  })

  it('names, on PGlite (one writer), only the accounts a look must wake: a lapsed claim, a story queued or due with no live claim', async () => {
    fx = await pglite.fixture()
    const t = fx.clock.now()
    const lease = { leaseMs: 1000, now: t, purpose: 'send' as const }
    const [lapsed, dueSoon, queued, later, held, free] = ['a-lapsed', 'a-due', 'a-queued', 'a-later', 'a-held', 'a-free']
    const claimed = textItem(t)
    await fx.store.insert(lapsed, claimed, { mediaSource: null })
    await fx.store.claim(lapsed, claimed.id, { ...lease, owner: 'gone-engine', states: ['queued'] })
    await fx.store.insert(dueSoon, textItem(t, { state: 'scheduled', dueAt: iso(t + 10_000) }), { mediaSource: null })
    await fx.store.insert(queued, textItem(t), { mediaSource: null })
    await fx.store.insert(later, textItem(t, { state: 'scheduled', dueAt: iso(t + 3_600_000) }), { mediaSource: null })
    const busy = textItem(t)
    await fx.store.insert(held, busy, { mediaSource: null })
    await fx.store.claim(held, busy.id, { ...lease, leaseMs: 60_000, owner: fx.store.owner, states: ['queued'] })
    await fx.store.insert(free, textItem(t, { state: 'missed', dueAt: iso(t - 60_000) }), { mediaSource: null })
    expect(fx.store.accountsToLook).toBeDefined()
    // The story due in 10 s is its timer's and its wake-up job's until then: a look wakes it only once it is due and untaken.
    expect((await fx.store.accountsToLook!(t + 1000)).sort()).toEqual([lapsed, queued].sort())
    expect((await fx.store.accountsToLook!(t + 10_000)).sort()).toEqual([lapsed, dueSoon, queued].sort())
  })

  it('writes a plan and its wake-up job in one transaction: a plan that fails to commit leaves no job', async () => {
    fx = await pglite.fixture()
    let failing = false
    const store = await PgOutboxStore.open({
      db: failingCommits(fx.db, () => failing),
      owner: 'engine-f',
      mediaCacheDir: `${fx.root}/media-f`,
      closeDatabase: false,
    })
    failing = true
    try {
      const planned = textItem(fx.clock.now(), { state: 'scheduled', dueAt: iso(fx.clock.now() + 60_000) })
      await expect(store.insert(A, planned, { mediaSource: null })).rejects.toThrow('commit refused')
      expect(await wakeJobs(fx.db)).toEqual([])
      expect(await fx.store.get(A, planned.id)).toBeNull()
      // The same plan, committed: its job is there, for its account, at its instant.
      await fx.store.insert(A, planned, { mediaSource: null })
      const jobs = await wakeJobs(fx.db)
      expect(jobs).toHaveLength(1)
      expect(jobs[0]).toMatchObject({ data: { accountId: A, itemId: planned.id }, singleton_key: A, state: 'created' })
      expect(jobs[0]!.start_after.toISOString()).toBe(planned.dueAt)
      const change = { item: { ...planned, attempts: 1 }, rev: 1, owner: store.owner, release: false, now: fx.clock.now() }
      await expect(store.update(A, change)).rejects.toThrow('commit refused')
      expect(await wakeJobs(fx.db)).toHaveLength(1)
      expect((await fx.store.get(A, planned.id))?.rev).toBe(1)
    } finally {
      await store.close()
    }
  })

  it('writes a new wake-up for every change that leaves a story to send by itself, and none for one it does not', async () => {
    fx = await pglite.fixture()
    const t = fx.clock.now()
    const owner = fx.store.owner
    const item = await fx.store.insert(A, textItem(t, { state: 'failed' }), { mediaSource: null })
    expect(await wakeJobs(fx.db)).toEqual([])
    const retry = iso(t + 5 * 60_000)
    const queued = await fx.store.update(A, {
      item: { ...item, state: 'queued', nextAttemptAt: retry },
      rev: 1,
      owner,
      release: false,
      now: t,
    })
    await fx.store.update(A, { item: { ...queued, state: 'unknown' }, rev: queued.rev, owner, release: false, now: t })
    const jobs = await wakeJobs(fx.db)
    expect(jobs).toHaveLength(1)
    expect(jobs[0]!.start_after.toISOString()).toBe(retry)
  })

  it('refuses media larger than any story may carry, and writes nothing', async () => {
    fx = await pglite.fixture()
    const store = await PgOutboxStore.open({
      db: fx.db,
      owner: 'engine-m',
      mediaCacheDir: `${fx.root}/media-m`,
      maxMediaBytes: 1000,
      closeDatabase: false,
    })
    try {
      const { path } = await mediaFile(fx.root, 1001)
      const item = mediaItem(fx.clock.now(), 1001)
      const refusal = await store.insert(A, item, { mediaSource: path }).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(AppError)
      expect((refusal as AppError).code).toBe('too-large')
      expect(await store.get(A, item.id)).toBeNull()
      const small = await mediaFile(fx.root, 1000)
      await store.insert(A, mediaItem(fx.clock.now(), 1000), { mediaSource: small.path })
      // Written by a store that allows more: this one does not copy it out onto the disk.
      const large = await mediaFile(fx.root, 1001)
      const written = await fx.store.insert(A, mediaItem(fx.clock.now(), 1001), { mediaSource: large.path })
      await expect(store.mediaPath(A, written.id)).rejects.toBeInstanceOf(AppError)
    } finally {
      await store.close()
    }
  })

  it('refuses a database whose schema a newer version wrote, and leaves it as it is', async () => {
    fx = await pglite.fixture()
    // developer-only: SQL run by a test.
    await fx.db.query('UPDATE statusdesk.schema_version SET version = 99')
    await expect(
      PgOutboxStore.open({ db: fx.db, owner: 'engine-old', mediaCacheDir: `${fx.root}/media-old`, closeDatabase: false }),
    ).rejects.toThrow(/newer/)
    expect(await fx.db.query('SELECT version FROM statusdesk.schema_version')).toEqual([{ version: 99 }])
  })

  it('sets up the wake-up queue as one running wake-up per account, never retried, its worker watched by heartbeat', async () => {
    fx = await pglite.fixture()
    // developer-only: SQL run by a test.
    const [queue] = await fx.db.query(`SELECT policy, retry_limit, heartbeat_seconds FROM statusdesk_jobs.queue WHERE name = $1`, [
      WAKE_QUEUE,
    ])
    expect(queue).toEqual({ policy: 'singleton', retry_limit: 0, heartbeat_seconds: 10 })
  })

  it('stops its workers and pg-boss at close, and closes again without harm', async () => {
    fx = await pglite.fixture()
    const stop = await fx.store.onDue(async () => {})
    await stop()
    await stop()
    await fx.store.close()
    await fx.store.close()
  })
})
