import { z } from 'zod'
import {
  ColumnFileUnusable,
  allBelow,
  decodeColumnFile,
  encodeColumnFile,
  offsetsFit,
  type ColumnFileKind,
  type ColumnType,
  type Columns,
} from '../../../platform/files/column-file'
import { COLUMN_ARRAYS, TEXT_SLOTS, type ColumnArrayName, type GroupColumns } from '../index'
import type { SnapshotLayout, SnapshotMeta } from './snapshot-format'

/**
 * The groups index file, beside the snapshot and loaded alone at start: a column file (see
 * column-file.ts) of the GroupColumns the list answers from, and of each record's position
 * and fingerprint in the snapshot, so a start reads one file and lays typed arrays over its
 * bytes: nothing is parsed per group and nothing is rebuilt. It belongs to one snapshot:
 * the same account, the same `syncedAt` and the same size, else it is rebuilt from the
 * snapshot. Files of earlier versions (1: lean records as JSON; 2: columns in a layout of
 * their own) are rebuilt the same way.
 */
export const GROUPS_INDEX_FORMAT = 'statusdesk-groups-index'
export const GROUPS_INDEX_VERSION = 3

const MetaSchema = z.object({
  count: z.int().nonnegative(),
  stale: z.array(z.string()).optional(),
  selfId: z.string().nullable(),
  kinds: z.array(z.string()),
  labels: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
})

const GROUPS_INDEX = {
  format: GROUPS_INDEX_FORMAT,
  version: GROUPS_INDEX_VERSION,
  columns: {
    text: 'u8',
    textStarts: 'u32',
    haystack: 'u8',
    haystackStarts: 'u32',
    sortSkip: 'u32',
    timestamp: 'f64',
    muteUntil: 'f64',
    unread: 'f64',
    size: 'f64',
    flags: 'u16',
    kind: 'u16',
    labelStarts: 'u32',
    labelRefs: 'u32',
    fingerprints: 'u32',
    offsets: 'f64',
    lengths: 'u32',
  } as const satisfies Record<ColumnArrayName, ColumnType> & Record<string, ColumnType>,
  meta: MetaSchema,
} satisfies ColumnFileKind<Record<string, ColumnType>, typeof MetaSchema>

type IndexColumns = Columns<typeof GROUPS_INDEX.columns>

export interface GroupsIndexFile {
  meta: SnapshotMeta
  columns: GroupColumns
  /** CRC-32 of each record's JSON in the snapshot, aligned with the columns. */
  fingerprints: Uint32Array
  layout: SnapshotLayout
  /** The size of the snapshot file it describes. */
  snapshotBytes: number
}

/** The snapshot a groups index file belongs to: its account, when its sync finished, its size. */
export interface IndexedSnapshot {
  accountId: string
  syncedAt: string
  bytes: number
}

const tieOf = ({ accountId, syncedAt, bytes }: IndexedSnapshot) => ({
  accountId,
  snapshot: { syncedAt, bytes },
})

/** The file's bytes: the header, then each array as it is in memory (not copied). */
export function encodeGroupsIndexFile(file: GroupsIndexFile): Generator<Buffer> {
  const { meta, columns, fingerprints, layout } = file
  const arrays = { fingerprints, offsets: layout.offsets, lengths: layout.lengths } as IndexColumns
  for (const name of COLUMN_ARRAYS) (arrays as Record<string, unknown>)[name] = columns[name]
  return encodeColumnFile(GROUPS_INDEX, {
    tie: tieOf({ accountId: meta.accountId, syncedAt: meta.syncedAt, bytes: file.snapshotBytes }),
    meta: {
      count: columns.count,
      ...(meta.stale && meta.stale.length > 0 && { stale: [...meta.stale] }),
      selfId: columns.selfId,
      kinds: columns.kinds,
      labels: columns.labels,
    },
    columns: arrays,
  })
}

/**
 * Reads an index file back, its arrays laid over `buffer` (which it then holds); throws
 * ColumnFileUnusable when it is not whole, not this version or not of `snapshot`.
 */
export function decodeGroupsIndexFile(buffer: Buffer, snapshot: IndexedSnapshot): GroupsIndexFile {
  const { meta, columns: arrays } = decodeColumnFile(GROUPS_INDEX, buffer, tieOf(snapshot))
  const { count } = meta
  const columns = {
    count,
    selfId: meta.selfId,
    kinds: meta.kinds,
    labels: meta.labels,
  } as GroupColumns
  for (const name of COLUMN_ARRAYS) (columns as unknown as Record<string, unknown>)[name] = arrays[name]
  const perGroup = [
    columns.sortSkip,
    columns.timestamp,
    columns.muteUntil,
    columns.unread,
    columns.size,
    columns.flags,
    columns.kind,
    arrays.fingerprints,
    arrays.offsets,
    arrays.lengths,
  ]
  // The checksum proves the bytes are the ones written; these prove they fit together, so no
  // row can read past an array.
  if (
    perGroup.some((array) => array.length !== count) ||
    !offsetsFit(columns.textStarts, count * TEXT_SLOTS.length, columns.text.length) ||
    !offsetsFit(columns.haystackStarts, count, columns.haystack.length) ||
    !offsetsFit(columns.labelStarts, count, columns.labelRefs.length) ||
    !allBelow(columns.labelRefs, columns.labels.length) ||
    (count > 0 && !allBelow(columns.kind, Math.max(columns.kinds.length, 1)))
  )
    throw new ColumnFileUnusable('arrays do not fit together')
  return {
    snapshotBytes: snapshot.bytes,
    meta: {
      accountId: snapshot.accountId,
      syncedAt: snapshot.syncedAt,
      ...(meta.stale && meta.stale.length > 0 && { stale: meta.stale }),
    },
    columns,
    fingerprints: arrays.fingerprints,
    layout: { offsets: arrays.offsets, lengths: arrays.lengths },
  }
}
