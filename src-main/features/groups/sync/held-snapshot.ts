import type { SnapshotLayout, SnapshotMeta, SnapshotProblem, SnapshotReader, SnapshotStore } from '../cache'
import { GroupColumnsBuilder, type GroupColumns } from '../index'

/**
 * What main holds of the snapshot in use: its columns (the index answers from them) and
 * where each full record is on disk, with its fingerprint. No group record is kept.
 */
export interface HeldSnapshot {
  meta: SnapshotMeta
  columns: GroupColumns
  fingerprints: Uint32Array
  layout: SnapshotLayout
}

/** What a start finds in the cache. */
export type CachedSnapshot =
  | { status: 'none' }
  /** The snapshot could not be read and was set aside. */
  | { status: 'set-aside'; reason: SnapshotProblem }
  | {
      status: 'loaded'
      held: HeldSnapshot
      reader: SnapshotReader
      /**
       * From the groups index alone: the snapshot's own checksums are still to be checked.
       * Otherwise the snapshot was read whole, and its index is to be saved again.
       */
      fromIndex: boolean
    }

/**
 * The cached snapshot as main holds it: from its groups index when there is one that
 * belongs to it (rows at once, no record read), else from the snapshot itself, its records
 * going into the columns as the file is read and none kept.
 */
export async function loadHeldSnapshot(store: SnapshotStore): Promise<CachedSnapshot> {
  const index = await store.loadIndex()
  if (index) {
    const { meta, columns, fingerprints, layout } = index
    const held = { meta, columns, fingerprints, layout }
    return { status: 'loaded', held, reader: await store.openReader(), fromIndex: true }
  }
  const builder = new GroupColumnsBuilder()
  const outcome = await store.load({ visit: (group) => builder.add(group) })
  if (outcome.status === 'loaded' && outcome.snapshot.layout) {
    const { accountId, syncedAt, stale, fingerprints, layout } = outcome.snapshot
    const held: HeldSnapshot = {
      meta: { accountId, syncedAt, ...(stale && { stale }) },
      columns: builder.finish(),
      fingerprints,
      layout,
    }
    return { status: 'loaded', held, reader: await store.openReader(), fromIndex: false }
  }
  if (outcome.status === 'set-aside') return { status: 'set-aside', reason: outcome.reason }
  return { status: 'none' }
}
