import { copyFile, open, readFile, readdir, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Group } from '@shared/domain'
import type { Emulator } from '../../../../../../src-main/emulator'
import {
  GROUPS_INDEX_FILE,
  SNAPSHOT_FILE,
  SnapshotReader,
  SnapshotStore,
  encodeGroupsIndexFile,
  type SnapshotLayout,
} from '../../../../../../src-main/features/groups/cache'
import { GroupColumnsBuilder, columnsOf } from '../../../../../../src-main/features/groups/index'
import { GroupsService } from '../../../../../../src-main/features/groups/sync'
import {
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
} from '../sync/support'
import { pictureNet } from '../../../../../support/picture-net'

const TOTAL = 2_000
let emulator: Emulator
let server: Group[]
let dir: { path: string; remove(): Promise<void> }
const services: GroupsService[] = []

beforeAll(async () => {
  emulator = await startTestEmulator({ groups: TOTAL })
  server = await readSequentially(clientFor(emulator))
}, 60_000)
afterAll(async () => {
  await emulator.stop()
})
beforeEach(async () => {
  dir = await tempDir()
})
afterEach(async () => {
  for (const service of services.splice(0)) await service.dispose()
  await dir.remove()
})

function build() {
  const log = captureLogger()
  const events = recordingHub()
  const service = new GroupsService({
    workspaces: switchableAccounts(session('acc', dir.path, clientFor(emulator), emulator.baseUrl)),
    events,
    log,
    settings: () => ({ intervalMinutes: 0, concurrency: 4, downloadPictures: false }),
    fetchFor: () => pictureNet(),
  })
  services.push(service)
  return { service, log, events }
}

const firstWindow = {
  search: '',
  filters: [],
  labels: [],
  sort: 'recent' as const,
  offset: 0,
  limit: 50,
}

/** Saves `groups` as the account's snapshot directly, as an earlier version of the app would have. */
async function saveSnapshot(groups: readonly Group[]): Promise<SnapshotLayout> {
  const layout = {
    offsets: new Float64Array(groups.length),
    lengths: new Uint32Array(groups.length),
  }
  await new SnapshotStore({ dir: dir.path, accountId: 'acc' }).save(
    { accountId: 'acc', syncedAt: '2025-06-01T10:00:00.000Z' },
    groups,
    undefined,
    layout,
  )
  return layout
}

describe('records on disk, rows in memory', () => {
  it('keeps the rows’ columns in memory and reads each full record from disk, as the server sent it', async () => {
    const { service } = build()
    await service.sync('acc')
    expect(await idsOnDisk(dir.path)).toEqual(server.map((g) => g.id))
    for (const at of [0, 1, 777, TOTAL - 1]) {
      const detail = await service.get('acc', server[at]!.id)
      expect(JSON.stringify(detail.group)).toBe(JSON.stringify(server[at]))
    }
    const people = await service.participants('acc')
    expect(people!.table.listed).toBeGreaterThan(1_000)
    expect(people!.table.shared[0]).toBeGreaterThan(1)
  }, 60_000)

  it('a record damaged on disk fails to open with a clear error; the others still open', async () => {
    const { service, log } = build()
    await service.sync('acc')
    const path = join(dir.path, SNAPSHOT_FILE)
    const file = await readFile(path)
    const target = server[100]!
    const at = file.indexOf(Buffer.from(`"id":"${target.id}"`))
    expect(at).toBeGreaterThan(0)
    // One byte of the group's id changed in place, behind the app's back.
    const handle = await open(path, 'r+')
    await handle.write(Buffer.from('X'), 0, 1, at + 7)
    await handle.close()
    await expect(service.get('acc', target.id)).rejects.toMatchObject({
      code: 'storage',
      text: { key: 'groupErrors.cache.recordDamaged' },
    })
    expect(log.lines.some((l) => l.message === 'group record not read')).toBe(true)
    expect((await service.get('acc', server[101]!.id)).group.id).toBe(server[101]!.id)
  }, 60_000)

  it('a cached record the full schema refuses is listed, and refused with where and why when opened', async () => {
    const broken = {
      ...server[5]!,
      last_message: { ...server[5]!.last_message, type: 'poll', poll: { options: 'x' } },
    }
    await saveSnapshot([server[4]!, broken as unknown as Group, server[6]!])
    const { service } = build()
    expect(
      (
        await service.query('acc', {
          search: '',
          filters: [],
          labels: [],
          sort: 'recent',
          offset: 0,
          limit: 50,
        })
      ).total,
    ).toBe(3)
    await expect(service.get('acc', broken.id)).rejects.toMatchObject({
      code: 'invalid-response',
      text: { key: 'groupErrors.cache.recordUnreadable' },
      details: { path: expect.stringMatching(/^last_message/), issue: expect.any(String) },
    })
    expect((await service.get('acc', server[6]!.id)).group).toEqual(server[6])
  }, 60_000)

  it('an open reader keeps reading the snapshot it measured after a newer one replaces the file', async () => {
    const layout = await saveSnapshot(server.slice(0, 50))
    const store = new SnapshotStore({ dir: dir.path, accountId: 'acc' })
    const reader = await store.openReader()
    await saveSnapshot(server.slice(50, 100))
    const bytes = await reader.read(layout.offsets[7]!, layout.lengths[7]!)
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(server[7])
    await reader.retire()
    await expect(reader.read(0, 1)).rejects.toThrow(/retired/)
    expect(reader).toBeInstanceOf(SnapshotReader)
  }, 60_000)
})

