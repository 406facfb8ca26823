import { endianness } from 'node:os'
import { crc32 } from 'node:zlib'
import { z } from 'zod'
import type { ParticipantsTable } from './participants-table'

/**
 * The participants index file, beside the groups snapshot:
 *
 *   {"format":"statusdesk-participants","version":1,"byteOrder":…,"accountId":…,
 *    "snapshot":{"syncedAt":…,"bytes":…,"table":…},"groups":G,"count":N,"listed":L,
 *    "arrays":[{"name":…,"length":…},…],"bodyBytes":B,"crc32":C}   \n  (spaces to a multiple of 8)
 *   then the body: each array's bytes as they are in memory, in the order listed, each
 *   starting at a multiple of 8 bytes from the start of the body (zero padding between).
 *
 * `crc32` is that of the whole body. It belongs to one snapshot (`snapshot`, see
 * SnapshotIdentity): a file from another snapshot, another version or whose body does not
 * match its checksum is not used, and is built again from the snapshot.
 */
export const PARTICIPANTS_FORMAT = 'statusdesk-participants'
export const PARTICIPANTS_VERSION = 1
const BYTE_ORDER = endianness()
const ALIGN = 8

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
export function tableChecksum(
  offsets: Float64Array,
  lengths: Uint32Array,
  fingerprints: Uint32Array,
): number {
  let crc = 0
  for (const array of [offsets, lengths, fingerprints])
    crc = crc32(Buffer.from(array.buffer, array.byteOffset, array.byteLength), crc)
  return crc
}

export function sameSnapshot(a: SnapshotIdentity, b: SnapshotIdentity): boolean {
  return a.syncedAt === b.syncedAt && a.bytes === b.bytes && a.table === b.table
}

const ARRAYS = [
  ['ids', Uint8Array],
  ['idStarts', Uint32Array],
  ['contacts', Uint8Array],
  ['contactStarts', Uint32Array],
  ['shared', Uint32Array],
  ['sampleStarts', Uint32Array],
  ['samples', Uint32Array],
  ['byId', Uint32Array],
] as const
type ArrayName = (typeof ARRAYS)[number][0]

const HeaderSchema = z.object({
  format: z.literal(PARTICIPANTS_FORMAT),
  version: z.literal(PARTICIPANTS_VERSION),
  byteOrder: z.string(),
  accountId: z.string(),
  snapshot: z.object({
    syncedAt: z.string(),
    bytes: z.int().nonnegative(),
    table: z.int().nonnegative(),
  }),
  groups: z.int().nonnegative(),
  count: z.int().nonnegative(),
  listed: z.int().nonnegative(),
  arrays: z.array(z.object({ name: z.string(), length: z.int().nonnegative() })),
  bodyBytes: z.int().nonnegative(),
  crc32: z.int().nonnegative(),
})

const padding = (at: number): number => (ALIGN - (at % ALIGN)) % ALIGN

function bytesOf(array: Uint8Array | Uint32Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength)
}

/** The file's bytes: the header line, then the body (the arrays, not copied). */
export function encodeParticipants(
  table: ParticipantsTable,
  accountId: string,
  snapshot: SnapshotIdentity,
): Buffer[] {
  const body: Buffer[] = []
  let at = 0
  let crc = 0
  for (const [name] of ARRAYS) {
    const pad = padding(at)
    if (pad > 0) {
      const zeros = Buffer.alloc(pad)
      body.push(zeros)
      crc = crc32(zeros, crc)
    }
    const bytes = bytesOf(table[name])
    body.push(bytes)
    crc = crc32(bytes, crc)
    at += pad + bytes.length
  }
  const header = {
    format: PARTICIPANTS_FORMAT,
    version: PARTICIPANTS_VERSION,
    byteOrder: BYTE_ORDER,
    accountId,
    snapshot,
    groups: table.groups,
    count: table.count,
    listed: table.listed,
    arrays: ARRAYS.map(([name]) => ({ name, length: table[name].length })),
    bodyBytes: at,
    crc32: crc,
  } satisfies z.input<typeof HeaderSchema>
  // Spaces after the JSON put the body at a multiple of 8 from the file's start, so the
  // arrays can be laid over a file read whole without a copy.
  const json = JSON.stringify(header)
  const line = Buffer.from(`${json}${' '.repeat(padding(Buffer.byteLength(json) + 1))}\n`)
  return [line, ...body]
}

