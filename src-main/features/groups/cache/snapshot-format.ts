import { setImmediate as nextTurn } from 'node:timers/promises'
import { crc32 } from 'node:zlib'
import type { Group } from '@shared/domain'
import { z } from 'zod'
import { RecordPrint } from './record-print'
import { SnapshotUnreadable, type SnapshotPart, type SnapshotProblem } from './snapshot-problems'

export { SnapshotUnreadable } from './snapshot-problems'

/**
 * The groups snapshot file:
 *
 *   {"format":"statusdesk-groups","version":3,"accountId":…,"printKey":…}\n
 *   segments, each {"bytes":B,"crc32":C}\n<B bytes: a page of groups as the server sent it>\n
 *   the table   {"bytes":B,"crc32":C}\n<B bytes: {"offsets":[…],"lengths":[…],"fingerprints":[…],"stale":[…]}>\n
 *   the trailer {"syncedAt":…,"count":N,"table":T}\n   (T: where the table's line starts)
 *
 * The server's bytes are kept as they came, so a sync never re-serialises a record: each
 * group of the snapshot is one run of bytes inside a segment, at the offset and of the
 * length the table gives, and its fingerprint is a keyed hash of exactly those bytes, under
 * the key of the first line (record-print.ts): it proves a read of one record and tells the
 * next sync which groups changed, and a server cannot make other bytes that have it. Version
 * 2, before keys, is read too: its fingerprints are CRC-32 (RecordPrint.keyless). A segment
 * may hold records that are not in the table (set aside, or read twice while the list
 * moved): the table alone says what the snapshot holds, in the list's order.
 *
 * Every segment and the table carry a checksum, and the trailer is written last, so a
 * torn or damaged file is caught without re-validating records: they were checked when
 * they came from the server, and the checksums prove these are the bytes written then.
 * The trailer (and with it `syncedAt`) is known only once the sync is done, which is why
 * it closes the file rather than opening it.
 */
export const SNAPSHOT_FORMAT = 'statusdesk-groups'
export const SNAPSHOT_VERSION = 3
/** The version before keys: read still, its fingerprints CRC-32. */
const KEYLESS_VERSION = 2

/** The trailer is one short line; a longer last line is not one. */
const TRAILER_MAX_BYTES = 1024
/** Records parsed between two event-loop turns when a whole snapshot is loaded. */
const RECORDS_PER_TURN = 1_000

export interface SnapshotMeta {
  accountId: string
  /** ISO time the sync that produced it finished. */
  syncedAt: string
  /** See GroupsSnapshot.stale. */
  stale?: readonly string[]
}

/** Where each group's record sits in the snapshot file, aligned with the groups. */
export interface SnapshotLayout {
  offsets: Float64Array
  lengths: Uint32Array
}

/** What the table of a snapshot holds: where each group is and its fingerprint. */
export interface SnapshotTable extends SnapshotLayout {
  fingerprints: Uint32Array
  stale?: readonly string[]
}

export interface GroupsSnapshot extends SnapshotMeta {
  groups: Group[]
  /**
   * The fingerprint of each group's record bytes (see record-print.ts), aligned with `groups`:
   * how the next sync tells which groups changed without comparing every record field by field.
   */
  fingerprints: Uint32Array
  /** Where each group's record is in the file it was read from or written to. */
  layout?: SnapshotLayout
  /**
   * Ids of groups kept in their last good version because the sync that wrote this could
   * not read them; absent when there are none.
   */
  stale?: readonly string[]
}

const FileHeaderSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.union([z.literal(SNAPSHOT_VERSION), z.literal(KEYLESS_VERSION)]),
  accountId: z.string(),
  printKey: z.string().optional(),
})

const BlockSchema = z.object({
  bytes: z.int().nonnegative(),
  crc32: z.int().nonnegative(),
})

const TrailerSchema = z.object({
  syncedAt: z.string(),
  count: z.int().nonnegative(),
  table: z.int().nonnegative(),
})

const TableSchema = z.object({
  offsets: z.array(z.int().nonnegative()),
  lengths: z.array(z.int().positive()),
  fingerprints: z.array(z.int().nonnegative()),
  stale: z.array(z.string()).optional(),
})

type Trailer = z.output<typeof TrailerSchema>

export function headerLine(accountId: string, print: RecordPrint): Buffer {
  return Buffer.from(`${JSON.stringify({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, accountId, printKey: print.hex })}\n`)
}

/** The line before a segment's (or the table's) bytes; `crc` when the caller has it already. */
export function blockLine(body: Uint8Array, crc: number = crc32(body)): Buffer {
  return Buffer.from(`{"bytes":${body.length},"crc32":${crc}}\n`)
}

export function tableBody(table: SnapshotTable): Buffer {
  const { offsets, lengths, fingerprints, stale } = table
  return Buffer.from(
    JSON.stringify({
      offsets: Array.from(offsets),
      lengths: Array.from(lengths),
      fingerprints: Array.from(fingerprints),
      ...(stale && stale.length > 0 && { stale }),
    }),
  )
}

