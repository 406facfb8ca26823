import { setImmediate as nextTurn } from 'node:timers/promises'
import { crc32 } from 'node:zlib'
import type { Group } from '@shared/domain'
import { z } from 'zod'
import type { GroupsSnapshot, SnapshotLayout } from './snapshot-format'

/**
 * The lean index file, beside the snapshot and loaded alone at start:
 *
 *   {"format":"statusdesk-groups-index","version":1,"accountId":…,"syncedAt":…,"count":N,"snapshotBytes":S,"stale":[…]}\n
 *   {"bytes":B,"crc32":C}\n<B bytes: {"offsets":[…],"lengths":[…],"fingerprints":[…]}>\n
 *   then segments {"count":k,"bytes":B,"crc32":C}\n<B bytes: a JSON array of k lean records>\n
 *
 * It holds what main keeps of each group (see leanGroup) and where the full record is in
 * the snapshot, so a start reads a tenth of the bytes and never the participants. It
 * belongs to one snapshot: the same `syncedAt` and the same size, else it is ignored and
 * rebuilt from the snapshot.
 */
export const LEAN_INDEX_FORMAT = 'statusdesk-groups-index'
export const LEAN_INDEX_VERSION = 1
const SEGMENT_BYTES = 4 * 1024 * 1024

const HeaderSchema = z.object({
  format: z.literal(LEAN_INDEX_FORMAT),
  version: z.literal(LEAN_INDEX_VERSION),
  accountId: z.string(),
  syncedAt: z.string(),
  count: z.int().nonnegative(),
  snapshotBytes: z.int().nonnegative(),
  stale: z.array(z.string()).optional(),
})

const BlockSchema = z.object({
  count: z.int().nonnegative().optional(),
  bytes: z.int().nonnegative(),
  crc32: z.int().nonnegative(),
})

const PositionsSchema = z.object({
  offsets: z.array(z.number().nonnegative()),
  lengths: z.array(z.int().positive()),
  fingerprints: z.array(z.int().nonnegative()),
})

export interface LeanIndex {
  snapshot: GroupsSnapshot & { layout: SnapshotLayout }
  /** The size of the snapshot file it describes. */
  snapshotBytes: number
}

function block(body: Buffer, count?: number): Buffer[] {
  const head = count === undefined ? '' : `"count":${count},`
  return [
    Buffer.from(`{${head}"bytes":${body.length},"crc32":${crc32(body)}}\n`),
    body,
    Buffer.from('\n'),
  ]
}

/** The file's bytes; `groups` are the lean records, aligned with the snapshot's layout. */
export function* encodeLeanIndex(index: LeanIndex): Generator<Buffer> {
  const { snapshot } = index
  const { groups, layout, fingerprints, stale } = snapshot
  const header = {
    format: LEAN_INDEX_FORMAT,
    version: LEAN_INDEX_VERSION,
    accountId: snapshot.accountId,
    syncedAt: snapshot.syncedAt,
    count: groups.length,
    snapshotBytes: index.snapshotBytes,
    ...(stale && stale.length > 0 && { stale }),
  }
  yield Buffer.from(`${JSON.stringify(header)}\n`)
  const positions = JSON.stringify({
    offsets: Array.from(layout.offsets),
    lengths: Array.from(layout.lengths),
    fingerprints: Array.from(fingerprints),
  })
  yield* block(Buffer.from(positions))
  let parts: string[] = []
  let size = 0
  for (let i = 0; i < groups.length; i++) {
    const json = JSON.stringify(groups[i])
    parts.push(json)
    size += json.length
    if (size >= SEGMENT_BYTES || i === groups.length - 1) {
      yield* block(Buffer.from(`[${parts.join(',')}]`), parts.length)
      parts = []
      size = 0
    }
  }
}

/** Why an index file is not used (it is then rebuilt from the snapshot). */
export class LeanIndexUnusable extends Error {}

function nextLine(buffer: Buffer, start: number): { text: string; next: number } {
  const end = buffer.indexOf(0x0a, start)
  if (end < 0) throw new LeanIndexUnusable('cut short')
  return { text: buffer.toString('utf8', start, end), next: end + 1 }
}

function parseJson<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new LeanIndexUnusable('not JSON')
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new LeanIndexUnusable('unexpected content')
  return parsed.data
}

function readBlock(buffer: Buffer, at: number): { body: Buffer; count?: number; next: number } {
  const line = nextLine(buffer, at)
  const head = parseJson(BlockSchema, line.text)
  const end = line.next + head.bytes
  if (end + 1 > buffer.length || buffer[end] !== 0x0a) throw new LeanIndexUnusable('cut short')
  const body = buffer.subarray(line.next, end)
  if (crc32(body) !== head.crc32) throw new LeanIndexUnusable('checksum mismatch')
  return { body, ...(head.count !== undefined && { count: head.count }), next: end + 1 }
}

/** Reads an index file back; throws LeanIndexUnusable when it is not whole or not this account's. */
export async function decodeLeanIndex(buffer: Buffer, accountId: string): Promise<LeanIndex> {
  const first = nextLine(buffer, 0)
  const header = parseJson(HeaderSchema, first.text)
  if (header.accountId !== accountId) throw new LeanIndexUnusable('another account')
  const positionsBlock = readBlock(buffer, first.next)
  const positions = parseJson(PositionsSchema, positionsBlock.body.toString('utf8'))
  const { count } = header
  if (
    positions.offsets.length !== count ||
    positions.lengths.length !== count ||
    positions.fingerprints.length !== count
  )
    throw new LeanIndexUnusable('positions do not match the count')
  const groups: Group[] = []
  let at = positionsBlock.next
  while (at < buffer.length) {
    const segment = readBlock(buffer, at)
    let items: unknown
    try {
      items = JSON.parse(segment.body.toString('utf8'))
    } catch {
      throw new LeanIndexUnusable('not JSON')
    }
    if (!Array.isArray(items) || items.length !== segment.count)
      throw new LeanIndexUnusable('segment count')
    for (const item of items as unknown[]) {
      // The checksum proves these are the bytes written from checked records; the id is what the index needs whole.
      if (typeof (item as { id?: unknown } | null)?.id !== 'string')
        throw new LeanIndexUnusable('a record without an id')
      groups.push(item as Group)
    }
    at = segment.next
    if (at < buffer.length) await nextTurn()
  }
  if (groups.length !== count) throw new LeanIndexUnusable('cut short')
  return {
    snapshotBytes: header.snapshotBytes,
    snapshot: {
      accountId: header.accountId,
      syncedAt: header.syncedAt,
      groups,
      fingerprints: Uint32Array.from(positions.fingerprints),
      layout: {
        offsets: Float64Array.from(positions.offsets),
        lengths: Uint32Array.from(positions.lengths),
      },
      ...(header.stale && header.stale.length > 0 && { stale: header.stale }),
    },
  }
}
