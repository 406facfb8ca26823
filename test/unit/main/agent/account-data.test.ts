import type { HistoryEntry } from '@shared/story/records'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_FILES } from '../../../../src-main/account/files/account-files'
import { SharedJsonDocument } from '../../../../src-main/account/files/shared-documents'
import { ACCOUNT_DATA_SCHEMA, PgAccountData } from '../../../../src-main/agent/account-data'
import { SharedArchive } from '../../../../src-main/features/insights/archive-source'
import { encodeArchive } from '../../../../src-main/features/insights/archive-file'
import { columnsOf } from '../../../../src-main/features/insights/story-columns'
import { HistoryStore } from '../../../../src-main/features/stories/history/history-store'
import type { Database } from '../../../../src-main/platform/db/database'
import { openDatabase } from '../../../../src-main/platform/db/open-database'
import { silentLogger, type Logger } from '../../../../src-main/platform/log/log'
import { findPostgresBin, POSTGRES_MISSING, startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster'
import { story } from '../features/insights/records'
import { freshDatabase } from '../../../support/fresh-database'

let cluster: PostgresCluster | null = null
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  if (findPostgresBin() === null) return
  cluster = await startPostgresCluster()
}, 120_000)

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

afterAll(async () => {
  await cluster?.stop()
}, 60_000)

interface Side {
  db: Database
  data: PgAccountData
  warnings: string[]
  log: Logger
}

/** One engine's view of the shared rows: its own connection and its own name in the claims. */
async function side(url: string, owner: string, leaseMs?: number): Promise<Side> {
  const db = await openDatabase({ folder: '', url })
  closers.push(() => db.close())
  const warnings: string[] = []
  const log: Logger = { ...silentLogger, warn: (message, data) => warnings.push(`${message} ${JSON.stringify(data ?? {})}`) }
  const data = await PgAccountData.open(db, { owner, log, ...(leaseMs !== undefined && { leaseMs }) })
  return { db, data, warnings, log }
}

function entry(id: string, at: number): HistoryEntry {
  return {
    id,
    requestId: `r-${id}`,
    publishedAt: new Date(at).toISOString(),
    summary: {
      kind: 'text',
      text: id,
      thumbnail: null,
      background: '#FF1E88E5',
      color: '#FFFFFFFF',
      font: 'SYSTEM_BOLD',
      audience: { mode: 'everyone', count: null, excluded: 0 },
      mediaBytes: null,
    },
    messageId: `m-${id}`,
    messageStatus: 'sent',
    confirmation: 'confirmed',
  }
}

function history(s: Side, accountId = 'acc1', options: { maxBytes?: number; onSetAside?: () => void } = {}) {
  return new HistoryStore(new SharedJsonDocument(ACCOUNT_FILES.history, { accountId, rows: s.data.rows, log: s.log, ...options }))
}

const putRow = (s: Side, name: string, bytes: Buffer, accountId = 'acc1') =>
  s.db.query(
    `INSERT INTO ${ACCOUNT_DATA_SCHEMA}.documents (account_id, name, rev, body, changed_at)
      VALUES ($1, $2, nextval('${ACCOUNT_DATA_SCHEMA}.revisions'), $3, now())
      ON CONFLICT (account_id, name) DO UPDATE SET rev = EXCLUDED.rev, body = EXCLUDED.body`,
    [accountId, name, bytes],
  )

const postgres = findPostgresBin() !== null

