import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_FILE_LIST, ACCOUNT_FILES } from '../../../../../src-main/account/files/account-files'
import type { LiveRecord } from '../../../../../src-main/account/files/formats/insights-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import { AccountWorkspace } from '../../../../../src-main/account/workspace/account-workspace'
import { insightsPart } from '../../../../../src-main/features/insights/insights-part'
import { InsightsStore, KEEP_LIVE_MS } from '../../../../../src-main/features/insights/insights-store'
import { recordAt, type StoryColumns } from '../../../../../src-main/features/insights/story-columns'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { story } from './records'

const DAY = 24 * 3600_000
const NOW = Date.parse('2026-06-15T12:00:00Z')

let dir: string
let now: number
let setAside: string[]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-insights-store-'))
  now = NOW
  setAside = []
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function openStore(
  accountId = 'acc1',
  limits?: { stories: number; views: number },
  folder = dir,
): { store: InsightsStore; root: FileRoot } {
  const root = new FileRoot(folder, ACCOUNT_FILE_LIST, { log: silentLogger, onSetAside: (_decl, path) => setAside.push(path) })
  const store = new InsightsStore({
    accountId,
    live: root.json(ACCOUNT_FILES.insightsLive),
    archivePath: root.path(ACCOUNT_FILES.insightsArchive),
    log: silentLogger,
    now: () => now,
    onSetAside: (path) => setAside.push(path),
    ...(limits && { limits }),
  })
  return { store, root }
}

async function putLive(store: InsightsStore, stories: LiveRecord[]): Promise<void> {
  await store.updateLive(() => ({ version: 1, listedAt: null, stories }))
}

function records(columns: StoryColumns): ReturnType<typeof recordAt>[] {
  return Array.from({ length: columns.count }, (_, i) => recordAt(columns, i))
}

const bare = ({ sampledAt: _s, failures: _f, ...record }: LiveRecord) => record

