import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openConfStore } from '../../../../src-main/adapters/conf-store'
import { AccountsService } from '../../../../src-main/account/accounts/accounts-service'
import { SharedAccounts } from '../../../../src-main/account/accounts/shared-accounts'
import { storedCursor } from '../../../../src-main/account/accounts/shared-registry'
import { PgAccountRegistry, MAX_ENTRY_BYTES } from '../../../../src-main/agent/account-registry'
import { AGENT_SCHEMA } from '../../../../src-main/agent/devices'
import { operatorKeyBox } from '../../../../src-main/agent/key-box'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import type { Database } from '../../../../src-main/platform/db/database'
import { openDatabase } from '../../../../src-main/platform/db/open-database'
import { silentLogger, type Logger } from '../../../../src-main/platform/log/log'
import { fingerprintOf, normalizeBaseUrl } from '../../../../src-main/account/accounts/connect-rules'
import { findPostgresBin, POSTGRES_MISSING, startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster'
import { freshDatabase } from '../../../support/fresh-database'

const TOKEN_A = 'shared-token-a-7d1e9c2b5a'
const TOKEN_B = 'shared-token-b-3f8a6e0c4d'
const KEY = randomBytes(32)
const CLIENT = 'device:test'

let cluster: PostgresCluster | null = null
let emulator: Emulator
let root = ''
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  if (findPostgresBin() === null) return
  cluster = await startPostgresCluster()
  emulator = await startEmulator({ token: [TOKEN_A, TOKEN_B], groups: 2 })
  root = await mkdtemp(join(tmpdir(), 'statusdesk-shared-accounts-'))
}, 120_000)

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

afterAll(async () => {
  await emulator?.stop()
  await cluster?.stop()
  if (root) await rm(root, { recursive: true, force: true })
}, 60_000)

interface Agent {
  accounts: AccountsService
  shared: SharedAccounts
  db: Database
  warnings: string[]
  /** The accounts a change from the list was applied to, one line each time. */
  applied: string[]
  dataDir: string
  close: () => Promise<void>
}

/** An agent's accounts over its own empty data folder and the shared database, as app-core wires them. */
async function agent(url: string, name: string, key: Uint8Array = KEY, folder?: string): Promise<Agent> {
  const dataDir = folder ?? (await mkdtemp(join(root, `${name}-`)))
  const db = await openDatabase({ folder: '', url })
  const registry = await PgAccountRegistry.open(db)
  const warnings: string[] = []
  const applied: string[] = []
  const log: Logger = {
    ...silentLogger,
    info: (message, data) => message === 'shared account applied' && applied.push(String(data?.['id'])),
    warn: (message, data) => warnings.push(`${message} ${JSON.stringify(data ?? {})}`),
  }
  let shared: SharedAccounts | null = null
  const store = openConfStore({ dir: dataDir, name: 'accounts' })
  const accounts = new AccountsService({
    store,
    secretBox: operatorKeyBox(key),
    dataDir,
    fetch: globalThis.fetch,
    log,
    onShared: (change) => shared?.localChange(change),
    claimShared: async (account, usable) => (shared ? shared.claim(account, usable) : null),
  })
  await accounts.restore()
  shared = new SharedAccounts({ registry, target: accounts, log, pollMs: 200, cursor: storedCursor(store) })
  await shared.catchUp()
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await shared.stop()
    await accounts.dispose()
    await db.close()
  }
  closers.push(close)
  return { accounts, shared, db, warnings, applied, dataDir, close }
}

/** What `from` changed is written (its pending writes go first in a look), then `to` looks. */
async function sync(from: Agent, to: Agent): Promise<void> {
  await from.shared.lookNow()
  await to.shared.lookNow()
}
const ids = (side: Agent) => side.accounts.listed().accounts.map((account) => account.id)
const entryOf = (side: Agent, id: string) => side.accounts.storedAccounts().find((account) => account.id === id)
async function connect(side: Agent, token: string, extra: { accountId?: string; label?: string } = {}) {
  return side.accounts.connect(CLIENT, { baseUrl: emulator.baseUrl, token, label: extra.label ?? 'Shop', ...extra })
}

const postgres = findPostgresBin() !== null

