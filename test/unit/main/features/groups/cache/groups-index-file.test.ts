import { describe, expect, it, beforeAll } from 'vitest'
import { GroupsQuerySchema } from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import { ColumnFileUnusable } from '../../../../../../src-main/platform/files/column-file'
import {
  decodeGroupsIndexFile,
  encodeGroupsIndexFile,
  type GroupsIndexFile,
  type IndexedSnapshot,
} from '../../../../../../src-main/features/groups/cache/groups-index-file'
import { GroupsIndex, columnsOf } from '../../../../../../src-main/features/groups/index'
import { groupsFromEmulator } from '../sync/support'

let groups: Group[]
let index: GroupsIndexFile
let bytes: Buffer

const SYNCED_AT = '2026-11-22T10:00:00.000Z'
const snapshot: IndexedSnapshot = { accountId: 'acc', syncedAt: SYNCED_AT, bytes: 123_456_789 }

beforeAll(async () => {
  groups = await groupsFromEmulator(1_500)
  index = {
    meta: { accountId: 'acc', syncedAt: SYNCED_AT, stale: [groups[3]!.id] },
    columns: columnsOf(groups),
    fingerprints: Uint32Array.from(groups.keys(), (i) => i * 7),
    layout: {
      offsets: Float64Array.from(groups.keys(), (i) => i * 1_000 + 0.5e10),
      lengths: Uint32Array.from(groups.keys(), (i) => 900 + i),
    },
    snapshotBytes: snapshot.bytes,
  }
  bytes = Buffer.concat([...encodeGroupsIndexFile(index)])
}, 60_000)

const unusable = (buffer: Buffer, of: Partial<IndexedSnapshot> = {}) => {
  try {
    decodeGroupsIndexFile(buffer, { ...snapshot, ...of })
  } catch (error) {
    if (error instanceof ColumnFileUnusable) return error.reason
    throw error
  }
  return null
}

describe('the index file', () => {
  it('gives back the columns, positions and fingerprints it was written from', () => {
    const read = decodeGroupsIndexFile(bytes, snapshot)
    expect(read.meta).toEqual(index.meta)
    expect(read.snapshotBytes).toBe(index.snapshotBytes)
    expect(read.fingerprints).toEqual(index.fingerprints)
    expect(read.layout).toEqual(index.layout)
    expect(read.columns).toEqual(index.columns)
    const query = GroupsQuerySchema.parse({ sort: 'name', search: 'a', limit: 200 })
    expect(new GroupsIndex(read.columns).query(query)).toEqual(new GroupsIndex(index.columns).query(query))
  })

  it('lays the arrays over the bytes read, without copying them, where they are aligned', () => {
    const read = decodeGroupsIndexFile(bytes, snapshot)
    expect(read.columns.text.buffer).toBe(bytes.buffer)
    expect(read.layout.offsets.buffer).toBe(bytes.buffer)
    // Read into a buffer that starts off the 8-byte grid: copies, and the same values.
    const odd = Buffer.alloc(bytes.length + 1).subarray(1)
    bytes.copy(odd)
    const copied = decodeGroupsIndexFile(odd, snapshot)
    expect(copied.layout).toEqual(index.layout)
    expect(copied.columns).toEqual(index.columns)
  })

  it('is not used when cut short, changed, of another version, account or snapshot', () => {
    expect(unusable(bytes.subarray(0, bytes.length - 1))).toBe('cut short')
    expect(unusable(bytes.subarray(0, 100))).toBe('cut short')
    expect(unusable(Buffer.concat([bytes, Buffer.from('x')]))).toBe('trailing bytes')
    for (const at of [bytes.indexOf('\n') + 20, Math.floor(bytes.length / 2), bytes.length - 3]) {
      const changed = Buffer.from(bytes)
      changed[at] = (changed[at] as number) ^ 0x01
      expect(unusable(changed)).toBe('checksum mismatch')
    }
    const older = Buffer.from(bytes.toString('latin1').replace('"version":3', '"version":2'), 'latin1')
    expect(unusable(older)).toBe('another version (2)')
    // Version 2 had no column-file header at all.
    expect(unusable(Buffer.from('{"format":"statusdesk-groups-index","version":2}\n[]'))).toBe('not readable')
    expect(unusable(bytes, { accountId: 'someone-else' })).toBe('another account')
    expect(unusable(bytes, { syncedAt: '2026-11-23T10:00:00.000Z' })).toBe('from another snapshot')
    expect(unusable(bytes, { bytes: snapshot.bytes + 1 })).toBe('from another snapshot')
    expect(unusable(Buffer.from('not an index\n'))).toBe('not readable')
    expect(unusable(Buffer.alloc(0))).toBe('cut short')
  })

  it('is not used when its arrays do not fit together, even with a good checksum', () => {
    const { columns } = index
    const spoilt = (change: Partial<GroupsIndexFile>) => unusable(Buffer.concat([...encodeGroupsIndexFile({ ...index, ...change })]))
    expect(spoilt({ fingerprints: index.fingerprints.subarray(1) })).toBe('arrays do not fit together')
    expect(spoilt({ columns: { ...columns, textStarts: columns.textStarts.subarray(1) } })).toBe('arrays do not fit together')
    // A label that is not in the table of labels.
    const beyond = Uint32Array.from(columns.labelRefs)
    expect(beyond.length).toBeGreaterThan(0)
    beyond[0] = columns.labels.length
    expect(spoilt({ columns: { ...columns, labelRefs: beyond } })).toBe('arrays do not fit together')
    expect(spoilt({ columns: { ...columns, count: columns.count + 1 } })).toBe('arrays do not fit together')
  })
})
