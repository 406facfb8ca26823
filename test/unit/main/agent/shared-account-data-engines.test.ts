import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountSummary } from '@shared/channels/accounts'
import type { StoryInsight } from '@shared/channels/insights'
import type { HistoryItemView } from '@shared/channels/outbox'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openConfStore } from '../../../../src-main/adapters/conf-store'
import type { SamplingClaims } from '../../../../src-main/account/files/shared-documents'
import { ACCOUNT_DATA_SCHEMA, PgAccountData } from '../../../../src-main/agent/account-data'
import { PgAccountRegistry } from '../../../../src-main/agent/account-registry'
import { operatorKeyBox } from '../../../../src-main/agent/key-box'
import { type AppCore, createAppCore } from '../../../../src-main/app/app-core'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { downloadsFolder } from '../../../../src-main/features/export'
import { PgOutboxStore } from '../../../../src-main/features/stories/outbox/store/pg-store'
import type { Database } from '../../../../src-main/platform/db/database'
import { openDatabase } from '../../../../src-main/platform/db/open-database'
import { EventHub } from '../../../../src-main/platform/events'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { callCore } from '../../../support/app-core'
import { story } from '../features/insights/records'
import { TEST_IDENTITY } from '../../../support/handlers'
import { findPostgresBin, POSTGRES_MISSING, startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster'
import { freshDatabase } from '../../../support/fresh-database'

const TOKEN = 'shared-data-token-8c3f1a'
const KEY = randomBytes(32)
/** Short, so the test sees a killed engine's claim lapse; the agent's is minutes. */
const LEASE_MS = 8_000

let cluster: PostgresCluster | null = null
let emulator: Emulator | null = null
let root = ''
const running: Engine[] = []

beforeAll(async () => {
  if (findPostgresBin() === null) return
  cluster = await startPostgresCluster()
  emulator = await startEmulator({ token: [TOKEN], groups: 2, viewerEveryMs: 1_000 })
  root = await mkdtemp(join(tmpdir(), 'statusdesk-shared-data-'))
}, 120_000)

afterEach(async () => {
  for (const engine of running.splice(0)) await engine.core.dispose().catch(() => {})
})

afterAll(async () => {
  await emulator?.stop()
  await cluster?.stop()
  if (root) await rm(root, { recursive: true, force: true })
}, 60_000)

interface Engine {
  name: string
  core: AppCore
  dataDir: string
  db: () => Database
  /** The sampling requests (the account's story list, a story's viewers) this engine made, in order. */
  sampled: string[]
  /** The accounts each event about history or insights named, as this engine's clients heard them. */
  heard: string[]
  /** Stops letting go of its claims, as a killed engine never does. */
  kill: () => Promise<void>
}

/** An engine as the agent builds one on a PostgreSQL server: outbox, accounts, and account data in the database; its own empty folder. */
async function engine(url: string, name: string, folder?: string): Promise<Engine> {
  const dataDir = folder ?? (await mkdtemp(join(root, `${name}-`)))
  const sampled: string[] = []
  const counting: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname
    if (request.method === 'GET' && (path === '/stories' || path.startsWith('/statuses/'))) sampled.push(path)
    return globalThis.fetch(input, init)
  }
  let db: Database | null = null
  let registry: PgAccountRegistry | null = null
  let data: PgAccountData | null = null
  let releasing = true
  const events = new EventHub()
  const heard: string[] = []
  events.subscribe((event, payload) => {
    if (event === 'stories:history-changed' || event === 'insights:changed')
      heard.push(`${event} ${(payload as { accountId: string }).accountId}`)
  })
  const core = await createAppCore({
    identity: TEST_IDENTITY,
    dataDir,
    fetch: counting,
    log: silentLogger,
    events,
    secretBox: operatorKeyBox(KEY),
    openStore: openConfStore,
    dialogs: downloadsFolder(join(dataDir, 'exports')),
    clipboard: null,
    openDialog: null,
    logs: { folder: null, scoped: () => silentLogger },
    outboxStore: async (owner) => {
      db = await openDatabase({ folder: '', url })
      registry = await PgAccountRegistry.open(db)
      data = await PgAccountData.open(db, { owner, log: silentLogger, leaseMs: LEASE_MS })
      return PgOutboxStore.open({ db, owner, mediaCacheDir: join(dataDir, 'media-cache'), log: silentLogger })
    },
    sharedAccounts: () => registry,
    sharedAccountData: () => {
      const shared = data!
      const sampling: SamplingClaims = {
        hold: (id) => shared.sampling.hold(id),
        release: (id) => (releasing ? shared.sampling.release(id) : Promise.resolve()),
      }
      return { rows: shared.rows, sampling, forget: (id: string) => shared.forget(id) }
    },
  })
  await core.start({ groupsSync: false })
  const made: Engine = {
    name,
    core,
    dataDir,
    db: () => db!,
    sampled,
    heard,
    kill: async () => {
      releasing = false
      running.splice(running.indexOf(made), 1)
      await core.dispose()
    },
  }
  running.push(made)
  return made
}

