import { Worker, type WorkerOptions } from 'node:worker_threads'
import type { Group } from '@shared/domain'
import { SnapshotStore } from '../../../../../../src-main/features/groups/cache'
import { columnsOf } from '../../../../../../src-main/features/groups/index'
import type { ParticipantsSnapshot, WorkerStarter } from '../../../../../../src-main/features/groups/participants'
import { forEachRecord } from '../../../../../../src-main/features/groups/cache'
import { DirectoryBuilder, ReferenceContactsSearch } from '../../../../../support/directory-reference'

/**
 * Saves `groups` as the account's snapshot (as the cache writes one) and opens it as main
 * holds it. Records the list cannot show (a name that is not a string) get an empty name
 * in the columns, as a sync would never have listed them; the file keeps them as they are.
 */
export async function savedSnapshot(
  dir: string,
  groups: readonly unknown[],
  syncedAt = '2025-06-01T10:00:00.000Z',
  selfId: string | null = '15550100001',
): Promise<ParticipantsSnapshot> {
  const store = new SnapshotStore({ dir, accountId: 'acc' })
  const meta = { accountId: 'acc', syncedAt }
  const layout = {
    offsets: new Float64Array(groups.length),
    lengths: new Uint32Array(groups.length),
  }
  const fingerprints = await store.save(meta, groups as Group[], undefined, layout)
  const listable = groups.map((group) => {
    const g = group as Group
    return {
      ...g,
      name: typeof g.name === 'string' ? g.name : '',
      participants: (Array.isArray(g.participants) ? (g.participants as unknown[]) : []).filter(
        (p): p is Group['participants'][number] => typeof p === 'object' && p !== null && typeof (p as { id?: unknown }).id === 'string',
      ),
    }
  })
  return {
    path: store.path,
    meta,
    columns: columnsOf(listable, { selfId }),
    records: { reader: await store.openReader(), layout, fingerprints },
  }
}

/** The old way over the same snapshot: every record read on main, an object per person. */
export async function referenceSearch(snapshot: ParticipantsSnapshot): Promise<ReferenceContactsSearch> {
  const builder = new DirectoryBuilder(snapshot.columns.selfId)
  await forEachRecord(snapshot.records, (record) => builder.addRecord(record))
  return new ReferenceContactsSearch(builder.entries())
}

/** A worker starter that counts its starts (and can hand out a failing worker instead). */
export function countingStarter(real: WorkerStarter, failFirst = 0): { start: WorkerStarter; starts: number } {
  const counter = {
    starts: 0,
    start: (options: WorkerOptions) => {
      counter.starts++
      // A worker that dies before it answers, as one that runs out of memory would.
      if (counter.starts <= failFirst) return new Worker('process.exit(7)', { eval: true })
      return real(options)
    },
  }
  return counter
}
