import { crc32 } from 'node:zlib'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { GroupSchema, parseWith, type Group } from '@shared/domain'
import { AppError } from '@shared/errors'
import type { SnapshotLayout, SnapshotReader } from '../cache'

/**
 * A group without the bulk of its record: everything a row, a search, a filter or the
 * picture sync reads, and of the participants only the admins (for the "admin" filter).
 * It is what GroupColumnsBuilder needs of a record; the full participant list is read from
 * the snapshot file when it is needed.
 */
export function leanGroup(group: Group): Group {
  const admins = group.participants.filter((p) => p.rank === 'admin' || p.rank === 'creator')
  return admins.length === group.participants.length ? group : { ...group, participants: admins }
}

/** Where the records of the snapshot in use are, and how each is proved to be the one written. */
export interface RecordsOnDisk {
  reader: SnapshotReader
  layout: SnapshotLayout
  fingerprints: Uint32Array
}

function damaged(): AppError {
  return new AppError(
    'storage',
    'This group’s saved record is damaged on disk. The next sync will fetch it again.',
  )
}

function parseRecord(bytes: Buffer, fingerprint: number): unknown {
  if (crc32(bytes) !== fingerprint) throw damaged()
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown
  } catch {
    throw damaged()
  }
}

/**
 * One group's full record, read from disk and checked against the full schema (the sync
 * only checked what the list needs).
 */
export async function readGroup(records: RecordsOnDisk, at: number): Promise<Group> {
  const { reader, layout, fingerprints } = records
  const bytes = await reader.read(layout.offsets[at] as number, layout.lengths[at] as number)
  const parsed = parseWith(GroupSchema, parseRecord(bytes, fingerprints[at] as number))
  if (!parsed.success) {
    throw new AppError(
      'invalid-response',
      `The server sent this group in a form the app cannot show (${parsed.issue.path || 'the record'}: ${parsed.issue.message}).`,
      { path: parsed.issue.path, issue: parsed.issue.message },
    )
  }
  return parsed.data
}

/** Records are read in runs of about this many bytes: few reads, little memory at once. */
const RUN_BYTES = 4 * 1024 * 1024

/**
 * Every record in file order, as parsed JSON (checked against its fingerprint only), with
 * a turn of the event loop between runs so main keeps answering.
 */
export async function forEachRecord(
  records: RecordsOnDisk,
  visit: (record: unknown, at: number) => void,
): Promise<void> {
  const { reader, layout, fingerprints } = records
  const count = layout.offsets.length
  for (let first = 0; first < count;) {
    const start = layout.offsets[first] as number
    let last = first
    while (
      last + 1 < count &&
      (layout.offsets[last + 1] as number) + (layout.lengths[last + 1] as number) - start <=
        RUN_BYTES
    )
      last++
    const end = (layout.offsets[last] as number) + (layout.lengths[last] as number)
    const run = await reader.read(start, end - start)
    for (let at = first; at <= last; at++) {
      const from = (layout.offsets[at] as number) - start
      visit(
        parseRecord(
          run.subarray(from, from + (layout.lengths[at] as number)),
          fingerprints[at] as number,
        ),
        at,
      )
    }
    first = last + 1
    if (first < count) await nextTurn()
  }
}