describe('the insights store', () => {
  it("takes another engine's insights in by story id: what both have stays as it was, and a repeat adds nothing", async () => {
    const { store } = openStore('acc1')
    const shared = story({ postedAt: NOW - 6 * DAY, snippet: 'mine' })
    const second = story({ postedAt: NOW - 5 * DAY })
    await putLive(store, [shared, second])
    await store.settle(30, { all: true })
    const other = openStore('agent-account-7', undefined, join(dir, 'other')).store
    const theirs = [{ ...shared, snippet: 'theirs' }, story({ postedAt: NOW - 4 * DAY }), story({ postedAt: NOW - 3 * DAY })]
    await putLive(other, theirs)
    await other.settle(30, { all: true })
    const followed = story({ postedAt: NOW - 3_600_000, final: false })
    await putLive(other, [followed])
    const given = await other.exportAll()
    const { decodeArchive } = await import('../../../../../src-main/features/insights/archive-file')
    const archive = decodeArchive('agent-account-7', given.archive)
    expect(await store.mergeIn({ archive, live: given.live }, 30)).toEqual({ added: 3 })
    const after = records(await store.archive())
    expect(after.map((record) => record.id)).toEqual([shared.id, second.id, theirs[1]!.id, theirs[2]!.id])
    expect(after[0]!.snippet).toBe('mine')
    expect((await store.readLive()).stories.map((record) => record.id)).toEqual([followed.id])
    expect(await store.mergeIn({ archive, live: given.live }, 30)).toEqual({ added: 0 })
    expect(records(await store.archive())).toHaveLength(4)
  })

  it('moves expired stories into the archive and reads them back as they were', async () => {
    const { store } = openStore()
    const old = [
      story({ postedAt: NOW - 5 * DAY, kind: 'image', background: null, font: null, source: 'phone' }),
      story({ postedAt: NOW - 4 * DAY, audience: { mode: 'contacts', name: null, size: 40 }, minutes: [1, 2, 65_535] }),
      story({ postedAt: NOW - 3 * DAY, audience: { mode: 'audience', name: 'Clientes «VIP» 🌟', size: 12 }, snippet: 'Привет, мир' }),
    ]
    const recent = story({ postedAt: NOW - 3600_000, final: false })
    const expiredYesterday = story({ postedAt: NOW - DAY - 3600_000 })
    await putLive(store, [...old, expiredYesterday, recent])
    expect(await store.settle(90)).toEqual({ moved: 3, dropped: 0 })
    expect(records(await store.archive())).toEqual(old.map(bare))
    // What expired less than KEEP_LIVE_MS ago stays with the live ones, and so does what is still live.
    expect((await store.readLive()).stories.map((s) => s.id)).toEqual([expiredYesterday.id, recent.id])
    expect(KEEP_LIVE_MS).toBe(2 * DAY)

    // A store opened afresh (a restart) reads the same file.
    const again = openStore().store
    const { parts } = await again.stories(90)
    expect(parts.flatMap(records).map((r) => r.id)).toEqual([...old, expiredYesterday, recent].map((s) => s.id))
  })

  it('applies the retention when reading and when settling, and keeps the archive within its limits', async () => {
    const { store } = openStore('acc1', { stories: 4, views: 100 })
    const stories = [40, 20, 10, 9, 8, 6, 5].map((days) => story({ postedAt: NOW - days * DAY, minutes: [1, 2, 3] }))
    await putLive(store, stories)
    await store.settle(90)
    // Seven stories, the limit four: the oldest went first.
    expect(records(await store.archive()).map((r) => r.id)).toEqual(stories.slice(3).map((s) => s.id))
    // Reading with a 7-day retention skips the older ones without writing anything.
    const { cutoff, parts } = await store.stories(7)
    expect(cutoff).toBe(NOW - 7 * DAY)
    expect(parts[0]!.count).toBe(4)
    expect(Array.from(parts[0]!.posted).filter((at) => at >= cutoff)).toHaveLength(2)
    // Settling with it lets them go for good.
    expect(await store.settle(7)).toEqual({ moved: 0, dropped: 2 })
    expect(records(await store.archive()).map((r) => r.id)).toEqual(stories.slice(5).map((s) => s.id))

    const views = openStore('acc2', { stories: 100, views: 10 })
    await putLive(
      views.store,
      [3, 4, 5].map((days) => story({ postedAt: NOW - days * DAY, minutes: [1, 2, 3, 4, 5] })),
    )
    await views.store.settle(90)
    expect((await views.store.archive()).minutes.length).toBe(10)
  })

  it('counts a story once when a crash left it both in the archive and with the live ones', async () => {
    const { store } = openStore()
    const moved = story({ postedAt: NOW - 4 * DAY })
    await putLive(store, [moved])
    await store.settle(90)
    // As if the app stopped after writing the archive, before writing the live file.
    await putLive(store, [moved])
    const { parts } = await store.stories(90)
    expect(parts.reduce((sum, part) => sum + part.count, 0)).toBe(1)
    await store.settle(90)
    expect((await store.archive()).count).toBe(1)
    expect((await store.readLive()).stories).toEqual([])
  })

  it('sets a damaged archive aside, says so, and starts again empty; the copy is a declared file', async () => {
    const { store, root } = openStore()
    await putLive(store, [story({ postedAt: NOW - 4 * DAY })])
    await store.settle(90)
    const path = root.path(ACCOUNT_FILES.insightsArchive)
    const bytes = await readFile(path)
    bytes[bytes.length - 10]! ^= 0xff
    await writeFile(path, bytes)
    const fresh = openStore().store
    expect((await fresh.archive()).count).toBe(0)
    expect(setAside).toHaveLength(1)
    expect(setAside[0]).toMatch(/stories\.columns\.corrupt-/)
    expect((await readdir(join(dir, 'insights'))).sort()).toEqual(['live.json', expect.stringMatching(/^stories\.columns\.corrupt-/)])
    expect(await root.undeclared()).toEqual([])
    expect((await root.setAsideCopies()).map((copy) => copy.kind)).toEqual(['insights'])
  })

  it('sets aside, with its notice, an archive whose checksum holds but whose posting time no Date can hold', async () => {
    const { store, root } = openStore()
    const kept = story({ postedAt: NOW - 5 * DAY })
    await putLive(store, [kept, story({ postedAt: NOW - 4 * DAY })])
    await store.settle(90)
    const path = root.path(ACCOUNT_FILES.insightsArchive)
    const bytes = await readFile(path)
    const posted = Buffer.alloc(8)
    posted.writeDoubleLE(kept.postedAt)
    const at = bytes.indexOf(posted)
    expect(at).toBeGreaterThan(0)
    // 8.7e15 ms is past the year 275760: a file that says so was not written by the app.
    bytes.writeDoubleLE(8.7e15, at)
    bytes.writeUInt32LE(crc32(bytes.subarray(0, bytes.length - 4)), bytes.length - 4)
    await writeFile(path, bytes)
    const fresh = openStore().store
    expect((await fresh.archive()).count).toBe(0)
    expect(setAside).toEqual([expect.stringMatching(/stories\.columns\.corrupt-/)])
    expect((await fresh.stories(90)).parts.every((part) => part.count === 0)).toBe(true)
  })

  it('sets aside an archive that is a link (to /dev/zero) with its notice, without following it', async () => {
    const { store, root } = openStore()
    await mkdir(join(dir, 'insights'), { recursive: true })
    await symlink('/dev/zero', root.path(ACCOUNT_FILES.insightsArchive))
    expect((await store.archive()).count).toBe(0)
    expect(setAside).toEqual([expect.stringMatching(/stories\.columns\.corrupt-/)])
    expect((await lstat(setAside[0]!)).isSymbolicLink()).toBe(true)
  })

  it('refuses to write a live file or an archive its own checks would refuse: the files on disk stay as they were', async () => {
    const { store } = openStore()
    const good = story({ postedAt: NOW - 4 * DAY })
    await putLive(store, [good])
    await expect(putLive(store, [story({ postedAt: 1e23 })])).rejects.toThrow(/not written/)
    expect((await openStore().store.readLive()).stories.map((s) => s.id)).toEqual([good.id])
    expect(setAside).toEqual([])
  })

  it('sets aside an archive of another account, and a live file that is not JSON', async () => {
    const other = openStore('acc-other').store
    await putLive(other, [story({ postedAt: NOW - 4 * DAY })])
    await other.settle(90)
    const mine = openStore('acc-mine').store
    expect((await mine.archive()).count).toBe(0)
    expect(setAside).toHaveLength(1)

    await writeFile(join(dir, 'insights', 'live.json'), '{"version":1,"stories":[{')
    expect((await openStore('acc-mine').store.readLive()).stories).toEqual([])
    expect(setAside).toHaveLength(2)
    expect(setAside[1]).toMatch(/live\.json\.corrupt-/)
  })

  it('lives in the account’s folder and goes with it', async () => {
    const accountDir = join(dir, 'accounts', 'acc1')
    await mkdir(accountDir, { recursive: true })
    const workspace = new AccountWorkspace({
      id: 'acc1',
      dir: accountDir,
      log: silentLogger,
      label: () => 'One',
      openSession: async () => null,
    })
    const part = insightsPart({ log: silentLogger, now: () => now, notice: () => {} })
    const insights = workspace.part(part)
    await insights.store.updateLive(() => ({ version: 1, listedAt: null, stories: [story({ postedAt: NOW - 4 * DAY })] }))
    await insights.store.settle(90)
    expect((await readdir(join(accountDir, 'insights'))).sort()).toEqual(['live.json', 'stories.columns'])
    await workspace.remove()
    expect(await readdir(join(dir, 'accounts'))).toEqual([])
    expect(insights.disposed).toBe(true)
  })
})
