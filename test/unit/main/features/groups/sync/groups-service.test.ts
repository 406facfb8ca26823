import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GroupsQuerySchema, type SyncState } from '@shared/channels/groups'
import type { AppError } from '@shared/errors'
import type { FaultInput, Emulator } from '../../../../../../src-main/emulator'
import type { ApiClientOptions } from '../../../../../../src-main/platform/api'
import { GROUPS_INDEX_FILE, SNAPSHOT_FILE, SnapshotStore } from '../../../../../../src-main/features/groups/cache'
import { spawnEmulator } from '../../../../../support/emulator-process'
import { GroupsService } from '../../../../../../src-main/features/groups/sync'
import { ContactsSearch } from '../../../../../../src-main/features/stories/publish/contacts-search'
import {
  SELF_PHONE,
  captureLogger,
  clientFor,
  readSequentially,
  recordingHub,
  session,
  startTestEmulator,
  switchableAccounts,
  tempDir,
  until,
  idsOnDisk,
} from './support'
import { pictureNet } from '../../../../../support/picture-net'

const TOTAL = 10_000
let emulator: Emulator
/** A folder holding the snapshot of a complete earlier sync, copied into each test's account folder. */
let template: { path: string; remove(): Promise<void> }
let dir: { path: string; remove(): Promise<void> }
const services: GroupsService[] = []

beforeAll(async () => {
  emulator = await startTestEmulator({ groups: TOTAL })
  template = await tempDir('statusdesk-template-')
  const { service } = build(template.path)
  await service.sync('acc')
  await service.dispose()
}, 120_000)
afterAll(async () => {
  await template.remove()
  await emulator.stop()
})
beforeEach(async () => {
  dir = await tempDir()
})
afterEach(async () => {
  for (const service of services.splice(0)) await service.dispose()
  emulator.control.reset()
  await dir.remove()
})

function build(
  path: string,
  options: {
    client?: Partial<ApiClientOptions>
    account?: string
    /** Another server than the in-process emulator (one in its own process). */
    server?: Pick<Emulator, 'baseUrl' | 'token'>
  } = {},
) {
  const server = options.server ?? emulator
  const events = recordingHub()
  const log = captureLogger()
  const client = clientFor(server, options.client)
  const id = options.account ?? 'acc'
  const accounts = switchableAccounts(session(id, path, client, server.baseUrl))
  const service = new GroupsService({
    workspaces: accounts,
    events,
    log,
    settings: () => ({ intervalMinutes: 0, concurrency: 4, downloadPictures: false }),
    fetchFor: () => pictureNet(server.baseUrl),
  })
  services.push(service)
  // The account's own view of its server, as its requests learn it.
  const connectivity = accounts.get(id)!.connectivity
  return { service, events, connectivity, accounts, log }
}

async function withPreviousSnapshot(): Promise<Buffer> {
  await copyFile(join(template.path, SNAPSHOT_FILE), join(dir.path, SNAPSHOT_FILE))
  return readFile(join(dir.path, SNAPSHOT_FILE))
}

const firstWindow = GroupsQuerySchema.parse({})

