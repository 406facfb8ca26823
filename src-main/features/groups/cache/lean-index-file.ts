import { endianness } from 'node:os'
import { crc32 } from 'node:zlib'
import { COLUMN_ARRAYS, TEXT_SLOTS, type GroupColumns } from '../index'
import { z } from 'zod'
import type { SnapshotLayout, SnapshotMeta } from './snapshot-format'

/**
 * The lean index file, beside the snapshot and loaded alone at start:
 *
 *   {"format":"statusdesk-groups-index","version":2,"accountId":…,"syncedAt":…,"count":N,
 *    "snapshotBytes":S,"stale":[…],"selfId":…,"kinds":[…],"labels":[…],
 *    "arrays":[{"name":…,"type":"u32","length":L,"crc32":C},…]}\n
 *   then each array's bytes as they are in memory, in the order listed, each starting at a
 *   multiple of 8 bytes from the start of the file (zero padding between).
 *
 * The arrays are the GroupColumns the list answers from, and each record's position and
 * fingerprint in the snapshot, so a start reads one file and lays typed arrays over its
 * bytes: nothing is parsed per group and nothing is rebuilt. It belongs to one snapshot:
 * the same `syncedAt` and the same size, else it is ignored and rebuilt from the snapshot.
 * Version 1 files (lean records as JSON) are ignored the same way.
 */
export const LEAN_INDEX_FORMAT = 'statusdesk-groups-index'
export const LEAN_INDEX_VERSION = 2
/** The arrays are stored in the machine's byte order; a file from another order is rebuilt. */
const BYTE_ORDER = endianness()
const ALIGN = 8

const ARRAY_TYPES = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  f64: Float64Array,
} as const
type ArrayType = keyof typeof ARRAY_TYPES
type AnyArray = Uint8Array | Uint16Array | Uint32Array | Float64Array

const LAYOUT_ARRAYS = ['fingerprints', 'offsets', 'lengths'] as const
type ArrayName = (typeof COLUMN_ARRAYS)[number] | (typeof LAYOUT_ARRAYS)[number]

const TYPE_OF: Record<ArrayName, ArrayType> = {
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
}
const ARRAY_NAMES = [...COLUMN_ARRAYS, ...LAYOUT_ARRAYS] as const

const HeaderSchema = z.object({
  format: z.literal(LEAN_INDEX_FORMAT),
  version: z.literal(LEAN_INDEX_VERSION),
  byteOrder: z.string(),
  accountId: z.string(),
  syncedAt: z.string(),
  count: z.int().nonnegative(),
  snapshotBytes: z.int().nonnegative(),
  stale: z.array(z.string()).optional(),
  selfId: z.string().nullable(),
  kinds: z.array(z.string()),
  labels: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  arrays: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      length: z.int().nonnegative(),
      crc32: z.int().nonnegative(),
    }),
  ),
})

export interface LeanIndex {
  meta: SnapshotMeta
  columns: GroupColumns
  /** CRC-32 of each record's JSON in the snapshot, aligned with the columns. */
  fingerprints: Uint32Array
  layout: SnapshotLayout
  /** The size of the snapshot file it describes. */
  snapshotBytes: number
}

function arraysOf(index: LeanIndex): Record<ArrayName, AnyArray> {
  const { columns, fingerprints, layout } = index
  const arrays = { fingerprints, offsets: layout.offsets, lengths: layout.lengths } as Record<
    ArrayName,
    AnyArray
  >
  for (const name of COLUMN_ARRAYS) arrays[name] = columns[name]
  return arrays
}

const padding = (at: number): number => (ALIGN - (at % ALIGN)) % ALIGN

function bytesOf(array: AnyArray): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength)
}

/** The file's bytes: the header, then each array as it is in memory (not copied). */
export function* encodeLeanIndex(index: LeanIndex): Generator<Buffer> {
  const { meta, columns } = index
  const arrays = arraysOf(index)
  const header = {
    format: LEAN_INDEX_FORMAT,
    version: LEAN_INDEX_VERSION,
    byteOrder: BYTE_ORDER,
    accountId: meta.accountId,
    syncedAt: meta.syncedAt,
    count: columns.count,
    snapshotBytes: index.snapshotBytes,
    ...(meta.stale && meta.stale.length > 0 && { stale: meta.stale }),
    selfId: columns.selfId,
    kinds: columns.kinds,
    labels: columns.labels,
    arrays: ARRAY_NAMES.map((name) => {
      const array = arrays[name]
      return { name, type: TYPE_OF[name], length: array.length, crc32: crc32(bytesOf(array)) }
    }),
  }
  const line = Buffer.from(`${JSON.stringify(header)}\n`)
  yield line
  let at = line.length
  for (const name of ARRAY_NAMES) {
    const pad = padding(at)
    if (pad > 0) yield Buffer.alloc(pad)
    const bytes = bytesOf(arrays[name])
    yield bytes
    at += pad + bytes.length
  }
}

