import { forEachRecord, type RecordsOnDisk } from '../cache'
import { markAdmin, type GroupColumns } from '../index'

/** A record's participants that have an id, as far as a parsed record says. */
function participantsOf(record: unknown): { id: string; rank?: unknown }[] {
  const participants = (record as { participants?: unknown } | null)?.participants
  if (!Array.isArray(participants)) return []
  return participants.filter(
    (p): p is { id: string } => typeof p === 'object' && p !== null && typeof (p as { id?: unknown }).id === 'string',
  )
}

/**
 * Sets the admin flag of `rows` from their records on disk: the rows a sync copied from
 * the last columns when the account's own id is no longer the one those columns knew.
 */
export async function markAdminsFromDisk(columns: GroupColumns, rows: readonly number[], records: RecordsOnDisk): Promise<void> {
  if (rows.length === 0) return
  const wanted = new Uint8Array(columns.count)
  for (const at of rows) wanted[at] = 1
  await forEachRecord(records, (record, at) => {
    if (wanted[at]) markAdmin(columns, at, participantsOf(record))
  })
}