describe('a full sync', () => {
  it('equals the server’s set of groups and reports what it added', async () => {
    const { service, events } = build(dir.path)
    const result = await service.sync('acc')
    expect(result).toMatchObject({
      added: TOTAL,
      removed: 0,
      changed: 0,
      total: TOTAL,
      rejected: 0,
    })
    const cached = await idsOnDisk(dir.path)
    const server = await readSequentially(clientFor(emulator))
    expect(new Set(cached)).toEqual(new Set(server.map((g) => g.id)))
    const state = service.state('acc')
    expect(state).toMatchObject({
      accountId: 'acc',
      syncing: false,
      fromCache: false,
      lastError: null,
      count: TOTAL,
      online: true,
    })
    expect(state.lastSyncedAt).not.toBeNull()
    expect(events.of('groups:changed')).toContainEqual({ accountId: 'acc' })
    const progress = events.of('sync:progress')
    expect(progress.at(-1)).toEqual({ accountId: 'acc', fetched: TOTAL, total: TOTAL })
    // The saved snapshot is the same set.
    const saved = await new SnapshotStore({ dir: dir.path, accountId: 'acc' }).load()
    expect(saved.status === 'loaded' && saved.snapshot.groups.length).toBe(TOTAL)
  }, 60_000)

  it('a second call while one runs joins it: one set of requests, one result', async () => {
    const { service } = build(dir.path)
    emulator.control.requests.clear()
    const [a, b] = await Promise.all([service.sync('acc'), service.sync('acc')])
    expect(b).toBe(a)
    const groupRequests = emulator.control.requests.list().filter((r) => r.route === 'groups')
    expect(groupRequests).toHaveLength(TOTAL / 500 + 1)
  }, 60_000)

  it('a later sync reports only what changed since the snapshot before it', async () => {
    await withPreviousSnapshot()
    const { service } = build(dir.path)
    emulator.control.groups.mutate({ add: 12, remove: 5 })
    const result = await service.sync('acc')
    expect(result).toMatchObject({ added: 12, removed: 5, changed: 0, total: TOTAL + 7 })
  }, 60_000)
})

const FAULTS: [string, FaultInput, string, Partial<ApiClientOptions>?][] = [
  ['a 500 answer', { type: 'status', status: 500, after: 3 }, 'server'],
  ['429 too many requests', { type: 'rate-limit', retryAfter: 0, after: 3 }, 'rate-limited'],
  ['a server that hangs', { type: 'hang', after: 3 }, 'timeout', { timeouts: { headersMs: 300, stallMs: 300 } }],
  ['a connection reset mid-body', { type: 'reset', after: 3 }, 'connection-closed'],
  ['malformed JSON', { type: 'malformed-json', after: 3 }, 'invalid-response'],
]