export function trailerLine(syncedAt: string, count: number, table: number): Buffer {
  return Buffer.from(`${JSON.stringify({ syncedAt, count, table } satisfies Trailer)}\n`)
}

function jsonLine<S extends z.ZodType>(schema: S, text: string, what: SnapshotPart): z.output<S> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SnapshotUnreadable(`${what}-unreadable`)
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new SnapshotUnreadable(`${what}-unreadable`)
  return parsed.data
}

/** The file's first line, checked for format, version and account: how its records are fingerprinted. */
function readHeader(text: string, accountId: string | null): RecordPrint {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SnapshotUnreadable('not-a-groups-cache')
  }
  const format = z.object({ format: z.literal(SNAPSHOT_FORMAT), version: z.int() }).safeParse(value)
  if (!format.success) throw new SnapshotUnreadable('not-a-groups-cache')
  if (format.data.version !== SNAPSHOT_VERSION && format.data.version !== KEYLESS_VERSION) {
    throw new SnapshotUnreadable(format.data.version > SNAPSHOT_VERSION ? 'newer-format' : 'older-format', format.data.version)
  }
  const header = jsonLine(FileHeaderSchema, text, 'header')
  if (accountId !== null && header.accountId !== accountId) throw new SnapshotUnreadable('other-account')
  if (header.version === KEYLESS_VERSION) return RecordPrint.keyless
  const print = RecordPrint.fromHex(header.printKey)
  if (!print) throw new SnapshotUnreadable('header-unreadable')
  return print
}

/** The trailer, from the last bytes of the file. */
function readTrailer(tail: Buffer): Trailer {
  if (tail.length === 0 || tail[tail.length - 1] !== 0x0a) throw new SnapshotUnreadable('cut-short')
  const start = tail.lastIndexOf(0x0a, tail.length - 2) + 1
  if (start === 0 && tail.length >= TRAILER_MAX_BYTES) throw new SnapshotUnreadable('cut-short')
  return jsonLine(TrailerSchema, tail.toString('utf8', start, tail.length - 1), 'trailer')
}

/** Reads blocks ({"bytes","crc32"} line then bytes then a newline) through `read`. */
interface BlockReader {
  read(offset: number, length: number): Promise<Buffer>
  size: number
}

async function lineAt(file: BlockReader, at: number, what: SnapshotPart): Promise<{ text: string; next: number }> {
  for (let length = 4 * 1024; ; length *= 4) {
    const chunk = await file.read(at, Math.min(length, file.size - at))
    const end = chunk.indexOf(0x0a)
    if (end >= 0) return { text: chunk.toString('utf8', 0, end), next: at + end + 1 }
    if (at + chunk.length >= file.size || length > 1024 * 1024) throw new SnapshotUnreadable(`cut-short-in-${what}`)
  }
}

/** A block's body range after checking its checksum; `stop` is where blocks must end. */
async function checkedBlock(
  file: BlockReader,
  at: number,
  stop: number,
  what: 'table' | 'segment',
): Promise<{ body: Buffer; start: number; next: number }> {
  const line = await lineAt(file, at, `${what}-header`)
  const block = jsonLine(BlockSchema, line.text, `${what}-header`)
  const end = line.next + block.bytes
  if (end + 1 > stop) throw new SnapshotUnreadable('cut-short')
  const bytes = await file.read(line.next, block.bytes + 1)
  if (bytes.length !== block.bytes + 1 || bytes[block.bytes] !== 0x0a) throw new SnapshotUnreadable('block-not-closed')
  const body = bytes.subarray(0, block.bytes)
  if (crc32(body) !== block.crc32) throw new SnapshotUnreadable('checksum-mismatch')
  return { body, start: line.next, next: end + 1 }
}

interface CheckedFile {
  trailer: Trailer
  table: z.output<typeof TableSchema>
  /** Each segment's body as [start, end) in the file, in file order. */
  segments: [number, number][]
}

/**
 * Checks a whole snapshot through `file`: header, trailer, table and every segment's
 * checksum, and that each record of the table lies inside one segment.
 */
