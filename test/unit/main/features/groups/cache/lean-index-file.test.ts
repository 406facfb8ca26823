import { describe, expect, it, beforeAll } from 'vitest'
import { GroupsQuerySchema } from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import {
  LeanIndexUnusable,
  decodeLeanIndex,
  encodeLeanIndex,
  type LeanIndex,
} from '../../../../../../src-main/features/groups/cache/lean-index-file'
import { GroupsIndex, columnsOf } from '../../../../../../src-main/features/groups/index'
import { groupsFromEmulator } from '../sync/support'

let groups: Group[]
let index: LeanIndex
let bytes: Buffer

beforeAll(async () => {
  groups = await groupsFromEmulator(1_500)
  index = {
    meta: { accountId: 'acc', syncedAt: '2026-11-22T10:00:00.000Z', stale: [groups[3]!.id] },
    columns: columnsOf(groups),
    fingerprints: Uint32Array.from(groups.keys(), (i) => i * 7),
    layout: {
      offsets: Float64Array.from(groups.keys(), (i) => i * 1_000 + 0.5e10),
      lengths: Uint32Array.from(groups.keys(), (i) => 900 + i),
    },
    snapshotBytes: 123_456_789,
  }
  bytes = Buffer.concat([...encodeLeanIndex(index)])
}, 60_000)

const unusable = (buffer: Buffer, accountId = 'acc') => {
  try {
    decodeLeanIndex(buffer, accountId)
  } catch (error) {
    if (error instanceof LeanIndexUnusable) return error.message
    throw error
  }
  return null
}

describe('the index file', () => {
  it('gives back the columns, positions and fingerprints it was written from', () => {
    const read = decodeLeanIndex(bytes, 'acc')
    expect(read.meta).toEqual(index.meta)
    expect(read.snapshotBytes).toBe(index.snapshotBytes)
    expect(read.fingerprints).toEqual(index.fingerprints)
    expect(read.layout).toEqual(index.layout)
    expect(read.columns).toEqual(index.columns)
    const query = GroupsQuerySchema.parse({ sort: 'name', search: 'a', limit: 200 })
    expect(new GroupsIndex(read.columns).query(query)).toEqual(
      new GroupsIndex(index.columns).query(query),
    )
  })

  it('lays the arrays over the bytes read, without copying them, where they are aligned', () => {
    const read = decodeLeanIndex(bytes, 'acc')
    expect(read.columns.text.buffer).toBe(bytes.buffer)
    expect(read.layout.offsets.buffer).toBe(bytes.buffer)
    // Read into a buffer that starts off the 8-byte grid: copies, and the same values.
    const odd = Buffer.alloc(bytes.length + 1).subarray(1)
    bytes.copy(odd)
    const copied = decodeLeanIndex(odd, 'acc')
    expect(copied.layout).toEqual(index.layout)
    expect(copied.columns).toEqual(index.columns)
  })

  it('is not used when cut short, changed, of another version or of another account', () => {
    expect(unusable(bytes.subarray(0, bytes.length - 1))).toBe('cut short')
    expect(unusable(bytes.subarray(0, 100))).toBe('cut short')
    expect(unusable(Buffer.concat([bytes, Buffer.from('x')]))).toBe('trailing bytes')
    for (const at of [bytes.indexOf('\n') + 20, Math.floor(bytes.length / 2), bytes.length - 3]) {
      const changed = Buffer.from(bytes)
      changed[at] = (changed[at] as number) ^ 0x01
      expect(unusable(changed)).toBe('checksum mismatch')
    }
    const older = Buffer.from(
      bytes.toString('latin1').replace('"version":2', '"version":1'),
      'latin1',
    )
    expect(unusable(older)).toBe('another version (1)')
    expect(unusable(Buffer.from('{"format":"statusdesk-groups-index","version":1}\n[]'))).toBe(
      'another version (1)',
    )
    expect(unusable(bytes, 'someone-else')).toBe('another account')
    expect(unusable(Buffer.from('not an index\n'))).toBe('not JSON')
    expect(unusable(Buffer.alloc(0))).toBe('cut short')
  })
})
