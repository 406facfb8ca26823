import { setImmediate as nextTurn } from 'node:timers/promises'
import { GroupSchema, parseWith, type Group } from '@shared/domain'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { SnapshotLayout } from './snapshot-format'
import type { SnapshotReader } from './snapshot-reader'

/** Where the records of the snapshot in use are, and how each is proved to be the one written. */
export interface RecordsOnDisk {
  reader: SnapshotReader
  layout: SnapshotLayout
  fingerprints: Uint32Array
}

function damaged(): AppError {
  return new AppError('storage', userText('groupErrors.cache.recordDamaged'))
}

function parseRecord(records: RecordsOnDisk, bytes: Buffer, fingerprint: number): unknown {
  if (records.reader.print.of(bytes) !== fingerprint) throw damaged()
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown
  } catch {
    throw damaged()
  }
}

/** One record's bytes as saved, checked against its fingerprint. */
export async function readRecordBytes(records: RecordsOnDisk, at: number): Promise<Buffer> {
  const { reader, layout, fingerprints } = records
  const bytes = await reader.read(layout.offsets[at] as number, layout.lengths[at] as number)
  if (reader.print.of(bytes) !== fingerprints[at]) throw damaged()
  return bytes
}

/**
 * One group's full record, read from disk and checked against the full schema (the sync
 * only checked what the list needs).
 */
export async function readGroup(records: RecordsOnDisk, at: number): Promise<Group> {
  const { reader, layout, fingerprints } = records
  const bytes = await reader.read(layout.offsets[at] as number, layout.lengths[at] as number)
  const parsed = parseWith(GroupSchema, parseRecord(records, bytes, fingerprints[at] as number))
  if (!parsed.success) {
    throw new AppError('invalid-response', userText('groupErrors.cache.recordUnreadable'), {
      path: parsed.issue.path,
      issue: parsed.issue.message,
    })
  }
  return parsed.data
}

/** Records are read in runs of about this many bytes: few reads, little memory at once. */
const RUN_BYTES = 4 * 1024 * 1024

/**
 * Every record in file order (pages are saved as they arrive, so not in list order), as
 * parsed JSON (checked against its fingerprint only), with a turn of the event loop
 * between runs so main keeps answering.
 */
export async function forEachRecord(records: RecordsOnDisk, visit: (record: unknown, at: number) => void): Promise<void> {
  const { reader, layout, fingerprints } = records
  const { offsets, lengths } = layout
  const count = offsets.length
  const order = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => (offsets[a] as number) - (offsets[b] as number))
  const endOf = (at: number): number => (offsets[at] as number) + (lengths[at] as number)
  for (let first = 0; first < count;) {
    const start = offsets[order[first] as number] as number
    let last = first
    while (last + 1 < count && endOf(order[last + 1] as number) - start <= RUN_BYTES) last++
    let end = start
    for (let k = first; k <= last; k++) end = Math.max(end, endOf(order[k] as number))
    const run = await reader.read(start, end - start)
    for (let k = first; k <= last; k++) {
      const at = order[k] as number
      const from = (offsets[at] as number) - start
      visit(parseRecord(records, run.subarray(from, from + (lengths[at] as number)), fingerprints[at] as number), at)
    }
    first = last + 1
    if (first < count) await nextTurn()
  }
}