async function checkFile(file: BlockReader, accountId: string | null, between: () => Promise<unknown>): Promise<CheckedFile> {
  const first = await lineAt(file, 0, 'header')
  readHeader(first.text, accountId)
  const tailLength = Math.min(file.size, TRAILER_MAX_BYTES)
  const trailer = readTrailer(await file.read(file.size - tailLength, tailLength))
  if (trailer.table < first.next) throw new SnapshotUnreadable('table-before-header')
  const tableBlock = await checkedBlock(file, trailer.table, file.size, 'table')
  let tableValue: unknown
  try {
    tableValue = JSON.parse(tableBlock.body.toString('utf8'))
  } catch {
    throw new SnapshotUnreadable('table-unreadable')
  }
  const parsedTable = TableSchema.safeParse(tableValue)
  if (!parsedTable.success) throw new SnapshotUnreadable('table-unreadable')
  const table = parsedTable.data
  const count = trailer.count
  if (table.offsets.length !== count || table.lengths.length !== count || table.fingerprints.length !== count)
    throw new SnapshotUnreadable('table-size-mismatch')
  const segments: [number, number][] = []
  for (let at = first.next; at < trailer.table;) {
    const block = await checkedBlock(file, at, trailer.table, 'segment')
    segments.push([block.start, block.next - 1])
    at = block.next
    await between()
  }
  for (let i = 0; i < count; i++) {
    const start = table.offsets[i] as number
    if (!insideOne(segments, start, start + (table.lengths[i] as number))) throw new SnapshotUnreadable('record-outside-pages')
  }
  return { trailer, table, segments }
}

/** Whether [start, end) lies within one of the sorted ranges. */
function insideOne(ranges: readonly [number, number][], start: number, end: number): boolean {
  let low = 0
  let high = ranges.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const [from, to] = ranges[middle] as [number, number]
    if (start < from) high = middle - 1
    else if (start >= to) low = middle + 1
    else return end <= to
  }
  return false
}

function bufferFile(buffer: Buffer): BlockReader {
  return {
    size: buffer.length,
    read: (offset, length) => Promise.resolve(buffer.subarray(offset, Math.min(buffer.length, offset + length))),
  }
}

export interface DecodeOptions {
  /** The account the file must belong to. */
  accountId: string
  /** Called between segments; by default yields to the event loop. */
  between?: () => Promise<unknown>
  /** What is kept of each record (all of it by default); the rest stays on disk. */
  keep?: (group: Group) => Group
  /** Given each record in file order instead of keeping any (the snapshot's `groups` is then empty). */
  visit?: (group: Group) => void
}

/** Reads a snapshot file's bytes back; throws SnapshotUnreadable when they are not a whole, intact snapshot. */
export async function decodeSnapshot(buffer: Buffer, options: DecodeOptions): Promise<GroupsSnapshot> {
  const between = options.between ?? (() => nextTurn())
  const { trailer, table } = await checkFile(bufferFile(buffer), options.accountId, between)
  const count = trailer.count
  const { visit } = options
  const keep = options.keep ?? ((group: Group) => group)
  const groups: Group[] = visit ? [] : new Array<Group>(count)
  for (let i = 0; i < count; i++) {
    const start = table.offsets[i] as number
    let item: unknown
    try {
      item = JSON.parse(buffer.toString('utf8', start, start + (table.lengths[i] as number)))
    } catch {
      throw new SnapshotUnreadable('record-not-json')
    }
    if (typeof item !== 'object' || item === null || typeof (item as { id?: unknown }).id !== 'string') {
      throw new SnapshotUnreadable('record-without-id')
    }
    if (visit) visit(item as Group)
    else groups[i] = keep(item as Group)
    if ((i + 1) % RECORDS_PER_TURN === 0) await between()
  }
  return {
    accountId: options.accountId,
    syncedAt: trailer.syncedAt,
    groups,
    fingerprints: Uint32Array.from(table.fingerprints),
    layout: { offsets: Float64Array.from(table.offsets), lengths: Uint32Array.from(table.lengths) },
    ...(table.stale && table.stale.length > 0 && { stale: table.stale }),
  }
}

/** What tells one snapshot from another: its account and when its sync finished. */
export async function snapshotStamp(
  read: (offset: number, length: number) => Promise<Buffer>,
  size: number,
): Promise<{ accountId: string; syncedAt: string } | null> {
  try {
    const file = { read, size }
    const first = await lineAt(file, 0, 'header')
    const header = jsonLine(FileHeaderSchema, first.text, 'header')
    const tailLength = Math.min(size, TRAILER_MAX_BYTES)
    const trailer = readTrailer(await read(size - tailLength, tailLength))
    return { accountId: header.accountId, syncedAt: trailer.syncedAt }
  } catch (error) {
    if (error instanceof SnapshotUnreadable) return null
    throw error
  }
}

/** How the records of the snapshot file read through `read` are fingerprinted, from its first line. */
export async function snapshotPrint(read: (offset: number, length: number) => Promise<Buffer>, size: number): Promise<RecordPrint> {
  return readHeader((await lineAt({ read, size }, 0, 'header')).text, null)
}

/**
 * Checks every checksum of a snapshot file read through `read`, without parsing a
 * record: the check a start from the groups index leaves for later. Returns why the file
 * is unusable, or null when it is whole.
 */
export async function verifySnapshot(
  read: (offset: number, length: number) => Promise<Buffer>,
  size: number,
  between: () => Promise<unknown> = () => nextTurn(),
): Promise<SnapshotProblem | null> {
  try {
    await checkFile({ read, size }, null, between)
    return null
  } catch (error) {
    if (error instanceof SnapshotUnreadable) return error.reason
    throw error
  }
}
