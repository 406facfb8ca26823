import { setImmediate as nextTurn } from 'node:timers/promises'
import { crc32 } from 'node:zlib'
import type { Group } from '@shared/domain'
import { z } from 'zod'

/**
 * The groups snapshot file:
 *
 *   {"format":"statusdesk-groups","version":1,"accountId":…,"syncedAt":…,"count":N}\n
 *   then segments, each {"count":k,"bytes":B,"crc32":C,"fingerprints":[…],"lengths":[…]}\n<B bytes: a JSON array of k groups>\n
 *
 * Segments keep every string well under V8's string length limit whatever the account's
 * size, and let a load yield to the event loop between them so the main process stays
 * responsive. A segment's checksum covers its groups and its fingerprints, so a torn or
 * damaged file is caught without re-validating every record: the records were parsed with
 * the schema when they came from the server, and the checksum proves these are the bytes
 * written then. (Re-validating 50,000 groups would cost more than parsing them.)
 *
 * Each group's JSON sits in the file as one unbroken run of bytes, and `lengths` says how
 * long each run is, so one group's record can be read back alone (its fingerprint is the
 * CRC-32 of exactly those bytes, which proves the read). Files written before `lengths`
 * existed are measured by scanning the segment instead.
 */
export const SNAPSHOT_FORMAT = 'statusdesk-groups'
export const SNAPSHOT_VERSION = 1

/** Bytes of JSON per segment: small enough to parse between two event-loop turns. */
const SEGMENT_BYTES = 4 * 1024 * 1024
/** Room for a segment plus the group that takes it past SEGMENT_BYTES. */
const SEGMENT_CAPACITY = 2 * SEGMENT_BYTES
const NEWLINE = Buffer.from('\n')

export interface SnapshotMeta {
  accountId: string
  /** ISO time the sync that produced it finished. */
  syncedAt: string
  /** See GroupsSnapshot.stale. */
  stale?: readonly string[]
}

/** Where each group's JSON sits in the snapshot file, aligned with the groups. */
export interface SnapshotLayout {
  offsets: Float64Array
  lengths: Uint32Array
}

export interface GroupsSnapshot extends SnapshotMeta {
  groups: Group[]
  /**
   * CRC-32 of each group's JSON, aligned with `groups`: how the next sync tells which
   * groups changed without comparing every record field by field.
   */
  fingerprints: Uint32Array
  /** Where each group's record is in the file it was read from or written to. */
  layout?: SnapshotLayout
  /**
   * Ids of groups kept in their last good version because the sync that wrote this could
   * not read them; absent when there are none (and in files written before there could be).
   */
  stale?: readonly string[]
}

const FileHeaderSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.int().positive(),
  accountId: z.string(),
  syncedAt: z.string(),
  count: z.int().nonnegative(),
  stale: z.array(z.string()).optional(),
})

const SegmentHeaderSchema = z.object({
  count: z.int().nonnegative(),
  bytes: z.int().nonnegative(),
  crc32: z.int().nonnegative(),
  fingerprints: z.array(z.int().nonnegative()),
  lengths: z.array(z.int().positive()).optional(),
})

/** Why a snapshot file cannot be used; it is then set aside and the groups fetched again. */
export class SnapshotUnreadable extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'SnapshotUnreadable'
  }
}

export function fingerprintOf(json: string): number {
  return crc32(json)
}

/**
 * The file's bytes, chunk by chunk, filling `fingerprints` as it goes. Each group is
 * stringified once: its JSON is both what is written and what is fingerprinted. A chunk
 * is valid only until the next one is asked for (segment bodies share one buffer): the
 * consumer writes each before pulling the next, as writeAtomically does.
 */