describe.skipIf(!postgres)(`accounts' documents shared on one PostgreSQL${postgres ? '' : `: ${POSTGRES_MISSING}`}`, () => {
  it('two engines adding to one history at once lose none of each other’s stories; each reads what the other wrote', async () => {
    const url = await freshDatabase(cluster!, 'account_data')
    const [a, b] = [await side(url, 'engine-a'), await side(url, 'engine-b')]
    const [onA, onB] = [history(a), history(b)]
    const t0 = Date.parse('2026-03-02T07:00:00Z')
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => onA.add(entry(`a${i}`, t0 + i * 1000))),
      ...Array.from({ length: 15 }, (_, i) => onB.add(entry(`b${i}`, t0 + i * 1000 + 500))),
    ])
    const ids = (list: HistoryEntry[]) => list.map((e) => e.id).sort()
    expect((await onA.list()).length).toBe(30)
    expect(ids(await onA.list())).toEqual(ids(await onB.list()))
    // Recording the same publication on the other engine (its recovery found it sent) lists it once.
    expect(await onB.add(entry('a3', t0))).toBe(false)
    expect(await onA.settle(new Map([['m-b4', 'read']]))).toBe(true)
    expect((await onB.list()).find((e) => e.id === 'b4')?.messageStatus).toBe('read')
    // Another account's history is its own.
    expect(await history(b, 'acc2').list()).toEqual([])
  }, 60_000)

  it('sets aside a row that is not JSON, fails its schema or is past the cap, says so, and starts afresh, never throwing', async () => {
    const url = await freshDatabase(cluster!, 'account_data')
    const a = await side(url, 'engine-a')
    const said: string[] = []
    const store = history(a, 'acc1', { maxBytes: 4096, onSetAside: () => said.push('history') })
    const good = Buffer.from(JSON.stringify({ version: 1, entries: [entry('x', Date.now())] }))
    const hostile = [
      Buffer.from('{"version":1,"entries":[', 'utf8'),
      Buffer.from(JSON.stringify({ version: 1, entries: [{ id: 42 }] })),
      Buffer.from(JSON.stringify({ version: 1, entries: [], pad: 'y'.repeat(8192) })),
      Buffer.from([0xff, 0xfe, 0x00, 0x01]),
    ]
    for (const bytes of hostile) {
      await putRow(a, ACCOUNT_FILES.history.path, good)
      expect((await store.list()).map((e) => e.id)).toEqual(['x'])
      await putRow(a, ACCOUNT_FILES.history.path, bytes)
      expect(await store.list()).toEqual([])
    }
    expect(said).toHaveLength(hostile.length)
    expect(a.warnings.filter((line) => line.startsWith('shared document set aside'))).toHaveLength(hostile.length)
    const kept = await a.db.query<{ reason: string }>(`SELECT reason FROM ${ACCOUNT_DATA_SCHEMA}.documents_set_aside ORDER BY rev`)
    expect(kept.map((row) => row.reason)).toContain('too large')
    expect(kept).toHaveLength(hostile.length)
    // Written again from nothing.
    expect(await store.add(entry('after', Date.now()))).toBe(true)
    expect((await history(a).list()).map((e) => e.id)).toEqual(['after'])
    // A row no engine could have written is not among the revisions looked at.
    await putRow(a, ACCOUNT_FILES.history.path, good, 'x'.repeat(5000))
    expect(await a.data.rows.revisions(100)).toEqual([{ accountId: 'acc1', name: ACCOUNT_FILES.history.path, rev: expect.any(String) }])
  }, 60_000)

  it('reads a shared archive written by the other engine, and sets aside one that is damaged or another account’s', async () => {
    const url = await freshDatabase(cluster!, 'account_data')
    const [a, b] = [await side(url, 'engine-a'), await side(url, 'engine-b')]
    const name = ACCOUNT_FILES.insightsArchive.path
    const setAside: string[] = []
    const archiveOf = (s: Side) =>
      new SharedArchive({ accountId: 'acc1', name, rows: s.data.rows, log: s.log, onSetAside: () => setAside.push('x') })
    const [onA, onB] = [archiveOf(a), archiveOf(b)]
    const columns = columnsOf([story({ id: 's1', postedAt: 1_000, minutes: [1, 2, 3] }), story({ id: 's2', postedAt: 2_000 })])
    await onA.update(() => columns)
    expect((await onB.read()).count).toBe(2)
    // A change made on an older read is applied again over the newer one.
    await onB.update((current) => columnsOf([...Array.from({ length: current.count }, (_, i) => story({ id: `k${i}`, postedAt: i }))]))
    await onA.update((current) => (current.count === 2 ? columnsOf([story({ id: 'k9', postedAt: 9 })]) : null))
    expect((await onB.read()).count).toBe(1)
    for (const bytes of [Buffer.from('garbage'), Buffer.concat([...encodeArchive('another-account', columns)])]) {
      await putRow(a, name, bytes)
      expect((await onB.read()).count).toBe(0)
    }
    expect(setAside).toHaveLength(2)
    expect(b.warnings.filter((line) => line.startsWith('insights archive set aside'))).toHaveLength(2)
    onA.dispose()
    onB.dispose()
  }, 60_000)

  it('lets one engine at a time hold an account’s sampling claim: renewed by its holder, free once let go or lapsed', async () => {
    const url = await freshDatabase(cluster!, 'account_data')
    const [a, b] = [await side(url, 'engine-a', 1_500), await side(url, 'engine-b', 1_500)]
    expect(await a.data.sampling.hold('acc1')).toBe(true)
    expect(await b.data.sampling.hold('acc1')).toBe(false)
    expect(await b.data.sampling.hold('acc2')).toBe(true)
    expect(await a.data.sampling.hold('acc1')).toBe(true)
    // Both asking at once: exactly one has it.
    const free = 'acc3'
    const both = await Promise.all([a.data.sampling.hold(free), b.data.sampling.hold(free)])
    expect(both.filter(Boolean)).toHaveLength(1)
    await a.data.sampling.release('acc1')
    expect(await b.data.sampling.hold('acc1')).toBe(true)
    expect(await a.data.sampling.hold('acc1')).toBe(false)
    // The holder stops renewing (killed): the other takes it once the lease ran out.
    await new Promise((resolve) => setTimeout(resolve, 1_800))
    expect(await a.data.sampling.hold('acc1')).toBe(true)
    // Letting go of what another holds changes nothing.
    await b.data.sampling.release('acc1')
    expect(await b.data.sampling.hold('acc1')).toBe(false)
  }, 60_000)
})