/** As if ten minutes passed: the account's story list is due to be read again at the next round, by whoever samples. */
async function listDue(engine: Engine, accountId: string): Promise<void> {
  const workspace = engine.core.accounts.workspaces.get(accountId)!
  const { store } = workspace.part(engine.core.insights.part)
  await store.updateLive((file) => ({ ...file, listedAt: file.listedAt === null ? null : file.listedAt - 11 * 60_000 }))
}

const postgres = findPostgresBin() !== null

describe.skipIf(!postgres)(`engines sharing accounts on one PostgreSQL${postgres ? '' : `: ${POSTGRES_MISSING}`}`, () => {
  it('show one account’s history and insights alike; one samples it at a time, the other takes over once it was killed', async () => {
    if (!cluster || !emulator) throw new Error('the PostgreSQL cluster did not start')
    const url = await freshDatabase(cluster!, 'shared_data')
    const a = await engine(url, 'a')
    const b = await engine(url, 'b')
    const account = await callCore<AccountSummary>(a.core, 'accounts:connect', { baseUrl: emulator.baseUrl, token: TOKEN, label: 'Bakery' })
    await vi.waitFor(() => expect(b.core.accounts.workspaces.get(account.id)).not.toBeNull(), { timeout: 20_000, interval: 200 })

    // A story sent by the first is in the second's history, and the first's file is not written.
    await callCore(a.core, 'stories:publish', {
      requestId: 'published-on-a',
      draft: { text: { body: 'sent by a' } },
      accountIds: [account.id],
    })
    await vi.waitFor(async () => {
      const listed = await callCore<HistoryItemView[]>(b.core, 'stories:history-list')
      expect(listed.map((item) => [item.accountId, item.summary.text])).toEqual([[account.id, 'sent by a']])
    })
    // Its clients are told, as they would be of a story sent there.
    await vi.waitFor(() => expect(b.heard).toContain(`stories:history-changed ${account.id}`), { timeout: 15_000, interval: 200 })
    const messageId = (await callCore<HistoryItemView[]>(a.core, 'stories:history-list'))[0]!.messageId
    expect(messageId).toBeTruthy()

    // Both go over their accounts at once: one samples it, the other asks the server nothing.
    for (const side of [a, b]) side.sampled.length = 0
    await Promise.all([a.core.insights.sampler.tick(), b.core.insights.sampler.tick()])
    const [holder, other] = a.sampled.length > 0 ? [a, b] : [b, a]
    expect(holder.sampled.length).toBeGreaterThan(0)
    expect(other.sampled).toEqual([])
    for (let round = 0; round < 3; round++) {
      await listDue(other, account.id)
      const before = holder.sampled.length
      await Promise.all([a.core.insights.sampler.tick(), b.core.insights.sampler.tick()])
      expect(holder.sampled.length).toBeGreaterThan(before)
      expect(other.sampled).toEqual([])
    }

    // What the holder sampled, the other reads, and its clients are told.
    await vi.waitFor(() => expect(other.heard).toContain(`insights:changed ${account.id}`), { timeout: 15_000, interval: 200 })
    const stories = async (side: Engine) =>
      callCore<{ items: StoryInsight[]; total: number }>(side.core, 'insights:stories', {
        accountId: account.id,
        sort: 'recent',
        offset: 0,
        count: 10,
      })
    const seen = await stories(other)
    expect(seen.items.map((item) => item.storyId)).toEqual([messageId])
    expect(seen).toEqual(await stories(holder))
    // Neither keeps the account's history or insights in its folder.
    for (const side of [a, b]) {
      const folder = (await readdir(join(side.dataDir, 'accounts'), { recursive: true })).map(String)
      expect(folder.filter((path) => /history\.json$|insights/.test(path))).toEqual([])
    }

    // The holder is killed: its claim stays until the lease runs out, then the other samples the account.
    await listDue(other, account.id)
    await holder.core.insights.sampler.tick()
    await listDue(other, account.id)
    await holder.kill()
    const killedAt = Date.now()
    await other.core.insights.sampler.tick()
    expect(other.sampled).toEqual([])
    await vi.waitFor(
      async () => {
        await other.core.insights.sampler.tick()
        expect(other.sampled.length).toBeGreaterThan(0)
      },
      { timeout: LEASE_MS + 10_000, interval: 250 },
    )
    const takeoverMs = Date.now() - killedAt
    const [claim] = await other.db().query<{ owner: string }>(`SELECT owner FROM ${ACCOUNT_DATA_SCHEMA}.sampling_claims`)
    expect(claim?.owner).toBeTruthy()
    expect((await stories(other)).items.map((item) => item.storyId)).toEqual([messageId])
    console.info(
      `shared account data: the survivor sampled the account ${(takeoverMs / 1000).toFixed(1)} s after the kill (lease ${LEASE_MS / 1000} s)`,
    )
  }, 120_000)

  it('moves what an agent kept in its folder before it shared it into the database at its next start, for every engine', async () => {
    if (!cluster || !emulator) throw new Error('the PostgreSQL cluster did not start')
    const url = await freshDatabase(cluster!, 'shared_data')
    const first = await engine(url, 'before')
    const account = await callCore<AccountSummary>(first.core, 'accounts:connect', {
      baseUrl: emulator.baseUrl,
      token: TOKEN,
      label: 'Bakery',
    })
    const folder = first.core.accounts.dirOf(account.id)
    await first.core.dispose()
    running.splice(running.indexOf(first), 1)

    // As an agent that ran before the history and insights were shared left them.
    const postedAt = Date.now() - 3_600_000
    const entry = {
      id: 'kept-in-folder',
      requestId: 'kept-in-folder-0',
      publishedAt: new Date(postedAt).toISOString(),
      summary: {
        kind: 'text',
        text: 'from the folder',
        thumbnail: null,
        background: '#FF1E88E5',
        color: '#FFFFFFFF',
        font: 'SYSTEM_BOLD',
        audience: { mode: 'everyone', count: null, excluded: 0 },
        mediaBytes: null,
      },
      messageId: 'folder-story',
      messageStatus: 'sent',
      confirmation: 'confirmed',
    }
    await writeFile(join(folder, 'history.json'), JSON.stringify({ version: 1, entries: [entry] }))
    await mkdir(join(folder, 'insights'), { recursive: true })
    const live = { version: 1, listedAt: null, stories: [story({ id: 'folder-story', postedAt, minutes: [1, 2, 5] })] }
    await writeFile(join(folder, 'insights', 'live.json'), JSON.stringify(live))

    const again = await engine(url, 'again', first.dataDir)
    const other = await engine(url, 'other')
    await vi.waitFor(async () => {
      const listed = await callCore<HistoryItemView[]>(other.core, 'stories:history-list')
      expect(listed.map((item) => item.id)).toEqual(['kept-in-folder'])
    })
    const insights = await callCore<{ items: StoryInsight[] }>(other.core, 'insights:stories', {
      accountId: account.id,
      sort: 'recent',
      offset: 0,
      count: 10,
    })
    // (The emulator's own stories of the account may be listed beside it, found by whichever samples.)
    expect(insights.items.filter((item) => item.storyId === 'folder-story').map((item) => item.reach)).toEqual([3])
    const left = (await readdir(folder, { recursive: true })).map(String)
    expect(left.filter((path) => /history\.json$|live\.json$|stories\.columns$/.test(path))).toEqual([])
    expect((await callCore<HistoryItemView[]>(again.core, 'stories:history-list')).map((item) => item.id)).toEqual(['kept-in-folder'])
  }, 120_000)
})