describe('a fault mid-sync', () => {
  it.each(FAULTS)(
    '%s: the previous snapshot stays as it was and the error is clear',
    async (_name, fault, code, client) => {
      const before = await withPreviousSnapshot()
      const { service, events } = build(dir.path, { client: client ?? {} })
      await service.query('acc', firstWindow)
      const stateBefore = service.state('acc')
      emulator.control.faults.add(fault)

      const error = await service.sync('acc').catch((e: unknown) => e)
      // The failure's own text (not only its code's), marked as leaving the last complete sync shown.
      expect(error).toMatchObject({ code, details: expect.objectContaining({ kept: true }) })
      expect((error as AppError).text.key).not.toMatch(/^errors\.codes\./)
      expect(JSON.stringify(error)).not.toContain(emulator.token)

      expect((await readFile(join(dir.path, SNAPSHOT_FILE))).equals(before)).toBe(true)
      // No temp file left behind either.
      expect((await readdir(dir.path)).sort()).toEqual([GROUPS_INDEX_FILE, SNAPSHOT_FILE])
      const state = service.state('acc')
      expect(state.lastError).toMatchObject({ code })
      expect(state.lastSyncedAt).toBe(stateBefore.lastSyncedAt)
      expect(state.fromCache).toBe(true)
      expect(state.count).toBe(TOTAL)
      expect((await service.query('acc', firstWindow)).total).toBe(TOTAL)
      expect(events.of('sync:state').at(-1)).toMatchObject({ syncing: false, lastError: { code } })
    },
    60_000,
  )

  it('a reset is the server hanging up, not the network going away: the state stays online', async () => {
    await withPreviousSnapshot()
    const { service, connectivity } = build(dir.path)
    emulator.control.faults.add({ type: 'reset' })
    await service.sync('acc').catch(() => undefined)
    expect(connectivity.online).toBe(true)
    expect(service.state('acc')).toMatchObject({ online: true, lastError: { code: 'connection-closed' } })
    emulator.control.faults.clear()
    await service.sync('acc')
    expect(service.state('acc')).toMatchObject({ online: true, lastError: null, fromCache: false })
  }, 60_000)

  it('the total changing mid-sync still gives the complete, correct list', async () => {
    await withPreviousSnapshot()
    const { service } = build(dir.path)
    emulator.control.faults.add({ type: 'mutate', add: 40, remove: 25, nth: 4 })
    const result = await service.sync('acc')
    expect(result).toMatchObject({ added: 40, removed: 25, total: TOTAL + 15 })
    const server = await readSequentially(clientFor(emulator))
    expect(await idsOnDisk(dir.path)).toEqual(server.map((g) => g.id))
  }, 60_000)

  it('malformed groups are set aside, counted, and keep their last good version', async () => {
    await withPreviousSnapshot()
    const { service } = build(dir.path)
    const previous = await idsOnDisk(dir.path)
    const before = await Promise.all([10, 4_321].map(async (position) => (await service.get('acc', previous[position]!)).group))
    emulator.control.faults.add({ type: 'schema-violation', indexes: [10, 4_321] })
    const result = await service.sync('acc')
    expect(result).toMatchObject({ rejected: 2, removed: 0, total: TOTAL })
    for (const old of before) {
      const kept = await service.get('acc', old.id)
      expect(kept.group).toEqual(old)
    }
  }, 60_000)

  it('a record without an id: every group the pass missed keeps its last good version, marked stale, until a clean pass', async () => {
    await withPreviousSnapshot()
    const { service } = build(dir.path)
    const previous = await idsOnDisk(dir.path)
    // The whole record, participants and all, as the last sync saved it.
    const lost = (await service.get('acc', previous[1_234]!)).group
    emulator.control.faults.add({
      type: 'schema-violation',
      violation: 'missing-id',
      indexes: [1_234],
    })
    const result = await service.sync('acc')
    expect(result).toMatchObject({ rejected: 1, removed: 0, changed: 0, total: TOTAL })
    expect(service.state('acc').count).toBe(TOTAL)

    const all = await service.query('acc', GroupsQuerySchema.parse({ limit: 200, sort: 'name' }))
    expect(all.total).toBe(TOTAL)
    const stale = []
    for (let offset = 0; offset < TOTAL; offset += 200) {
      const window = await service.query('acc', GroupsQuerySchema.parse({ offset, limit: 200 }))
      stale.push(...window.rows.filter((row) => row.stale).map((row) => row.id))
      expect(window.rows.every((row) => typeof row.stale === 'boolean')).toBe(true)
    }
    expect(stale).toEqual([lost.id])
    expect(await service.get('acc', lost.id)).toMatchObject({ group: lost, stale: true })
    expect(await service.get('acc', previous[0]!)).toMatchObject({ stale: false })

    // The mark survives a restart: it is part of the snapshot.
    const reopened = build(dir.path).service
    expect(await reopened.get('acc', lost.id)).toMatchObject({ group: lost, stale: true })
    await reopened.dispose()

    // A clean pass reads the group again and the mark goes.
    emulator.control.faults.clear()
    await service.sync('acc')
    expect(await service.get('acc', lost.id)).toMatchObject({ stale: false })
    expect(service.state('acc').count).toBe(TOTAL)
  }, 90_000)

  it('after a clean pass, a group the server no longer lists is removed', async () => {
    await withPreviousSnapshot()
    const { service } = build(dir.path)
    emulator.control.groups.mutate({ removePositions: [5] })
    const result = await service.sync('acc')
    expect(result).toMatchObject({ rejected: 0, removed: 1, total: TOTAL - 1 })
  }, 60_000)

  it('cancelled mid-sync: the previous snapshot stays and the state says cancelled', async () => {
    const before = await withPreviousSnapshot()
    const { service, events } = build(dir.path)
    emulator.control.faults.add({ type: 'latency', ms: 40 })
    const off = events.subscribe((name, payload) => {
      if (name === 'sync:progress' && (payload as { fetched: number }).fetched >= 1_000) service.cancel('acc')
    })
    const error = await service.sync('acc').catch((e: unknown) => e)
    off()
    expect(error).toMatchObject({ code: 'cancelled', text: { key: 'groupErrors.sync.cancelled' }, details: { kept: true } })
    expect((await readFile(join(dir.path, SNAPSHOT_FILE))).equals(before)).toBe(true)
    expect(service.state('acc')).toMatchObject({
      syncing: false,
      lastError: { code: 'cancelled' },
      count: TOTAL,
    })
  }, 60_000)
})