/** Why an index file is not used (it is then built again). */
export class ParticipantsFileUnusable extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'ParticipantsFileUnusable'
  }
}

function startsFit(starts: Uint32Array, count: number, size: number): boolean {
  if (starts.length !== count + 1 || starts[0] !== 0 || starts[count] !== size) return false
  for (let i = 0; i < count; i++)
    if ((starts[i] as number) > (starts[i + 1] as number)) return false
  return true
}

function allBelow(values: Uint32Array, limit: number): boolean {
  for (let i = 0; i < values.length; i++) if ((values[i] as number) >= limit) return false
  return true
}

/**
 * Reads a file back, its arrays laid over `buffer` where aligned (which it then holds).
 * Throws ParticipantsFileUnusable when it is torn, damaged, of another version, another
 * account or another snapshot than `snapshot`.
 */
export function decodeParticipants(
  buffer: Buffer,
  accountId: string,
  snapshot: SnapshotIdentity,
): ParticipantsTable {
  const end = buffer.indexOf(0x0a)
  if (end < 0) throw new ParticipantsFileUnusable('cut short')
  let value: unknown
  try {
    value = JSON.parse(buffer.toString('utf8', 0, end))
  } catch {
    throw new ParticipantsFileUnusable('not readable')
  }
  const version = z.object({ version: z.unknown() }).safeParse(value)
  if (version.success && version.data.version !== PARTICIPANTS_VERSION)
    throw new ParticipantsFileUnusable(`another version (${String(version.data.version)})`)
  const parsed = HeaderSchema.safeParse(value)
  if (!parsed.success) throw new ParticipantsFileUnusable('unexpected content')
  const header = parsed.data
  if (header.accountId !== accountId) throw new ParticipantsFileUnusable('another account')
  if (header.byteOrder !== BYTE_ORDER) throw new ParticipantsFileUnusable('another byte order')
  if (!sameSnapshot(header.snapshot, snapshot))
    throw new ParticipantsFileUnusable('from another snapshot')
  const start = end + 1
  if (buffer.length - start !== header.bodyBytes)
    throw new ParticipantsFileUnusable(
      buffer.length - start < header.bodyBytes ? 'cut short' : 'trailing bytes',
    )
  if (crc32(buffer.subarray(start)) !== header.crc32)
    throw new ParticipantsFileUnusable('checksum mismatch')
  if (
    header.arrays.length !== ARRAYS.length ||
    header.arrays.some((array, i) => array.name !== (ARRAYS[i] as (typeof ARRAYS)[number])[0])
  )
    throw new ParticipantsFileUnusable('unexpected arrays')

  const arrays = {} as Record<ArrayName, Uint8Array | Uint32Array>
  let at = 0
  for (let i = 0; i < ARRAYS.length; i++) {
    const [name, make] = ARRAYS[i] as (typeof ARRAYS)[number]
    const { length } = header.arrays[i] as { length: number }
    at += padding(at)
    const bytes = length * make.BYTES_PER_ELEMENT
    if (at + bytes > header.bodyBytes) throw new ParticipantsFileUnusable('arrays do not fit')
    const offset = buffer.byteOffset + start + at
    if (offset % make.BYTES_PER_ELEMENT === 0) {
      arrays[name] = new make(buffer.buffer as ArrayBuffer, offset, length)
    } else {
      const copy = new make(length)
      bytesOf(copy).set(buffer.subarray(start + at, start + at + bytes))
      arrays[name] = copy
    }
    at += bytes
  }
  const table = {
    groups: header.groups,
    count: header.count,
    listed: header.listed,
    ...arrays,
  } as ParticipantsTable
  const { count } = table
  // The checksum proves the bytes are the ones written; these prove they fit together, so
  // no search can read past an array or name a group the snapshot does not have.
  if (
    table.shared.length !== count ||
    table.byId.length !== count ||
    !startsFit(table.idStarts, count, table.ids.length) ||
    !startsFit(table.contactStarts, count, table.contacts.length) ||
    !startsFit(table.sampleStarts, count, table.samples.length) ||
    !allBelow(table.samples, table.groups) ||
    !allBelow(table.byId, count) ||
    table.listed > count
  )
    throw new ParticipantsFileUnusable('arrays do not fit together')
  return table
}