describe.skipIf(!postgres)(`accounts shared by the agents on one PostgreSQL${postgres ? '' : `: ${POSTGRES_MISSING}`}`, () => {
  it('an account added, its token replaced, then removed on one agent is seen so on the other, its workspace opened and closed', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const a = await agent(url, 'a')
    const b = await agent(url, 'b')
    const added = await connect(a, TOKEN_A, { label: 'Bakery' })
    await sync(a, b)
    expect(ids(b)).toEqual([added.id])
    expect(b.accounts.listed().accounts[0]).toMatchObject({ label: 'Bakery', hasToken: true, baseUrl: added.baseUrl })
    expect(b.accounts.workspaces.get(added.id)).not.toBeNull()
    const session = await b.accounts.sessionOf(added.id)
    expect(session?.tokenNeeded).toBeUndefined()

    // The token entered again for the same account: a fresh seal, which the other agent takes.
    const sealedBefore = entryOf(a, added.id)!.sealed
    await connect(a, TOKEN_A, { accountId: added.id, label: 'Bakery' })
    const sealedAfter = entryOf(a, added.id)!.sealed
    expect(sealedAfter).not.toBe(sealedBefore)
    await sync(a, b)
    expect(entryOf(b, added.id)!.sealed).toBe(sealedAfter)
    expect((await b.accounts.sessionOf(added.id))?.tokenNeeded).toBeUndefined()

    await a.accounts.signOut(CLIENT, added.id, false)
    await sync(a, b)
    expect(ids(b)).toEqual([])
    expect(b.accounts.workspaces.get(added.id)).toBeNull()
  }, 60_000)

  it('keeps no token in clear in any row', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const a = await agent(url, 'a')
    await connect(a, TOKEN_A)
    await connect(a, TOKEN_B)
    await a.shared.lookNow()
    const rows = await a.db.query(`SELECT * FROM ${AGENT_SCHEMA}.accounts`)
    expect(rows).toHaveLength(2)
    const text = JSON.stringify(rows)
    for (const token of [TOKEN_A, TOKEN_B]) {
      for (const form of [token, Buffer.from(token).toString('base64'), Buffer.from(token).toString('hex')])
        expect(text).not.toContain(form)
    }
    expect(text).toContain('v1:keyring:')
  }, 60_000)

  it('an agent started with an empty folder lists the accounts already shared; its own unknown ones are written there', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const a = await agent(url, 'a')
    const first = await connect(a, TOKEN_A)
    await a.shared.lookNow()
    const b = await agent(url, 'b')
    expect(ids(b)).toEqual([first.id])
    expect(b.accounts.workspaces.get(first.id)).not.toBeNull()

    // An agent whose accounts were listed before the database shared them: they are written there at its start.
    const second = await connect(a, TOKEN_B)
    await a.shared.lookNow()
    await a.db.query(`DELETE FROM ${AGENT_SCHEMA}.accounts WHERE id = $1`, [second.id])
    await a.close()
    const again = await agent(url, 'a-again', KEY, a.dataDir)
    // Its own entries, as the list has them, change nothing here.
    expect(again.applied).toEqual([])
    expect(ids(again).sort()).toEqual([first.id, second.id].sort())
    await again.shared.lookNow()
    await b.shared.lookNow()
    expect(ids(b).sort()).toEqual([first.id, second.id].sort())
  }, 60_000)

  it('skips and logs malformed rows, never dropping the good ones, and refuses an id that is not a safe folder name', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const a = await agent(url, 'a')
    const b = await agent(url, 'b')
    const good = await connect(a, TOKEN_A)
    const entry = entryOf(a, good.id)!
    const insert = (id: string, json: string) =>
      a.db.query(
        `INSERT INTO ${AGENT_SCHEMA}.accounts (id, change, entry, changed_at) VALUES ($1, nextval('${AGENT_SCHEMA}.account_changes'), $2::jsonb, now())`,
        [id, json],
      )
    await insert('../../escape', JSON.stringify({ ...entry, id: '../../escape' }))
    await insert('bad-shape', '"just text"')
    await insert('json-null', 'null')
    await insert('other-id', JSON.stringify({ ...entry, id: 'someone-else' }))
    await insert('weak-token', JSON.stringify({ ...entry, id: 'weak-token', encryption: 'weak', sealed: 'v1:weak:dG9rZW4=' }))
    await insert('huge', JSON.stringify({ ...entry, id: 'huge', label: 'x'.repeat(150), pad: 'y'.repeat(MAX_ENTRY_BYTES) }))
    // A sealed token moved into an entry naming another server: it would be sent there.
    await insert('moved-token', JSON.stringify({ ...entry, id: 'moved-token', baseUrl: 'http://127.0.0.1:9' }))
    const later = await connect(a, TOKEN_B)
    await sync(a, b)
    expect(ids(b).sort()).toEqual([good.id, later.id].sort())
    expect(b.warnings.filter((line) => line.startsWith('shared account row skipped'))).toHaveLength(7)
    expect(b.warnings.join('\n')).toContain('token-elsewhere')
    expect(b.warnings.join('\n')).not.toContain('dG9rZW4=')
  }, 60_000)

  it('an account sealed with another operator key waits for its token, and nothing crashes', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const other = await agent(url, 'other', randomBytes(32))
    const theirs = await connect(other, TOKEN_A)
    await other.shared.lookNow()
    const b = await agent(url, 'b')
    expect(ids(b)).toEqual([theirs.id])
    const session = await b.accounts.sessionOf(theirs.id)
    expect(session?.tokenNeeded).toBe(true)
    expect(b.accounts.listed().accounts[0]?.hasToken).toBe(false)
  }, 60_000)

  it('sees a change within seconds when polling, and two agents renaming at once end on the same label', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const a = await agent(url, 'a')
    const b = await agent(url, 'b')
    a.shared.start()
    b.shared.start()
    const added = await connect(a, TOKEN_A)
    await vi.waitFor(() => expect(ids(b)).toEqual([added.id]), { timeout: 5_000, interval: 50 })
    await Promise.all([a.accounts.rename(added.id, 'From A'), b.accounts.rename(added.id, 'From B')])
    await vi.waitFor(
      () => {
        const labels = [a, b].map((side) => side.accounts.labelOf(added.id))
        expect(labels[0]).toBe(labels[1])
      },
      { timeout: 5_000, interval: 50 },
    )
    // Settled: a few more looks change nothing.
    await a.shared.lookNow()
    await b.shared.lookNow()
    expect(a.accounts.labelOf(added.id)).toBe(b.accounts.labelOf(added.id))
  }, 60_000)

  it('two agents connecting the same server and token at once make one account, which both list', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const a = await agent(url, 'a')
    const b = await agent(url, 'b')
    // Rows that claim the same pair but cannot stand for it (a bad id, another entry's id) are passed over.
    const fingerprint = fingerprintOf(normalizeBaseUrl(emulator.baseUrl), TOKEN_A)
    const forged = { id: 'x', label: 'Forged', baseUrl: 'http://127.0.0.1:9', tokenHint: '…abcd', encryption: 'keyring' }
    for (const [id, entry] of [
      ['../../escape', { ...forged, id: '../../escape', fingerprint }],
      ['other-id', { ...forged, id: 'someone-else', fingerprint }],
    ] as const)
      await a.db.query(
        `INSERT INTO ${AGENT_SCHEMA}.accounts (id, change, entry, changed_at) VALUES ($1, nextval('${AGENT_SCHEMA}.account_changes'), $2::jsonb, now())`,
        [id, JSON.stringify(entry)],
      )
    const [fromA, fromB] = await Promise.all([connect(a, TOKEN_A, { label: 'From A' }), connect(b, TOKEN_A, { label: 'From B' })])
    expect(fromB.id).toBe(fromA.id)
    expect([fromA.outcome, fromB.outcome].sort()).toEqual(['added', 'already-connected'])
    await sync(a, b)
    await sync(b, a)
    expect(ids(a)).toEqual([fromA.id])
    expect(ids(b)).toEqual([fromA.id])
    expect(a.accounts.labelOf(fromA.id)).toBe(b.accounts.labelOf(fromA.id))
    // One account of the pair beside the forged rows, which stay as they were.
    const live = await a.db.query<{ id: string }>(`SELECT id FROM ${AGENT_SCHEMA}.accounts WHERE entry->>'fingerprint' = $1`, [fingerprint])
    expect(live.map((row) => row.id).sort()).toEqual(['../../escape', 'other-id', fromA.id].sort())
    expect((await b.accounts.sessionOf(fromA.id))?.tokenNeeded).toBeUndefined()

    // Within one poll interval, before the first agent's account was read here: the database still decides.
    const first = await connect(a, TOKEN_B)
    const again = await connect(b, TOKEN_B, { label: 'Other label' })
    expect(again).toMatchObject({ id: first.id, outcome: 'already-connected', label: first.label })
  }, 60_000)

  it('prunes month-old removed rows in bounded batches, hourly; an agent away longer drops the account rather than bring it back', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const a = await agent(url, 'a')
    const late = await agent(url, 'late')
    const gone = await connect(a, TOKEN_A)
    const kept = await connect(a, TOKEN_B)
    await sync(a, late)
    expect(ids(late).sort()).toEqual([gone.id, kept.id].sort())
    await late.close()
    await a.accounts.signOut(CLIENT, gone.id, false)
    await a.shared.lookNow()
    const removed = `${AGENT_SCHEMA}.accounts WHERE entry IS NULL`
    await a.db.query(`UPDATE ${AGENT_SCHEMA}.accounts SET changed_at = now() - interval '45 days' WHERE entry IS NULL`)
    await a.db.query(`INSERT INTO ${AGENT_SCHEMA}.accounts (id, change, entry, changed_at)
      SELECT 'left-' || n, nextval('${AGENT_SCHEMA}.account_changes'), NULL, now() - interval '31 days' FROM generate_series(1, 600) AS n`)
    await a.db.query(`INSERT INTO ${AGENT_SCHEMA}.accounts (id, change, entry, changed_at)
      VALUES ('left-lately', nextval('${AGENT_SCHEMA}.account_changes'), NULL, now() - interval '29 days')`)
    const count = async () => Number((await a.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${removed}`))[0]!.n)

    // An agent's first look prunes one batch, oldest first; its next looks within the hour prune nothing.
    const pruner = await agent(url, 'pruner')
    await pruner.shared.lookNow()
    expect(await count()).toBe(602 - 500)
    await pruner.shared.lookNow()
    expect(await count()).toBe(602 - 500)
    expect((await a.db.query(`SELECT 1 FROM ${AGENT_SCHEMA}.accounts WHERE id = $1`, [gone.id])).length).toBe(0)

    // The agent stopped before the removal comes back after its row was pruned: it cannot tell, so it drops the account, keeping its folder.
    const back = await agent(url, 'late-again', KEY, late.dataDir)
    expect(ids(back)).toEqual([kept.id])
    expect(back.warnings.join('\n')).toContain('shared account dropped')
    expect(existsSync(join(late.dataDir, 'accounts', gone.id))).toBe(true)
    await sync(back, a)
    expect((await a.db.query(`SELECT 1 FROM ${AGENT_SCHEMA}.accounts WHERE id = $1`, [gone.id])).length).toBe(0)
    expect(ids(a)).toEqual([kept.id])
    // Once it has read the list, a restart is not late any more: nothing more is dropped.
    await back.close()
    const again = await agent(url, 'late-third', KEY, late.dataDir)
    expect(ids(again)).toEqual([kept.id])
    expect(again.warnings.join('\n')).not.toContain('shared account dropped')
  }, 60_000)

  it('an agent cut off while running, finding rows it never read were pruned, reads the list again and drops what was removed', async () => {
    const url = await freshDatabase(cluster!, 'shared')
    const a = await agent(url, 'a')
    const b = await agent(url, 'b')
    const added = await connect(a, TOKEN_A)
    await sync(a, b)
    expect(ids(b)).toEqual([added.id])
    await a.accounts.signOut(CLIENT, added.id, false)
    await a.shared.lookNow()
    await a.db.query(`UPDATE ${AGENT_SCHEMA}.accounts SET changed_at = now() - interval '31 days' WHERE entry IS NULL`)
    await (await agent(url, 'pruner')).shared.lookNow()
    await b.shared.lookNow()
    expect(ids(b)).toEqual([])
    expect(b.warnings.join('\n')).toContain('shared account dropped')
    await sync(b, a)
    expect(await a.db.query(`SELECT 1 FROM ${AGENT_SCHEMA}.accounts WHERE id = $1`, [added.id])).toEqual([])
  }, 60_000)
})
