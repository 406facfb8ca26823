import { readFile, readdir, stat, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Group } from '@shared/domain'
import {
  PARTICIPANTS_FILE,
  ParticipantIndex,
  startParticipantsWorker,
  type ParticipantIndexOptions,
  type ParticipantsSnapshot,
} from '../../../../../../src-main/features/groups/participants'
import { ContactsSearch } from '../../../../../../src-main/features/stories/publish/contacts-search'
import { captureLogger, groupsFromEmulator, tempDir, until } from '../sync/support'
import { countingStarter, referenceSearch, savedSnapshot } from './support'

let groups: Group[]
let dir: { path: string; remove(): Promise<void> }
const open: { index: ParticipantIndex; snapshot: ParticipantsSnapshot }[] = []

beforeAll(async () => {
  groups = await groupsFromEmulator(300, { seed: 11 })
}, 60_000)
beforeEach(async () => {
  dir = await tempDir('statusdesk-people-')
})
afterEach(async () => {
  for (const { index, snapshot } of open.splice(0)) {
    await index.dispose()
    await snapshot.records.reader.retire()
  }
  await dir.remove()
})

async function setUp(
  options: Partial<ParticipantIndexOptions> & {
    failFirst?: number
    records?: readonly unknown[]
    syncedAt?: string
  } = {},
) {
  const snapshot = await savedSnapshot(dir.path, options.records ?? groups, options.syncedAt)
  const workers = countingStarter(startParticipantsWorker, options.failFirst)
  const log = captureLogger()
  const index = new ParticipantIndex({
    dir: dir.path,
    accountId: 'acc',
    log,
    startWorker: workers.start,
    ...options,
  })
  index.use(snapshot, { build: false })
  open.push({ index, snapshot })
  return { index, snapshot, workers, log, search: new ContactsSearch(() => index.participants()) }
}

const path = () => join(dir.path, PARTICIPANTS_FILE)

describe('the participants index file', () => {
  it('is built on a worker at the first search, then read back by a new start without building again', async () => {
    const first = await setUp()
    const expected = (await referenceSearch(first.snapshot)).search('', 1_000)
    expect(await first.search.search('acc', '', 1_000)).toEqual(expected)
    expect(first.workers.starts).toBe(1)
    expect(first.log.lines.some((l) => l.message === 'participants index built')).toBe(true)

    const again = await setUp()
    expect(await again.search.search('acc', '', 1_000)).toEqual(expected)
    expect(again.workers.starts).toBe(0)
    expect((await readdir(dir.path)).filter((n) => n.includes('.tmp-'))).toEqual([])
  }, 30_000)

  it.each([
    [
      'damaged in its body',
      async (file: Buffer) => {
        file[file.length - 5] = (file[file.length - 5] as number) ^ 0xff
        await writeFile(path(), file)
      },
      'checksum mismatch',
    ],
    ['cut short', async (file: Buffer) => truncate(path(), file.length - 100), 'cut short'],
    ['cut inside its header', async () => truncate(path(), 20), 'cut short'],
    [
      'of another version',
      async (file: Buffer) => {
        await writeFile(path(), Buffer.from(file.toString('latin1').replace('"version":2', '"version":7'), 'latin1'))
      },
      'another version (7)',
    ],
    ['not an index at all', async () => writeFile(path(), 'hello\n'), 'not readable'],
  ])(
    'a file %s is not used but built again, and the picker answers as before',
    async (_what, spoil, reason) => {
      const first = await setUp()
      const expected = await first.search.search('acc', 'a', 50)
      const { search, workers, log } = await setUp()
      await spoil(await readFile(path()))
      expect(await search.search('acc', 'a', 50)).toEqual(expected)
      expect(workers.starts).toBe(1)
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          message: 'participants index not usable; building it again',
          data: { reason },
        }),
      )
    },
    30_000,
  )

  it('a file of an earlier snapshot is built again for the one in use', async () => {
    const first = await setUp()
    await first.search.search('acc', '', 10)
    const fewer = groups.slice(0, 100)
    const { search, workers, snapshot, log } = await setUp({
      records: fewer,
      syncedAt: '2025-06-02T10:00:00.000Z',
    })
    const page = await search.search('acc', '', 100_000)
    expect(page).toEqual((await referenceSearch(snapshot)).search('', 100_000))
    expect(workers.starts).toBe(1)
    expect(log.lines).toContainEqual(expect.objectContaining({ data: { reason: 'from another snapshot' } }))
  }, 30_000)

  it('skips records whose participants are not a list, participants without a string id, and groups without a name, as before', async () => {
    const records = [
      {
        id: 'a@g.us',
        name: 'Alpha',
        participants: [{ id: '15550100002' }, { id: 42 }, null, 'x', { id: '15550100003@s.whatsapp.net' }],
      },
      { id: 'b@g.us', name: 'Beta', participants: 'everyone' },
      { id: 'c@g.us', name: 7, participants: [{ id: '15550100004' }] },
      { id: 'd@g.us', name: 'Gamma', participants: { id: '15550100005' } },
      {
        id: 'e@g.us',
        name: 'Delta',
        participants: [{ id: '15550100002' }, { id: '15550100001' }, { id: 'a1b2c3d4@lid' }],
      },
    ]
    const { search, snapshot } = await setUp({ records })
    const page = await search.search('acc', '', 100)
    expect(page).toEqual((await referenceSearch(snapshot)).search('', 100))
    expect(page.contacts).toEqual([
      { id: '15550100002', groups: ['Alpha', 'Delta'], groupCount: 2 },
      { id: '15550100003', groups: ['Alpha'], groupCount: 1 },
    ])
  }, 30_000)
})