describe('a start from the groups index', () => {
  it('lists the groups from the index alone, then finds a damaged snapshot, sets it aside and syncs again', async () => {
    const first = build()
    await first.service.sync('acc')
    await first.service.dispose()
    expect((await readdir(dir.path)).sort()).toEqual([GROUPS_INDEX_FILE, SNAPSHOT_FILE])
    // One byte inside a record, where only the snapshot's checksums (not the index) can see it.
    const path = join(dir.path, SNAPSHOT_FILE)
    const at = (await readFile(path)).indexOf(Buffer.from(`"id":"${server[1_500]!.id}"`))
    const handle = await open(path, 'r+')
    await handle.write(Buffer.from('X'), 0, 1, at + 7)
    await handle.close()

    const { service, events, log } = build()
    const window = await service.query('acc', firstWindow)
    expect(window.total).toBe(TOTAL)
    expect(window.rows).toHaveLength(50)
    await until(() => events.of('app:notice').length > 0)
    expect(events.of('app:notice')[0]).toMatchObject({ level: 'warning', text: { key: 'groupErrors.cache.setAside.damaged' } })
    expect(log.lines).toContainEqual(
      expect.objectContaining({ message: 'groups cache damaged after start', data: { reason: 'checksum-mismatch' } }),
    )
    await until(() => service.state('acc').lastResult !== null && !service.state('acc').syncing, 30_000)
    expect(service.state('acc').count).toBe(TOTAL)
    expect((await readdir(dir.path)).some((n) => n.startsWith(`${SNAPSHOT_FILE}.unreadable-`))).toBe(true)
    expect(JSON.stringify((await service.get('acc', server[1_500]!.id)).group)).toBe(JSON.stringify(server[1_500]))
  }, 90_000)

  it('an index left from an earlier snapshot is not used: the snapshot is read and the index rebuilt', async () => {
    const first = build()
    await first.service.sync('acc')
    await copyFile(join(dir.path, GROUPS_INDEX_FILE), join(dir.path, 'old.index'))
    emulator.control.groups.mutate({ add: 3 })
    try {
      await first.service.sync('acc')
      await first.service.dispose()
      // As if the app stopped between the snapshot's rename and the index's.
      await copyFile(join(dir.path, 'old.index'), join(dir.path, GROUPS_INDEX_FILE))
      const { service, log } = build()
      expect((await service.query('acc', firstWindow)).total).toBe(TOTAL + 3)
      expect(log.lines.some((l) => /another snapshot/.test(l.message))).toBe(true)
      await service.dispose()
      const again = build()
      expect((await again.service.query('acc', firstWindow)).total).toBe(TOTAL + 3)
      expect(again.log.lines.some((l) => /index/.test(l.message))).toBe(false)
    } finally {
      emulator.control.reset()
    }
  }, 90_000)

  it('a cut-short index is not used: the snapshot is read and the index rebuilt', async () => {
    const first = build()
    await first.service.sync('acc')
    await first.service.dispose()
    const indexPath = join(dir.path, GROUPS_INDEX_FILE)
    await truncate(indexPath, Math.floor((await readFile(indexPath)).length / 2))
    const { service, log } = build()
    expect((await service.query('acc', firstWindow)).total).toBe(TOTAL)
    expect(log.lines.some((l) => l.message === 'groups index unusable; rebuilding it')).toBe(true)
    expect(JSON.stringify((await service.get('acc', server[9]!.id)).group)).toBe(JSON.stringify(server[9]))
  }, 60_000)

  it.each([
    ['from another version', (bytes: Buffer) => bytes.indexOf('"version":3'), '"version":2', /another version \(2\)/],
    ['with one byte changed in its columns', (bytes: Buffer) => bytes.length - 4_000, 'X', /checksum mismatch/],
  ])(
    'an index %s is not used: the rows are the same, read from the snapshot, and the index rebuilt',
    async (_, where, bytes, reason) => {
      const first = build()
      await first.service.sync('acc')
      const sorts = ['recent', 'name', 'size', 'unread'] as const
      const before = await Promise.all(sorts.map((sort) => first.service.query('acc', { ...firstWindow, sort, limit: 200 })))
      await first.service.dispose()
      const indexPath = join(dir.path, GROUPS_INDEX_FILE)
      const at = where(await readFile(indexPath))
      const handle = await open(indexPath, 'r+')
      await handle.write(Buffer.from(bytes), 0, bytes.length, at)
      await handle.close()

      const { service, log } = build()
      const after = await Promise.all(sorts.map((sort) => service.query('acc', { ...firstWindow, sort, limit: 200 })))
      expect(after).toEqual(before)
      expect(
        log.lines.some(
          (l) =>
            l.message === 'groups index unusable; rebuilding it' &&
            reason.test(String((l.data as { reason?: unknown } | undefined)?.reason)),
        ),
      ).toBe(true)
      await service.dispose()
      const again = build()
      expect(await again.service.query('acc', { ...firstWindow, limit: 200 })).toEqual(before[0])
      expect(again.log.lines.some((l) => /index/.test(l.message))).toBe(false)
    },
    90_000,
  )
})