describe('a server that never stops sending pages', () => {
  it.each([
    ['ignoring `offset`', [{ type: 'paging', variant: 'ignore-offset' }]],
    [
      'ignoring `offset` and claiming 10^12 groups',
      [
        { type: 'paging', variant: 'ignore-offset' },
        { type: 'paging', variant: 'huge-total' },
      ],
    ],
  ] as [string, FaultInput[]][])(
    '%s: the sync ends within 10 s with a plain error, memory stays put and the cache is untouched',
    async (_name, faults) => {
      const before = await withPreviousSnapshot()
      // The server in its own process, so the memory measured below is the client's alone.
      const server = await spawnEmulator(['--groups', String(TOTAL), ...faults.flatMap((f) => ['--fault', JSON.stringify(f)])])
      try {
        const { service } = build(dir.path, { server })
        await service.query('acc', firstWindow)
        const baseline = process.memoryUsage().rss
        let peak = baseline
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss)
        }, 20)
        const started = Date.now()
        const error = await service.sync('acc').catch((e: unknown) => e)
        const elapsed = Date.now() - started
        clearInterval(sampler)
        peak = Math.max(peak, process.memoryUsage().rss)

        expect(error).toMatchObject({
          code: 'invalid-response',
          text: { key: 'groupErrors.sync.endlessPaging' },
          details: { reason: 'endless-paging', kept: true },
        })
        expect(elapsed).toBeLessThan(10_000)
        expect(peak - baseline).toBeLessThan(100 * 1024 * 1024)
        expect((await readFile(join(dir.path, SNAPSHOT_FILE))).equals(before)).toBe(true)
        expect((await readdir(dir.path)).sort()).toEqual([GROUPS_INDEX_FILE, SNAPSHOT_FILE])
        expect(service.state('acc')).toMatchObject({
          count: TOTAL,
          lastError: { code: 'invalid-response', details: { reason: 'endless-paging' } },
        })
      } finally {
        await server.stop()
      }
    },
    60_000,
  )
})

describe('offline first', () => {
  it('answers from the cache before any network call, with the time of the last sync', async () => {
    await withPreviousSnapshot()
    let calls = 0
    const counting = ((url: string, init: RequestInit) => {
      calls++
      return fetch(url, init)
    }) as typeof fetch
    const { service } = build(dir.path, { client: { fetch: counting } })
    const window = await service.query('acc', firstWindow)
    expect(calls).toBe(0)
    expect(window.total).toBe(TOTAL)
    expect(window.rows).toHaveLength(50)
    const state = service.state('acc')
    expect(state).toMatchObject({ fromCache: true, syncing: false, count: TOTAL })
    const saved = await new SnapshotStore({ dir: dir.path, accountId: 'acc' }).load()
    expect(state.lastSyncedAt).toBe(saved.status === 'loaded' ? saved.snapshot.syncedAt : 'missing')
  }, 60_000)

  it('starts with the cache while the server is unreachable, then syncs in the background', async () => {
    await withPreviousSnapshot()
    emulator.control.faults.add({ type: 'hang' })
    const { service } = build(dir.path, { client: { timeouts: { headersMs: 300, stallMs: 300 } } })
    await service.start()
    expect((await service.query('acc', firstWindow)).total).toBe(TOTAL)
    expect(service.state('acc').fromCache).toBe(true)
    await until(() => service.state('acc').lastError !== null)
    expect(service.state('acc')).toMatchObject({ fromCache: true, lastError: { code: 'timeout' } })
  }, 60_000)

  it('refreshes by itself when the network comes back', async () => {
    await withPreviousSnapshot()
    // Short enough to give up on the hanging server below in seconds, long enough that a
    // loaded machine's slow answers are not taken for a hang.
    const { service, connectivity } = build(dir.path, { client: { timeouts: { headersMs: 1500, stallMs: 1500 } } })
    await service.start()
    // The first sync after start, whatever its outcome.
    await until(
      () => !service.state('acc').syncing && (service.state('acc').lastResult !== null || service.state('acc').lastError !== null),
      45_000,
    )
    // No answer at all (a reset would be the server answering by hanging up).
    emulator.control.faults.add({ type: 'hang' })
    await service.sync('acc').catch(() => undefined)
    expect(connectivity.online).toBe(false)
    emulator.control.faults.clear()
    emulator.control.groups.mutate({ add: 3 })
    // Another service's request got through: that is the sign the network is back.
    connectivity.reportSuccess()
    await until(() => service.state('acc').count === TOTAL + 3 && !service.state('acc').syncing, 30_000)
    expect(service.state('acc')).toMatchObject({ online: true, lastError: null })
  }, 60_000)

  it('sets an unreadable cache aside with a notice, starts empty and syncs again', async () => {
    await writeFile(
      join(dir.path, SNAPSHOT_FILE),
      '{"format":"statusdesk-groups","version":1,"accountId":"acc","syncedAt":"x","count":3}\n{"cou',
    )
    const { service, events } = build(dir.path)
    await service.start()
    expect((await service.query('acc', firstWindow)).total).toBe(0)
    const notice = events.of('app:notice')[0]
    expect(notice?.level).toBe('warning')
    // A version-1 file is of a format this version no longer reads.
    expect(notice?.text).toEqual({ key: 'groupErrors.cache.setAside.olderFormat' })
    await until(() => service.state('acc').count === TOTAL, 60_000)
    expect((await readdir(dir.path)).some((n) => n.startsWith(`${SNAPSHOT_FILE}.unreadable-`))).toBe(true)
    const saved = await new SnapshotStore({ dir: dir.path, accountId: 'acc' }).load()
    expect(saved.status).toBe('loaded')
  }, 90_000)
})