describe('building while the picker searches', () => {
  it('searches made during the first build wait for it and share it', async () => {
    const { search, workers } = await setUp()
    const pages = await Promise.all([search.search('acc', '', 5), search.search('acc', '1', 5), search.search('acc', '', 5)])
    expect(workers.starts).toBe(1)
    expect(pages[0]!.total).toBeGreaterThan(100)
    expect(pages[0]).toEqual(pages[2])
  }, 30_000)

  it('a build that outlasts the wait is reported as under way, not as nobody; the next search answers once it is done', async () => {
    const { search } = await setUp({ buildWaitMs: 0 })
    await expect(search.search('acc', '', 5)).rejects.toMatchObject({
      code: 'timeout',
      text: { key: 'groupErrors.participants.stillListing', params: { count: 300 } },
    })
    await until(async () => (await stat(path()).catch(() => null)) !== null, 20_000)
    expect((await search.search('acc', '', 5)).total).toBeGreaterThan(100)
  }, 30_000)

  it('a worker that dies gives a clear error, and the next search builds again', async () => {
    const { search, workers, log } = await setUp({ failFirst: 1 })
    await expect(search.search('acc', '', 5)).rejects.toMatchObject({
      code: 'internal',
      text: { key: 'groupErrors.participants.notBuilt' },
      details: { worker: 'stopped with code 7' },
    })
    expect(log.lines.some((l) => l.message === 'participants index not built')).toBe(true)
    expect((await search.search('acc', '', 5)).total).toBeGreaterThan(100)
    expect(workers.starts).toBe(2)
  }, 30_000)

  it('once the picker is used, a snapshot put in place after a sync is built without waiting for a search', async () => {
    const { index, search, workers } = await setUp({ buildDelayMs: 0 })
    await search.search('acc', '', 5)
    expect(workers.starts).toBe(1)
    const synced = await savedSnapshot(dir.path, groups.slice(0, 200), '2025-06-02T10:00:00.000Z')
    open.push({ index, snapshot: synced })
    index.use(synced, { build: true })
    await until(() => workers.starts === 2, 20_000)
    await until(async () => (await readFile(path(), 'utf8')).includes('2025-06-02T10:00:00.000Z'), 20_000)
    expect(index.held).toBe(false)
    expect((await search.search('acc', '', 5)).total).toBeGreaterThan(100)
    expect(workers.starts).toBe(2)
  }, 30_000)

  it('a picker never used this run builds nothing after a sync: the first search builds', async () => {
    const { index, snapshot, workers } = await setUp({ buildDelayMs: 0 })
    index.use(snapshot, { build: true })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(workers.starts).toBe(0)
    expect(await stat(path()).catch(() => null)).toBeNull()
    expect((await new ContactsSearch(() => index.participants()).search('acc', '', 5)).total).toBeGreaterThan(100)
    expect(workers.starts).toBe(1)
  }, 30_000)

  it('a re-sync whose records are all the same carries the file over to the new snapshot instead of building it again', async () => {
    const { index, search, workers, log } = await setUp({ buildDelayMs: 0 })
    const before = await search.search('acc', '', 100_000)
    expect(workers.starts).toBe(1)
    // The same records saved again by a later sync: another snapshot, the same people.
    const again = await savedSnapshot(dir.path, groups, '2025-06-02T10:00:00.000Z')
    open.push({ index, snapshot: again })
    index.use(again, { build: true, sameParticipants: true })
    await until(() => log.lines.some((line) => line.message === 'participants index carried over'), 20_000)
    expect(await search.search('acc', '', 100_000)).toEqual(before)
    expect(workers.starts).toBe(1)
    // What was carried is the new snapshot's own file: a new start reads it without a build.
    const header = (await readFile(path(), 'utf8')).split('\n')[0] as string
    expect(header).toContain('2025-06-02T10:00:00.000Z')
  }, 30_000)

  it('with no file of the snapshot before, carries nothing and builds nothing until the picker searches', async () => {
    const { index, workers, log } = await setUp({ buildDelayMs: 0 })
    const again = await savedSnapshot(dir.path, groups, '2025-06-02T10:00:00.000Z')
    open.push({ index, snapshot: again })
    index.use(again, { build: true, sameParticipants: true })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(workers.starts).toBe(0)
    expect(log.lines.some((line) => line.message === 'participants index carried over')).toBe(false)
    expect((await new ContactsSearch(() => index.participants()).search('acc', '', 5)).total).toBeGreaterThan(100)
    expect(workers.starts).toBe(1)
  }, 30_000)
})

describe('memory', () => {
  it('lets the index go after a while without a search, and reads it back from the file on the next', async () => {
    const { index, search, workers } = await setUp({ idleMs: 100 })
    const first = await search.search('acc', 'e', 20)
    expect(index.held).toBe(true)
    await until(() => !index.held, 5_000)
    expect(await search.search('acc', 'e', 20)).toEqual(first)
    expect(index.held).toBe(true)
    expect(workers.starts).toBe(1)
  }, 30_000)

  it('no snapshot: nobody, and no build', async () => {
    const { index, workers } = await setUp()
    index.use(null, { build: true })
    expect(await new ContactsSearch(() => index.participants()).search('acc', '', 5)).toEqual({
      contacts: [],
      matching: 0,
      total: 0,
    })
    expect(workers.starts).toBe(0)
  })
})
