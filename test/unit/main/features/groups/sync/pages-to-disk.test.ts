import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GroupsQuerySchema } from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import { RecordPrint, SnapshotStore } from '../../../../../../src-main/features/groups/cache'
import { FLAG, GroupsIndex, columnsOf } from '../../../../../../src-main/features/groups/index'
import type { PagesRead } from '../../../../../../src-main/features/groups/sync/paging'
import { PagesToDisk } from '../../../../../../src-main/features/groups/sync/pages-to-disk'
import { parsePage, type KnownRecords } from '../../../../../../src-main/features/groups/sync/parse-page'
import { markAdminsFromDisk } from '../../../../../../src-main/features/groups/sync/admins-from-disk'
import type { ArrivedPage } from '../../../../../../src-main/features/groups/sync/parsed-pages'
import { tempDir } from './support'

const SIZE = 3
const options = { now: () => 0, stale: new Set<string>() }
const query = GroupsQuerySchema.parse({ sort: 'name', limit: 50 })

function group(id: string, name = `Group ${id}`): Group {
  return {
    id,
    name,
    type: 'group',
    timestamp: 1_750_000_000,
    participants_count: 2,
    participants: [
      { id: '1@c.us', rank: 'admin' },
      { id: '2@c.us', rank: 'member' },
    ],
    last_message: {
      id: 'm',
      type: 'text',
      text: { body: `hi ${id}` },
      from_me: true,
      from: '1@c.us',
    },
    labels: [{ id: 'l1', name: 'Work', color: 'red' }],
  } as unknown as Group
}

/** The key the tests' syncs fingerprint with, as one sync after another of an account does. */
const print = RecordPrint.fresh()

function arrived(groups: Group[], offset: number, total: number, known?: KnownRecords): ArrivedPage {
  const body = Buffer.from(JSON.stringify({ groups, count: groups.length, total, offset }))
  const outcome = parsePage(body, known ?? { print, position: new Map(), fingerprints: new Uint32Array(0) })
  if (!outcome.ok) throw new Error('not read')
  return { ...outcome.page, body }
}

/** What readAllPages reports of a pass that held still over these groups. */
function readOf(groups: Group[]): PagesRead {
  const kept = []
  for (let offset = 0; offset <= groups.length; offset += SIZE) {
    const n = Math.min(SIZE, groups.length - offset)
    kept.push({ offset, indexes: Array.from({ length: n }, (_, i) => i) })
  }
  return {
    kept,
    ids: groups.map((g) => g.id),
    rejected: [],
    total: groups.length,
    passes: 1,
    requests: kept.length,
  }
}

function pagesOf(groups: Group[], known?: KnownRecords): [ArrivedPage, number][] {
  const pages: [ArrivedPage, number][] = []
  for (let offset = 0; offset <= groups.length; offset += SIZE)
    pages.push([arrived(groups.slice(offset, offset + SIZE), offset, groups.length, known), offset])
  return pages
}

let dir: { path: string; remove(): Promise<void> }
beforeEach(async () => {
  dir = await tempDir()
})
afterEach(async () => {
  await dir.remove()
})