export function* encodeSnapshot(
  meta: SnapshotMeta,
  groups: readonly Group[],
  fingerprints: Uint32Array,
  layout: SnapshotLayout = {
    offsets: new Float64Array(groups.length),
    lengths: new Uint32Array(groups.length),
  },
): Generator<Buffer> {
  const { stale, ...rest } = meta
  const header = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    ...rest,
    count: groups.length,
    ...(stale && stale.length > 0 && { stale }),
  }
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`)
  /** Bytes of the file before the chunk about to be yielded. */
  let position = headerLine.length
  yield headerLine
  let pending: string | null = null
  let buffer: Buffer | null = null
  let i = 0
  while (i < groups.length) {
    const start = i
    pending ??= JSON.stringify(groups[i])
    // Groups are encoded straight into one buffer reused for every segment: no buffer per
    // group, no copy, and no fresh megabytes for the GC to account for at each segment.
    if (!buffer || buffer.length < utf8Bound(pending) + 2)
      buffer = Buffer.allocUnsafe(Math.max(SEGMENT_CAPACITY, utf8Bound(pending) + 2))
    let body = buffer
    let at = 0
    body[at++] = 0x5b
    while (pending !== null) {
      if (i > start) body[at++] = 0x2c
      const written = body.write(pending, at, 'utf8')
      fingerprints[i] = crc32(body.subarray(at, at + written))
      // Relative to the body for now: the segment header before it is not written yet.
      layout.offsets[i] = at
      layout.lengths[i] = written
      at += written
      i++
      pending = i < groups.length ? JSON.stringify(groups[i]) : null
      if (pending !== null && (at >= SEGMENT_BYTES || at + utf8Bound(pending) + 2 > body.length))
        break
    }
    body[at++] = 0x5d
    body = body.subarray(0, at)
    const prints = JSON.stringify(Array.from(fingerprints.subarray(start, i)))
    const lengths = JSON.stringify(Array.from(layout.lengths.subarray(start, i)))
    const checksum = crc32(body, crc32(prints))
    const segmentHeader = Buffer.from(
      `{"count":${i - start},"bytes":${body.length},"crc32":${checksum},"fingerprints":${prints},"lengths":${lengths}}\n`,
    )
    const bodyAt = position + segmentHeader.length
    for (let k = start; k < i; k++) layout.offsets[k] = bodyAt + (layout.offsets[k] as number)
    position = bodyAt + body.length + NEWLINE.length
    yield segmentHeader
    yield body
    yield NEWLINE
  }
}

/** The most bytes a string can take in UTF-8: 3 per UTF-16 unit (a surrogate pair's 4 bytes are 2 units). */
function utf8Bound(text: string): number {
  return text.length * 3
}

function lineAt(buffer: Buffer, start: number, what: string): { text: string; next: number } {
  const end = buffer.indexOf(0x0a, start)
  if (end < 0) throw new SnapshotUnreadable(`it was cut short (in the ${what})`)
  return { text: buffer.toString('utf8', start, end), next: end + 1 }
}

function jsonLine<S extends z.ZodType>(schema: S, text: string, what: string): z.output<S> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SnapshotUnreadable(`its ${what} is not readable`)
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new SnapshotUnreadable(`its ${what} is not readable`)
  return parsed.data
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

/** The [start, end) byte ranges of the top-level items of a JSON array held in `body`. */
export function arrayItemRanges(body: Buffer): [number, number][] {
  const ranges: [number, number][] = []
  let depth = 0
  let inString = false
  let start = -1
  for (let i = 0; i < body.length; i++) {
    const byte = body[i] as number
    if (inString) {
      if (byte === 0x5c) i++
      else if (byte === 0x22) inString = false
      continue
    }
    if (byte === 0x22) inString = true
    else if (byte === 0x5b || byte === 0x7b) {
      depth++
      if (depth === 2 && start < 0) start = i
      if (depth === 1) continue
    } else if (byte === 0x5d || byte === 0x7d) {
      depth--
      if (depth === 0) {
        if (start >= 0) ranges.push([start, i])
        return ranges
      }
      continue
    } else if (byte === 0x2c && depth === 1) {
      if (start >= 0) ranges.push([start, i])
      start = -1
      continue
    }
    if (depth >= 1 && start < 0 && byte > 0x20) start = i
  }
  return ranges
}

/** Reads a snapshot file's bytes back; throws SnapshotUnreadable when they are not a whole, intact snapshot. */
export async function decodeSnapshot(
  buffer: Buffer,
  options: DecodeOptions,
): Promise<GroupsSnapshot> {
  const between = options.between ?? (() => nextTurn())
  const first = lineAt(buffer, 0, 'header')
  let headerValue: unknown
  try {
    headerValue = JSON.parse(first.text)
  } catch {
    throw new SnapshotUnreadable('it is not a Statusdesk groups cache')
  }
  const format = z
    .object({ format: z.literal(SNAPSHOT_FORMAT), version: z.int() })
    .safeParse(headerValue)
  if (!format.success) throw new SnapshotUnreadable('it is not a Statusdesk groups cache')
  if (format.data.version !== SNAPSHOT_VERSION) {
    throw new SnapshotUnreadable(
      format.data.version > SNAPSHOT_VERSION
        ? `it was written by a newer version of Statusdesk (format ${format.data.version})`
        : `its format (${format.data.version}) is no longer supported`,
    )
  }
  const header = jsonLine(FileHeaderSchema, first.text, 'header')
  if (header.accountId !== options.accountId)
    throw new SnapshotUnreadable('it belongs to another account')

  const { visit } = options
  const groups: Group[] = visit ? [] : new Array<Group>(header.count)
  const fingerprints = new Uint32Array(header.count)
  const layout: SnapshotLayout = {
    offsets: new Float64Array(header.count),
    lengths: new Uint32Array(header.count),
  }
  const keep = options.keep ?? ((group: Group) => group)
  let filled = 0
  let at = first.next
  while (at < buffer.length) {
    const line = lineAt(buffer, at, 'segment header')
    const segment = jsonLine(SegmentHeaderSchema, line.text, 'segment header')
    const end = line.next + segment.bytes
    if (end + 1 > buffer.length) throw new SnapshotUnreadable('it was cut short')
    if (buffer[end] !== 0x0a || segment.fingerprints.length !== segment.count) {
      throw new SnapshotUnreadable('it is damaged')
    }
    if (filled + segment.count > header.count)
      throw new SnapshotUnreadable('it is damaged (too many groups)')
    const body = buffer.subarray(line.next, end)
    if (crc32(body, crc32(JSON.stringify(segment.fingerprints))) !== segment.crc32) {
      throw new SnapshotUnreadable('it is damaged (checksum mismatch)')
    }
    const ranges = itemRanges(body, segment.lengths, segment.count)
    let items: unknown
    try {
      items = JSON.parse(body.toString('utf8'))
    } catch {
      throw new SnapshotUnreadable('it is damaged (not JSON)')
    }
    if (!Array.isArray(items) || items.length !== segment.count)
      throw new SnapshotUnreadable('it is damaged')
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i]
      if (
        typeof item !== 'object' ||
        item === null ||
        typeof (item as { id?: unknown }).id !== 'string'
      ) {
        throw new SnapshotUnreadable('it is damaged (a record without an id)')
      }
      const [from, to] = ranges[i] as [number, number]
      if (visit) visit(item as Group)
      else groups[filled] = keep(item as Group)
      fingerprints[filled] = segment.fingerprints[i] as number
      layout.offsets[filled] = line.next + from
      layout.lengths[filled] = to - from
      filled++
    }
    at = end + 1
    if (at < buffer.length) await between()
  }
  if (filled !== header.count) throw new SnapshotUnreadable('it was cut short')
  return {
    accountId: header.accountId,
    syncedAt: header.syncedAt,
    groups,
    fingerprints,
    layout,
    ...(header.stale && header.stale.length > 0 && { stale: header.stale }),
  }
}

/** Each group's byte range in a segment body: from `lengths` when the file has them, else by scanning. */
function itemRanges(
  body: Buffer,
  lengths: readonly number[] | undefined,
  count: number,
): [number, number][] {
  if (lengths !== undefined) {
    if (lengths.length !== count) throw new SnapshotUnreadable('it is damaged (record lengths)')
    const ranges: [number, number][] = []
    let at = 1
    for (const length of lengths) {
      ranges.push([at, at + length])
      at += length + 1
    }
    if (at !== body.length) throw new SnapshotUnreadable('it is damaged (record lengths)')
    return ranges
  }
  const ranges = arrayItemRanges(body)
  if (ranges.length !== count) throw new SnapshotUnreadable('it is damaged')
  return ranges
}

/**
 * Checks every segment's checksum of a snapshot file read through `read`, without parsing
 * a record: the check a start from the lean index leaves for later. Returns why the file
 * is unusable, or null when it is whole.
 */
export async function verifySnapshot(
  read: (offset: number, length: number) => Promise<Buffer>,
  size: number,
  between: () => Promise<unknown> = () => nextTurn(),
): Promise<string | null> {
  const line = async (at: number): Promise<{ text: string; next: number } | null> => {
    for (let length = 64 * 1024; ; length *= 4) {
      const chunk = await read(at, Math.min(length, size - at))
      const end = chunk.indexOf(0x0a)
      if (end >= 0) return { text: chunk.toString('utf8', 0, end), next: at + end + 1 }
      if (at + chunk.length >= size) return null
    }
  }
  try {
    const first = await line(0)
    if (!first) return 'it was cut short (in the header)'
    const header = jsonLine(FileHeaderSchema, first.text, 'header')
    let filled = 0
    let at = first.next
    while (at < size) {
      const head = await line(at)
      if (!head) return 'it was cut short (in a segment header)'
      const segment = jsonLine(SegmentHeaderSchema, head.text, 'segment header')
      const end = head.next + segment.bytes
      if (end + 1 > size) return 'it was cut short'
      const body = await read(head.next, segment.bytes + 1)
      if (body[segment.bytes] !== 0x0a) return 'it is damaged'
      const checksum = crc32(
        body.subarray(0, segment.bytes),
        crc32(JSON.stringify(segment.fingerprints)),
      )
      if (checksum !== segment.crc32) return 'it is damaged (checksum mismatch)'
      filled += segment.count
      at = end + 1
      await between()
    }
    return filled === header.count ? null : 'it was cut short'
  } catch (error) {
    if (error instanceof SnapshotUnreadable) return error.reason
    throw error
  }
}
