import { crc32 } from 'node:zlib'
import { z } from 'zod'
import {
  ColumnFileUnusable,
  allBelow,
  decodeColumnFile,
  encodeColumnFile,
  offsetsFit,
  type ColumnFileKind,
  type ColumnType,
} from '../../../platform/files/column-file'
import type { ParticipantsTable } from './participants-table'

/**
 * The participants index file, beside the groups snapshot: a column file (see
 * column-file.ts) of the ParticipantsTable. It belongs to one snapshot (see
 * SnapshotIdentity): a file from another snapshot, another version (1: a layout of its
 * own) or that is not whole is not used, and is built again from the snapshot.
 */
export const PARTICIPANTS_FORMAT = 'statusdesk-participants'
export const PARTICIPANTS_VERSION = 2

/**
 * What tells one groups snapshot from another, all of it known to main without reading the
 * file: when its sync finished, its size, and a CRC-32 of its table (where each record is
 * and its fingerprint), so a snapshot rewritten in the same millisecond still differs.
 */
export interface SnapshotIdentity {
  syncedAt: string
  bytes: number
  table: number
}

/** The CRC-32 of a snapshot's table, as SnapshotIdentity takes it. */
export function tableChecksum(offsets: Float64Array, lengths: Uint32Array, fingerprints: Uint32Array): number {
  let crc = 0
  for (const array of [offsets, lengths, fingerprints]) crc = crc32(Buffer.from(array.buffer, array.byteOffset, array.byteLength), crc)
  return crc
}

const MetaSchema = z.object({
  groups: z.int().nonnegative(),
  count: z.int().nonnegative(),
  listed: z.int().nonnegative(),
})

const PARTICIPANTS = {
  format: PARTICIPANTS_FORMAT,
  version: PARTICIPANTS_VERSION,
  columns: {
    ids: 'u8',
    idStarts: 'u32',
    contacts: 'u8',
    contactStarts: 'u32',
    shared: 'u32',
    sampleStarts: 'u32',
    samples: 'u32',
    byId: 'u32',
  } as const satisfies Record<string, ColumnType>,
  meta: MetaSchema,
} satisfies ColumnFileKind<Record<string, ColumnType>, typeof MetaSchema>

const tieOf = (accountId: string, snapshot: SnapshotIdentity) => ({
  accountId,
  snapshot: { syncedAt: snapshot.syncedAt, bytes: snapshot.bytes, table: snapshot.table },
})

/** The file's bytes: the header, then the arrays (not copied). */
export function encodeParticipants(table: ParticipantsTable, accountId: string, snapshot: SnapshotIdentity): Buffer[] {
  const { groups, count, listed, ...columns } = table
  return [
    ...encodeColumnFile(PARTICIPANTS, {
      tie: tieOf(accountId, snapshot),
      meta: { groups, count, listed },
      columns,
    }),
  ]
}

/**
 * Reads a file back, its arrays laid over `buffer` where aligned (which it then holds).
 * Throws ColumnFileUnusable when it is torn, damaged, of another version, another account
 * or another snapshot than `snapshot`.
 */
export function decodeParticipants(buffer: Buffer, accountId: string, snapshot: SnapshotIdentity): ParticipantsTable {
  const { meta, columns } = decodeColumnFile(PARTICIPANTS, buffer, tieOf(accountId, snapshot))
  const table: ParticipantsTable = { ...meta, ...columns }
  const { count } = table
  // The checksum proves the bytes are the ones written; these prove they fit together, so
  // no search can read past an array or name a group the snapshot does not have.
  if (
    table.shared.length !== count ||
    table.byId.length !== count ||
    !offsetsFit(table.idStarts, count, table.ids.length) ||
    !offsetsFit(table.contactStarts, count, table.contacts.length) ||
    !offsetsFit(table.sampleStarts, count, table.samples.length) ||
    !allBelow(table.samples, table.groups) ||
    !allBelow(table.byId, count) ||
    table.listed > count
  )
    throw new ColumnFileUnusable('arrays do not fit together')
  return table
}