/** Why an index file is not used (it is then rebuilt from the snapshot). */
export class LeanIndexUnusable extends Error {}

function parseHeader(buffer: Buffer): { header: z.output<typeof HeaderSchema>; next: number } {
  const end = buffer.indexOf(0x0a)
  if (end < 0) throw new LeanIndexUnusable('cut short')
  let value: unknown
  try {
    value = JSON.parse(buffer.toString('utf8', 0, end))
  } catch {
    throw new LeanIndexUnusable('not JSON')
  }
  const version = z.object({ version: z.unknown() }).safeParse(value)
  if (version.success && version.data.version !== LEAN_INDEX_VERSION)
    throw new LeanIndexUnusable(`another version (${String(version.data.version)})`)
  const parsed = HeaderSchema.safeParse(value)
  if (!parsed.success) throw new LeanIndexUnusable('unexpected content')
  return { header: parsed.data, next: end + 1 }
}

/** An array over the file's bytes where they are aligned for it, else a copy of them. */
function arrayAt(buffer: Buffer, type: ArrayType, at: number, length: number): AnyArray {
  const make = ARRAY_TYPES[type]
  const offset = buffer.byteOffset + at
  // A file read whole owns its ArrayBuffer (no pool is shared for files this size).
  if (offset % make.BYTES_PER_ELEMENT === 0)
    return new make(buffer.buffer as ArrayBuffer, offset, length)
  const copy = new make(length)
  bytesOf(copy).set(buffer.subarray(at, at + copy.byteLength))
  return copy
}

function startsFit(starts: Uint32Array, entries: number, size: number): boolean {
  if (starts.length !== entries + 1 || starts[0] !== 0 || starts[entries] !== size) return false
  for (let i = 0; i < entries; i++)
    if ((starts[i] as number) > (starts[i + 1] as number)) return false
  return true
}

function refsBelow(refs: Uint16Array | Uint32Array, limit: number): boolean {
  for (let i = 0; i < refs.length; i++) if ((refs[i] as number) >= limit) return false
  return true
}

/**
 * Reads an index file back, its arrays laid over `buffer` (which it then holds); throws
 * LeanIndexUnusable when it is not whole, not this version or not this account's.
 */
export function decodeLeanIndex(buffer: Buffer, accountId: string): LeanIndex {
  const { header, next } = parseHeader(buffer)
  if (header.accountId !== accountId) throw new LeanIndexUnusable('another account')
  if (header.byteOrder !== BYTE_ORDER) throw new LeanIndexUnusable('another byte order')
  if (
    header.arrays.length !== ARRAY_NAMES.length ||
    header.arrays.some(
      (a, i) => a.name !== ARRAY_NAMES[i] || a.type !== TYPE_OF[a.name as ArrayName],
    )
  )
    throw new LeanIndexUnusable('unexpected arrays')
  const arrays = {} as Record<ArrayName, AnyArray>
  let at = next
  for (const entry of header.arrays) {
    const type = entry.type as ArrayType
    at += padding(at)
    const bytes = entry.length * ARRAY_TYPES[type].BYTES_PER_ELEMENT
    if (at + bytes > buffer.length) throw new LeanIndexUnusable('cut short')
    if (crc32(buffer.subarray(at, at + bytes)) !== entry.crc32)
      throw new LeanIndexUnusable('checksum mismatch')
    arrays[entry.name as ArrayName] = arrayAt(buffer, type, at, entry.length)
    at += bytes
  }
  if (at !== buffer.length) throw new LeanIndexUnusable('trailing bytes')

  const { count } = header
  const columns = {
    count,
    selfId: header.selfId,
    kinds: header.kinds,
    labels: header.labels,
  } as GroupColumns
  for (const name of COLUMN_ARRAYS)
    (columns as unknown as Record<string, AnyArray>)[name] = arrays[name]
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
  // The checksums prove the bytes are the ones written; these prove they fit together, so no row can read past an array.
  if (
    perGroup.some((array) => array.length !== count) ||
    !startsFit(columns.textStarts, count * TEXT_SLOTS.length, columns.text.length) ||
    !startsFit(columns.haystackStarts, count, columns.haystack.length) ||
    !startsFit(columns.labelStarts, count, columns.labelRefs.length) ||
    !refsBelow(columns.labelRefs, columns.labels.length) ||
    (count > 0 && !refsBelow(columns.kind, Math.max(columns.kinds.length, 1)))
  )
    throw new LeanIndexUnusable('arrays do not fit together')
  return {
    snapshotBytes: header.snapshotBytes,
    meta: {
      accountId: header.accountId,
      syncedAt: header.syncedAt,
      ...(header.stale && header.stale.length > 0 && { stale: header.stale }),
    },
    columns,
    fingerprints: arrays.fingerprints as Uint32Array,
    layout: { offsets: arrays.offsets as Float64Array, lengths: arrays.lengths as Uint32Array },
  }
}