describe('pages saved as they arrive', () => {
  const groups = Array.from({ length: 10 }, (_, i) => group(`g${i}`))

  it('add their rows in list order whatever order they arrive in, after a pass read again', async () => {
    const store = new SnapshotStore({ dir: dir.path, accountId: 'acc' })
    const disk = new PagesToDisk(store, print)
    // A first pass that is given up after two pages: nothing of it stays.
    const stray = pagesOf([group('x1'), group('x2'), group('x3'), group('x4')])
    for (const [page, offset] of stray) await disk.accept(page, offset, 1)
    const pages = pagesOf(groups)
    for (const at of [2, 0, 3, 1]) {
      const [page, offset] = pages[at] as [ArrivedPage, number]
      await disk.accept(page, offset, 2)
    }
    const saved = disk.assemble(readOf(groups))
    const columns = saved.columns.finish()
    expect(new GroupsIndex(columns, options).query(query)).toEqual(new GroupsIndex(columnsOf(groups), options).query(query))
    expect(Array.from({ length: 10 }, (_, at) => new GroupsIndex(columns, options).id(at))).toEqual(groups.map((g) => g.id))
    expect(saved.table.offsets).toHaveLength(10)
    await disk.abandon()
  })

  it('copy the rows of unchanged records from the columns in use, and make the others', async () => {
    const store = new SnapshotStore({ dir: dir.path, accountId: 'acc' })
    const before = columnsOf(groups)
    const firstPages = pagesOf(groups)
    const fingerprints = Uint32Array.from(firstPages.flatMap(([page]) => [...page.fingerprints]))
    const known = { print, position: new Map(groups.map((g, at) => [g.id, at])), fingerprints }
    const next = groups.map((g, at) => (at === 4 ? group(g.id, 'Renamed') : g))
    const disk = new PagesToDisk(store, print, { columns: before, fingerprints })
    const pages = pagesOf(next, known)
    expect(pages.flatMap(([page]) => [...page.unchanged])).toEqual(next.map((_, at) => (at === 4 ? 0 : 1)))
    for (const [page, offset] of [...pages].reverse()) await disk.accept(page, offset, 1)
    const columns = disk.assemble(readOf(next)).columns.finish()
    expect(new GroupsIndex(columns, options).query(query)).toEqual(new GroupsIndex(columnsOf(next), options).query(query))
    await disk.abandon()
  })

  it('read the admins of copied rows from the new snapshot when the own id changed', async () => {
    const store = new SnapshotStore({ dir: dir.path, accountId: 'acc' })
    const before = columnsOf(groups)
    expect(before.selfId).toBe('1')
    const fingerprints = Uint32Array.from(pagesOf(groups).flatMap(([page]) => [...page.fingerprints]))
    const known = { print, position: new Map(groups.map((g, at) => [g.id, at])), fingerprints }
    // Most last messages now come from the account as 2, a member where 1 was the admin.
    const next = groups.map((g, at) => {
      if (at < 4) return g
      const changed = group(g.id)
      ;(changed.last_message as { from: string }).from = '2@c.us'
      return changed
    })
    const disk = new PagesToDisk(store, print, { columns: before, fingerprints })
    for (const [page, offset] of pagesOf(next, known)) await disk.accept(page, offset, 1)
    const { columns: builder, table } = disk.assemble(readOf(next))
    const columns = builder.finish()
    expect(columns.selfId).toBe('2')
    expect(builder.rowsWithoutAdmins).toEqual([0, 1, 2, 3])
    await disk.commit({ accountId: 'acc', syncedAt: '2025-06-01T10:00:00.000Z' }, table, new AbortController().signal)
    const reader = await store.openReader()
    try {
      await markAdminsFromDisk(columns, builder.rowsWithoutAdmins, {
        reader,
        layout: { offsets: table.offsets, lengths: table.lengths },
        fingerprints: table.fingerprints,
      })
    } finally {
      await reader.retire()
    }
    expect([...columns.flags]).toEqual([...columnsOf(next).flags])
    expect(before.flags.every((flags) => (flags & FLAG.admin) !== 0)).toBe(true)
    expect(columns.flags.every((flags) => (flags & FLAG.admin) === 0)).toBe(true)
  })

  it('refuse to assemble a pass whose pages did not all arrive', async () => {
    const store = new SnapshotStore({ dir: dir.path, accountId: 'acc' })
    const disk = new PagesToDisk(store, print)
    const pages = pagesOf(groups)
    for (const [page, offset] of pages.slice(1)) await disk.accept(page, offset, 1)
    expect(() => disk.assemble(readOf(groups))).toThrow(/not the pages/)
    await disk.abandon()
  })
})
