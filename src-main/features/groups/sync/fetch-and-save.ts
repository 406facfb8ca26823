import { AppError } from '@shared/errors'
import type { Logger } from '../../../platform/log/log'
import type { Connectivity } from '../../../platform/net/connectivity'
import { RecordPrint, readRecordBytes, type SnapshotReader, type SnapshotStore } from '../cache'
import { markAdminsFromDisk } from './admins-from-disk'
import { diffGroups, type GroupsDiff } from './diff'
import { readAllPages } from './fetch-all-groups'
import type { HeldSnapshot } from './held-snapshot'
import { PageParser } from './page-parser'
import { PagesToDisk, type SavedGroups } from './pages-to-disk'
import { syncCancelled, type GroupsSource, type PagesRead } from './paging'
import { ParsedPages, type GroupsBodySource } from './parsed-pages'
import type { InUse } from './snapshot-in-use'

/** What a sync asks of an account's client. */
export type SyncSource = GroupsSource & GroupsBodySource

export interface FetchAndSaveOptions {
  accountId: string
  client: SyncSource
  store: SnapshotStore
  /** The snapshot in use now (it can be dropped while the pages are read). */
  inUse: () => InUse | null
  concurrency: number
  signal: AbortSignal
  connectivity: Connectivity
  log: Logger
  now: () => number
  onProgress: (progress: { fetched: number; total: number }) => void
}

/** A new snapshot in place on disk, to be put in use. */
export interface SavedSnapshot {
  fetched: PagesRead
  held: HeldSnapshot
  /** Bound to the new snapshot's file. */
  reader: SnapshotReader
  diff: GroupsDiff
  /** Every record the same, in the same place, under the same own id: so are the participants. */
  sameParticipants: boolean
}

/** Whether two syncs' records are the same bytes in the same order, by their fingerprints. */
function sameInOrder(before: Uint32Array, after: Uint32Array): boolean {
  if (before.length !== after.length) return false
  for (let at = 0; at < before.length; at++) if (before[at] !== after[at]) return false
  return true
}

/**
 * Reads every page and saves the new snapshot as the pages arrive: each page is parsed
 * on a worker thread, its bytes appended to the new snapshot file and its rows added to
 * the new columns, in list order; no page is held once its rows are in. Records the
 * worker finds unchanged since the last sync have their row copied from the columns in
 * use. Resolves once the new snapshot is in place on disk.
 */
export async function fetchAndSave(options: FetchAndSaveOptions): Promise<SavedSnapshot> {
  const { store, connectivity, log, signal } = options
  const previous = options.inUse()
  // The key of the snapshot in use, so its unchanged records keep their fingerprints; a new
  // one when there is none, or it was written before keys (its records then count as changed, once).
  const print = previous?.records.reader.print.keyed ? previous.records.reader.print : RecordPrint.fresh()
  const parser = new PageParser(
    print,
    previous
      ? {
          ids: Array.from({ length: previous.index.size }, (_, at) => previous.index.id(at)),
          fingerprints: previous.snapshot.fingerprints,
        }
      : undefined,
  )
  const disk = new PagesToDisk(
    store,
    print,
    previous && {
      columns: previous.snapshot.columns,
      fingerprints: previous.snapshot.fingerprints,
    },
  )
  try {
    let fetched: PagesRead
    try {
      fetched = await readAllPages(
        // Nothing known, every row new: rows as arrays, which main copies rather than decode one by one.
        new ParsedPages(options.client, parser, log, { columns: previous === null }),
        {
          concurrency: options.concurrency,
          signal,
          onPage: () => connectivity.reportSuccess(),
          onProgress: options.onProgress,
        },
        disk.accept,
      )
    } catch (error) {
      if (error instanceof AppError && error.code !== 'cancelled' && error.code !== 'conflict') {
        connectivity.reportFailure(error.code)
      }
      throw error
    } finally {
      parser.close()
    }
    const ids = fetched.ids
    const { saved, stale } = await keepMissingOnUncleanPass(options, disk.assemble(fetched), ids, fetched.rejected, disk, print)
    const { columns, table } = saved
    const syncedAt = new Date(options.now()).toISOString()
    const meta = { accountId: options.accountId, syncedAt, ...(stale.length > 0 && { stale }) }
    if (signal.aborted) throw syncCancelled()
    await disk.commit(meta, table, signal)
    const reader = await store.openReader()
    const { fingerprints, offsets, lengths } = table
    const all = stale.length > 0 ? ids.concat(stale) : ids
    const diff = diffGroups(
      previous && {
        size: previous.index.size,
        id: (at) => previous.index.id(at),
        fingerprints: previous.snapshot.fingerprints,
      },
      { size: all.length, id: (at) => all[at] as string, fingerprints },
    )
    const held: HeldSnapshot = {
      meta,
      columns: columns.finish(),
      fingerprints,
      layout: { offsets, lengths },
    }
    await markAdminsFromDisk(held.columns, columns.rowsWithoutAdmins, {
      reader,
      layout: held.layout,
      fingerprints,
    })
    const sameParticipants =
      previous !== null &&
      previous.snapshot.columns.selfId === held.columns.selfId &&
      sameInOrder(previous.snapshot.fingerprints, fingerprints)
    return { fetched, held, reader, diff, sameParticipants }
  } finally {
    await disk.abandon()
  }
}

/**
 * A pass that had to set records aside cannot tell a group that is gone from one whose
 * record it could not read (a record without an id names no group). So after such a pass
 * every group of the previous snapshot that the pass did not see keeps its last good
 * version (read back from disk), marked stale, rather than vanish; only a clean pass
 * removes groups.
 */
async function keepMissingOnUncleanPass(
  options: FetchAndSaveOptions,
  saved: SavedGroups,
  ids: readonly string[],
  rejected: readonly unknown[],
  disk: PagesToDisk,
  print: RecordPrint,
): Promise<{ saved: SavedGroups; stale: string[] }> {
  const inUse = options.inUse()
  if (!inUse || rejected.length === 0) return { saved, stale: [] }
  const { index, records } = inUse
  const present = new Set(ids)
  const carried: { bytes: Buffer; fingerprint: number }[] = []
  const stale: string[] = []
  for (let at = 0; at < index.size; at++) {
    const id = index.id(at)
    if (present.has(id)) continue
    try {
      // Proved against the snapshot it was read from, then fingerprinted as the new one does.
      const bytes = await readRecordBytes(records, at)
      carried.push({ bytes, fingerprint: print.of(bytes) })
      stale.push(id)
      present.add(id)
    } catch (error) {
      options.log.warn('stale group not kept', {
        code: error instanceof AppError ? error.code : 'internal',
      })
    }
  }
  return { saved: await disk.carryOver(saved, carried), stale }
}
