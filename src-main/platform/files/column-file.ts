import { endianness } from 'node:os'
import { crc32 } from 'node:zlib'
import { z } from 'zod'

/**
 * A column file: typed arrays written as they are in memory, so that a start reads one
 * file and lays the arrays over its bytes, parsing nothing per entry.
 *
 *   statusdesk-columns/1 {"format":…,"version":…,"byteOrder":…,"accountId":…,"snapshot":{…},
 *                         "meta":{…},"columns":[{"name":…,"type":"u32","length":L},…]}\n
 *   each column's bytes, in the order listed, each starting at a multiple of 8 bytes from the
 *   start of the file (zero padding between)
 *   the CRC-32 of every byte before it, 4 bytes little-endian
 *
 * The file is made from a snapshot and belongs to it (see ColumnFileTie): a file that is
 * not whole, of another kind or version, or made from anything else than what the reader
 * has is not used (ColumnFileUnusable), and its owner builds it again.
 */
const MAGIC = Buffer.from('statusdesk-columns/1 ')
/** The header is a few kilobytes; a file with no line end this far in is not one of these. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024
const ALIGN = 8
const TRAILER_BYTES = 4
/** The arrays are stored in the machine's byte order; a file from another order is rebuilt. */
const BYTE_ORDER = endianness()

const ARRAY_TYPES = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  f64: Float64Array,
} as const
export type ColumnType = keyof typeof ARRAY_TYPES

interface ArrayOfType {
  u8: Uint8Array
  u16: Uint16Array
  u32: Uint32Array
  f64: Float64Array
}
type AnyArray = ArrayOfType[ColumnType]

/** The columns of a kind of file, by name, in the order the file stores them. */
export type ColumnSpecs = Readonly<Record<string, ColumnType>>
export type Columns<S extends ColumnSpecs> = { [K in keyof S]: ArrayOfType[S[K]] }

/** One kind of column file: what its header carries and which columns follow. */
export interface ColumnFileKind<S extends ColumnSpecs, M extends z.ZodType> {
  /** Names the kind; a file of another kind is never read as this one. */
  format: string
  /** Changes whenever what is stored changes: a file of another version is built again. */
  version: number
  columns: S
  /** What the header carries beside the columns (counts, small tables). */
  meta: M
}

/** What a file was made from; a reader that has anything else does not use it. */
export interface ColumnFileTie {
  accountId: string
  /** What tells the snapshot it was made from apart from any other, as its owner measures it. */
  snapshot: Readonly<Record<string, string | number>>
}

/** The reason for a file made from another snapshot than the reader's: stale, not damaged. */
// developer-only: a reason for the log; the file is rebuilt without a word to the user
export const FROM_ANOTHER_SNAPSHOT = 'from another snapshot'

/** Why a column file is not used; its owner then builds it again. */
export class ColumnFileUnusable extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'ColumnFileUnusable'
  }
}

const HeaderSchema = z.object({
  format: z.string(),
  version: z.int(),
  byteOrder: z.string(),
  accountId: z.string(),
  snapshot: z.record(z.string(), z.union([z.string(), z.number()])),
  meta: z.unknown(),
  columns: z.array(z.object({ name: z.string(), type: z.string(), length: z.int().nonnegative() })),
})

const padding = (at: number): number => (ALIGN - (at % ALIGN)) % ALIGN

function bytesOf(array: AnyArray): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength)
}

/** The file's bytes, chunk by chunk: the columns are handed out as they are, not copied. */
export function* encodeColumnFile<S extends ColumnSpecs, M extends z.ZodType>(
  kind: ColumnFileKind<S, M>,
  file: { tie: ColumnFileTie; meta: z.input<M>; columns: Columns<S> },
): Generator<Buffer> {
  const names = Object.keys(kind.columns)
  const arrays = names.map((name) => file.columns[name] as AnyArray)
  const header = {
    format: kind.format,
    version: kind.version,
    byteOrder: BYTE_ORDER,
    accountId: file.tie.accountId,
    snapshot: file.tie.snapshot,
    meta: file.meta,
    columns: names.map((name, i) => ({
      name,
      type: kind.columns[name] as ColumnType,
      length: (arrays[i] as AnyArray).length,
    })),
  } satisfies z.input<typeof HeaderSchema>
  const line = Buffer.concat([MAGIC, Buffer.from(`${JSON.stringify(header)}\n`)])
  let crc = crc32(line)
  let at = line.length
  yield line
  for (const array of arrays) {
    const pad = padding(at)
    if (pad > 0) {
      const zeros = Buffer.alloc(pad)
      crc = crc32(zeros, crc)
      yield zeros
    }
    const bytes = bytesOf(array)
    // zlib answers 0 for a buffer with no memory behind it, whatever the running value.
    if (bytes.length > 0) crc = crc32(bytes, crc)
    at += pad + bytes.length
    yield bytes
  }
  const trailer = Buffer.alloc(TRAILER_BYTES)
  trailer.writeUInt32LE(crc)
  yield trailer
}