describe('accounts', () => {
  it('swaps to the other account’s groups when the screen changes account, and back; an account no screen shows is refused', async () => {
    await withPreviousSnapshot()
    const small = await startTestEmulator({ groups: 120, seed: 99 })
    const other = await tempDir()
    try {
      const { service, accounts, events } = build(dir.path)
      await service.start()
      expect((await service.query('acc', firstWindow)).total).toBe(TOTAL)
      await accounts.switchTo(session('other', other.path, clientFor(small), small.baseUrl))
      expect(service.state('other').accountId).toBe('other')
      await until(() => service.state('other').count === 120 && !service.state('other').syncing, 30_000)
      expect((await service.query('other', firstWindow)).total).toBe(120)
      expect(events.of('groups:changed')).toContainEqual({ accountId: 'other' })
      // The account the screen left is off screen: its groups were let go.
      await expect(service.query('acc', firstWindow)).rejects.toMatchObject({
        code: 'invalid-request',
        text: { key: 'groupErrors.notOnScreen' },
      })
      await accounts.switchTo(session('acc', dir.path, clientFor(emulator), emulator.baseUrl))
      expect((await service.query('acc', firstWindow)).total).toBe(TOTAL)
      expect(service.state('acc')).toMatchObject({ accountId: 'acc', fromCache: true })
      await accounts.switchTo(null)
      // No screen shows either account: neither answers, and nothing syncs.
      for (const id of ['acc', 'other']) {
        await expect(service.query(id, firstWindow)).rejects.toMatchObject({
          code: 'invalid-request',
          text: { key: 'groupErrors.notOnScreen' },
        })
        expect(() => service.state(id)).toThrow(expect.objectContaining({ code: 'invalid-request' }))
        await expect(service.sync(id)).rejects.toMatchObject({ code: 'invalid-request' })
      }
      // An account that is not open at all is not found.
      await expect(service.sync('never-listed')).rejects.toMatchObject({ code: 'not-found', text: { key: 'groupErrors.noAccount' } })
    } finally {
      await small.stop()
      await other.remove()
    }
  }, 90_000)

  it('keeps two accounts on two screens apart: one server down leaves the other account online and syncing', async () => {
    await withPreviousSnapshot()
    const small = await startTestEmulator({ groups: 120, seed: 99 })
    const other = await tempDir()
    try {
      const { service, accounts, events, connectivity } = build(dir.path, { client: { timeouts: { headersMs: 300, stallMs: 300 } } })
      await accounts.switchTo(session('other', other.path, clientFor(small), small.baseUrl), 'window:second')
      expect((await service.query('acc', firstWindow)).total).toBe(TOTAL)
      expect((await service.query('other', firstWindow)).total).toBe(0)
      // The first account's server stops answering.
      emulator.control.faults.add({ type: 'hang' })
      await expect(service.sync('acc')).rejects.toMatchObject({ code: 'timeout' })
      expect(connectivity.online).toBe(false)
      expect(service.state('acc')).toMatchObject({ online: false, lastError: { code: 'timeout' } })
      // The second account's server is another: it is online and syncs as ever.
      expect(accounts.get('other')!.connectivity.online).toBe(true)
      await expect(service.sync('other')).resolves.toMatchObject({ total: 120 })
      expect(service.state('other')).toMatchObject({ online: true, lastError: null, count: 120, accountId: 'other' })
      // Each status line hears of its own account.
      const offline = events.of('sync:state').filter((state) => !state.online)
      expect(offline.length).toBeGreaterThan(0)
      expect(offline.every((state) => state.accountId === 'acc')).toBe(true)
    } finally {
      await small.stop()
      await other.remove()
    }
  }, 60_000)

  it('keeps the groups but uses the new client when the same account gets a new token', async () => {
    await withPreviousSnapshot()
    const { service, accounts } = build(dir.path)
    expect((await service.query('acc', firstWindow)).total).toBe(TOTAL)
    await accounts.switchTo(session('acc', dir.path, clientFor(emulator, { token: 'not-the-right-token' }), emulator.baseUrl))
    await expect(service.sync('acc')).rejects.toMatchObject({ code: 'unauthorized' })
    expect(service.state('acc')).toMatchObject({ fromCache: true, count: TOTAL })
    await accounts.switchTo(session('acc', dir.path, clientFor(emulator), emulator.baseUrl))
    await service.sync('acc')
    expect(service.state('acc')).toMatchObject({ fromCache: false, lastError: null })
  }, 60_000)

  it('lists the people of the cached groups for a contact picker, without the account itself', async () => {
    await withPreviousSnapshot()
    const { service } = build(dir.path)
    const people = await new ContactsSearch((accountId) => service.participants(accountId)).search('acc', '', 100_000)
    expect(people.total).toBeGreaterThan(1_000)
    expect(people.contacts.some((p) => p.id === SELF_PHONE)).toBe(false)
    expect(people.contacts[0]!.groupCount).toBeGreaterThanOrEqual(people.contacts.at(-1)!.groupCount)
    expect(people.contacts.every((p) => /^\d{7,15}$/.test(p.id))).toBe(true)
    expect(people.contacts[0]!.groups.length).toBeGreaterThan(0)
    expect(await service.participantsWithIds('acc', [people.contacts[0]!.id, SELF_PHONE])).toEqual([
      { id: people.contacts[0]!.id, sampleGroups: people.contacts[0]!.groups },
    ])
    expect((await idsOnDisk(dir.path)).length).toBe(TOTAL)
    expect(await service.namedSenders('someone-else')).toEqual([])
  }, 60_000)

  it('an unknown group id is not found; a known one gives the full record', async () => {
    await withPreviousSnapshot()
    const { service } = build(dir.path)
    await expect(service.get('acc', 'missing@g.us')).rejects.toMatchObject({ code: 'not-found' })
    const first = (await service.query('acc', firstWindow)).rows[0]!
    const detail = await service.get('acc', first.id)
    expect(detail.group.id).toBe(first.id)
    expect(detail.group.participants.length).toBe(detail.group.participants_count)
  }, 60_000)
})

describe('state events', () => {
  it('announce the start and the end of a sync', async () => {
    const { service, events } = build(dir.path)
    await service.sync('acc')
    const states = events.of('sync:state') as SyncState[]
    expect(states.some((s) => s.syncing)).toBe(true)
    expect(states.at(-1)).toMatchObject({ syncing: false, progress: null, count: TOTAL })
  }, 60_000)
})
