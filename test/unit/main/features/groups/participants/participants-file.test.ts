import { describe, expect, it } from 'vitest'
import { ColumnFileUnusable } from '../../../../../../src-main/platform/files/column-file'
import {
  ParticipantsBuilder,
  decodeParticipants,
  encodeParticipants,
  type ParticipantsTable,
  type SnapshotIdentity,
} from '../../../../../../src-main/features/groups/participants'

const snapshot: SnapshotIdentity = { syncedAt: '2025-06-01T10:00:00.000Z', bytes: 5_000, table: 42 }

function table(): ParticipantsTable {
  const builder = new ParticipantsBuilder('15550100001')
  builder.add({ name: 'Alpha', participants: [{ id: '15550100002' }, { id: '15550100003@s.whatsapp.net' }] }, 0)
  builder.add({ name: 'Beta', participants: [{ id: '15550100002' }, { id: 'a1b2@lid' }, { id: '15550100001' }] }, 1)
  return builder.finish(2)
}

const bytesOf = (t: ParticipantsTable) => Buffer.concat(encodeParticipants(t, 'acc', snapshot))

function reason(buffer: Buffer, of: SnapshotIdentity = snapshot): string | null {
  try {
    decodeParticipants(buffer, 'acc', of)
  } catch (error) {
    if (error instanceof ColumnFileUnusable) return error.reason
    throw error
  }
  return null
}

describe('the participants file', () => {
  it('gives back the table it was written from, for its own snapshot only', () => {
    const written = table()
    const file = bytesOf(written)
    expect(decodeParticipants(file, 'acc', snapshot)).toEqual(written)
    expect(reason(file, { ...snapshot, table: 43 })).toBe('from another snapshot')
    expect(reason(file, { ...snapshot, bytes: 5_001 })).toBe('from another snapshot')
    expect(() => decodeParticipants(file, 'other', snapshot)).toThrow('another account')
  })

  it('is not used when its arrays do not fit together, even with a good checksum', () => {
    const good = table()
    expect(reason(bytesOf({ ...good, shared: good.shared.subarray(1) }))).toBe('arrays do not fit together')
    expect(reason(bytesOf({ ...good, idStarts: good.idStarts.subarray(1) }))).toBe('arrays do not fit together')
    expect(reason(bytesOf({ ...good, groups: 1 }))).toBe('arrays do not fit together')
    expect(reason(bytesOf({ ...good, listed: good.count + 1 }))).toBe('arrays do not fit together')
    const beyond = Uint32Array.from(good.byId)
    beyond[0] = good.count
    expect(reason(bytesOf({ ...good, byId: beyond }))).toBe('arrays do not fit together')
  })
})