/** The header line, checked for what it must say before any column is looked at. */
function readHeader(buffer: Buffer, kind: ColumnFileKind<ColumnSpecs, z.ZodType>): { header: z.output<typeof HeaderSchema>; next: number } {
  const lead = buffer.subarray(0, MAGIC.length)
  if (!MAGIC.subarray(0, lead.length).equals(lead)) throw new ColumnFileUnusable('not readable')
  const end = buffer.subarray(0, MAX_HEADER_BYTES).indexOf(0x0a, MAGIC.length)
  if (end < 0) throw new ColumnFileUnusable(buffer.length < MAX_HEADER_BYTES ? 'cut short' : 'not readable')
  let value: unknown
  try {
    value = JSON.parse(buffer.toString('utf8', MAGIC.length, end))
  } catch {
    throw new ColumnFileUnusable('not readable')
  }
  const named = z.object({ format: z.unknown(), version: z.unknown() }).safeParse(value)
  if (named.success && named.data.format !== kind.format) throw new ColumnFileUnusable('another kind of file')
  if (named.success && named.data.version !== kind.version) throw new ColumnFileUnusable(`another version (${String(named.data.version)})`)
  const parsed = HeaderSchema.safeParse(value)
  if (!parsed.success) throw new ColumnFileUnusable('unexpected content')
  return { header: parsed.data, next: end + 1 }
}

function sameSnapshot(a: Readonly<Record<string, string | number>>, b: Readonly<Record<string, string | number>>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

/** An array over the file's bytes where they are aligned for it, else a copy of them. */
function arrayAt(buffer: Buffer, type: ColumnType, at: number, length: number): AnyArray {
  const make = ARRAY_TYPES[type]
  const offset = buffer.byteOffset + at
  // A file read whole owns its ArrayBuffer (no pool is shared for files this size).
  if (offset % make.BYTES_PER_ELEMENT === 0) return new make(buffer.buffer as ArrayBuffer, offset, length)
  const copy = new make(length)
  bytesOf(copy).set(buffer.subarray(at, at + copy.byteLength))
  return copy
}

/**
 * Reads a file back, its columns laid over `buffer` where they are aligned (it then holds
 * the buffer). Throws ColumnFileUnusable when the file is not whole, not of this kind and
 * version, or not made from what `tie` says. Whether the columns fit together (lengths,
 * positions into each other) is for the caller to check: see offsetsFit and allBelow.
 */
export function decodeColumnFile<S extends ColumnSpecs, M extends z.ZodType>(
  kind: ColumnFileKind<S, M>,
  buffer: Buffer,
  tie: ColumnFileTie,
): { meta: z.output<M>; columns: Columns<S> } {
  const { header, next } = readHeader(buffer, kind)
  if (header.byteOrder !== BYTE_ORDER) throw new ColumnFileUnusable('another byte order')
  if (header.accountId !== tie.accountId) throw new ColumnFileUnusable('another account')
  if (!sameSnapshot(header.snapshot, tie.snapshot)) throw new ColumnFileUnusable(FROM_ANOTHER_SNAPSHOT)
  const meta = kind.meta.safeParse(header.meta)
  if (!meta.success) throw new ColumnFileUnusable('unexpected content')
  const names = Object.keys(kind.columns)
  if (header.columns.length !== names.length || header.columns.some((c, i) => c.name !== names[i] || c.type !== kind.columns[c.name]))
    throw new ColumnFileUnusable('unexpected columns')

  // Where each column starts, from lengths the header claims: each is bounded by the file
  // before it is added up, so no claim can make the sum lose precision.
  const starts: number[] = []
  let at = next
  for (const column of header.columns) {
    at += padding(at)
    const bytes = column.length * ARRAY_TYPES[column.type as ColumnType].BYTES_PER_ELEMENT
    if (bytes > buffer.length) throw new ColumnFileUnusable('cut short')
    starts.push(at)
    at += bytes
  }
  const size = at + TRAILER_BYTES
  if (buffer.length < size) throw new ColumnFileUnusable('cut short')
  if (buffer.length > size) throw new ColumnFileUnusable('trailing bytes')
  if (crc32(buffer.subarray(0, at)) !== buffer.readUInt32LE(at)) throw new ColumnFileUnusable('checksum mismatch')

  const columns = {} as Record<string, AnyArray>
  header.columns.forEach((column, i) => {
    columns[column.name] = arrayAt(buffer, column.type as ColumnType, starts[i] as number, column.length)
  })
  return { meta: meta.data, columns: columns as Columns<S> }
}

/**
 * Whether `starts` cuts a column of `size` entries into `entries` runs: one more start than
 * runs, from 0 to `size`, never going back.
 */
export function offsetsFit(starts: Uint32Array, entries: number, size: number): boolean {
  if (starts.length !== entries + 1 || starts[0] !== 0 || starts[entries] !== size) return false
  for (let i = 0; i < entries; i++) if ((starts[i] as number) > (starts[i + 1] as number)) return false
  return true
}

/** Whether every value is a position below `limit` (into another column, or a table). */
export function allBelow(values: Uint16Array | Uint32Array, limit: number): boolean {
  for (let i = 0; i < values.length; i++) if ((values[i] as number) >= limit) return false
  return true
}