describe('a snapshot saved as the pages arrive', () => {
  it('holds each record as the server sent its bytes, and no temp file is left', async () => {
    const { service } = build()
    await service.sync('acc')
    const file = await readFile(join(dir.path, SNAPSHOT_FILE))
    // Each record's bytes sit in the file exactly as they were in a page body.
    const page = Buffer.from(
      await (
        await fetch(`${emulator.baseUrl}/groups?count=500&offset=500`, {
          headers: { authorization: `Bearer ${emulator.token}` },
        })
      ).arrayBuffer(),
    )
    expect(file.includes(page)).toBe(true)
    for (const at of [0, 777, TOTAL - 1]) expect((await service.get('acc', server[at]!.id)).group).toEqual(server[at])
    expect((await readdir(dir.path)).sort()).toEqual([GROUPS_INDEX_FILE, SNAPSHOT_FILE])
  }, 60_000)

  it('a re-sync copies the rows of unchanged records from the columns in use and makes rows only for new ones', async () => {
    const { service } = build()
    await service.sync('acc')
    const all = { ...firstWindow, sort: 'name' as const, limit: TOTAL + 10 }
    const before = new Map((await service.query('acc', all)).rows.map((row) => [row.id, row]))
    emulator.control.groups.mutate({ add: 3, at: 'start' })
    const copied = vi.spyOn(GroupColumnsBuilder.prototype, 'copyRow')
    const made = vi.spyOn(GroupColumnsBuilder.prototype, 'addRow')
    try {
      const result = await service.sync('acc')
      expect(result).toMatchObject({ added: 3, changed: 0, removed: 0, total: TOTAL + 3 })
      expect(copied).toHaveBeenCalledTimes(TOTAL)
      expect(made).toHaveBeenCalledTimes(3)
      const after = (await service.query('acc', all)).rows
      expect(after).toHaveLength(TOTAL + 3)
      const fresh = after.filter((row) => !before.has(row.id))
      expect(fresh).toHaveLength(3)
      // A copied row is the row the record made before, to the last flag and label.
      for (const row of after) if (before.has(row.id)) expect(row).toEqual(before.get(row.id))
      const added = (await service.get('acc', fresh[0]!.id)).group
      expect(fresh[0]!.name).toBe(added.name)
    } finally {
      copied.mockRestore()
      made.mockRestore()
      emulator.control.reset()
    }
  }, 60_000)

  it('a sync cancelled while pages are being saved keeps the previous snapshot and leaves no temp file', async () => {
    const { service } = build()
    await service.sync('acc')
    const before = await readFile(join(dir.path, SNAPSHOT_FILE))
    emulator.control.faults.add({ type: 'latency', ms: 200 })
    try {
      const running = service.sync('acc').catch((error: unknown) => error)
      // Past the first page: the new snapshot's temp file exists and has pages in it.
      await until(() => (service.state('acc').progress?.fetched ?? 0) > 0)
      expect((await readdir(dir.path)).some((n) => n.includes('.tmp-'))).toBe(true)
      service.cancel('acc')
      expect(await running).toMatchObject({ code: 'cancelled' })
    } finally {
      emulator.control.reset()
    }
    expect((await readFile(join(dir.path, SNAPSHOT_FILE))).equals(before)).toBe(true)
    expect((await readdir(dir.path)).sort()).toEqual([GROUPS_INDEX_FILE, SNAPSHOT_FILE])
    expect((await service.get('acc', server[3]!.id)).group).toEqual(server[3])
  }, 60_000)

  it('a snapshot of the previous format, with its index, is set aside and the groups fetched again', async () => {
    const syncedAt = '2025-01-01T00:00:00.000Z'
    const record = JSON.stringify(server[0])
    const body = `[${record}]`
    const old = Buffer.from(
      `{"format":"statusdesk-groups","version":1,"accountId":"acc","syncedAt":"${syncedAt}","count":1}\n` +
        `{"count":1,"bytes":${Buffer.byteLength(body)},"crc32":0,"fingerprints":[0],"lengths":[${Buffer.byteLength(record)}]}\n${body}\n`,
    )
    await writeFile(join(dir.path, SNAPSHOT_FILE), old)
    // An index that matches it (same time, same size), as the previous version left them.
    await writeFile(
      join(dir.path, GROUPS_INDEX_FILE),
      Buffer.concat([
        ...encodeGroupsIndexFile({
          snapshotBytes: old.length,
          meta: { accountId: 'acc', syncedAt },
          columns: columnsOf([server[0]!]),
          fingerprints: new Uint32Array(1),
          layout: { offsets: new Float64Array(1), lengths: Uint32Array.of(record.length) },
        }),
      ]),
    )
    const { service, events, log } = build()
    await service.start()
    expect((await service.query('acc', firstWindow)).total).toBe(0)
    expect(events.of('app:notice')[0]?.text).toEqual({ key: 'groupErrors.cache.setAside.olderFormat' })
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        message: 'unreadable groups cache set aside',
        data: expect.objectContaining({ reason: 'older-format', version: 1 }),
      }),
    )
    await until(() => service.state('acc').count === TOTAL, 60_000)
    const names = await readdir(dir.path)
    expect(names.some((n) => n.startsWith(`${SNAPSHOT_FILE}.unreadable-`))).toBe(true)
    const header = (await readFile(join(dir.path, SNAPSHOT_FILE))).toString('utf8', 0, 80)
    expect(header).toMatch(/"version":3/)
    expect((await service.get('acc', server[5]!.id)).group).toEqual(server[5])
  }, 90_000)
})
