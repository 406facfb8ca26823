/**
 * The worker thread that builds a snapshot's participants index file, so that reading and
 * parsing every group record (and holding everyone in them) never happens on the main
 * thread. It is started for one build: it gets the job, reads the records from disk,
 * writes the file and answers with what it wrote.
 */
import { writeAtomically } from '../../../platform/files/atomic-write'
import { nodeFiles } from '../../../platform/files/fs-port'
import { serveRequests } from '../../../platform/worker/serve-requests'
import { forEachRecord } from '../cache/records-on-disk'
import { snapshotStamp } from '../cache/snapshot-format'
import { SnapshotReader } from '../cache/snapshot-reader'
import { encodeParticipants, type SnapshotIdentity } from './participants-file'
import { ParticipantsBuilder } from './participants-table'

export interface BuildJob {
  accountId: string
  snapshotPath: string
  indexPath: string
  /** The snapshot main has in use; the file at snapshotPath must still be that one. */
  snapshot: SnapshotIdentity
  selfId: string | null
  groups: number
  offsets: Float64Array
  lengths: Uint32Array
  fingerprints: Uint32Array
}

/**
 * What a build wrote, or `moved`: the snapshot at the path is no longer the one of the job
 * (a sync replaced it). Any other failure is the request's error.
 */
export type BuildReply = { moved: false; count: number; listed: number; bytes: number } | { moved: true }

async function build(job: BuildJob): Promise<BuildReply> {
  const reader = await SnapshotReader.open(job.snapshotPath)
  try {
    const size = await reader.size()
    const stamp = size === job.snapshot.bytes ? await snapshotStamp((at, n) => reader.read(at, n), size) : null
    if (stamp?.syncedAt !== job.snapshot.syncedAt || stamp.accountId !== job.accountId) return { moved: true }
    const builder = new ParticipantsBuilder(job.selfId)
    const { offsets, lengths, fingerprints } = job
    await forEachRecord({ reader, layout: { offsets, lengths }, fingerprints }, (record, at) => builder.add(record, at))
    const table = builder.finish(job.groups)
    const chunks = encodeParticipants(table, job.accountId, job.snapshot)
    // Cheap to build again, so not flushed to the disk; the rename still makes it whole or absent.
    await writeAtomically(nodeFiles, job.indexPath, chunks, { durable: false })
    const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
    return { moved: false, count: table.count, listed: table.listed, bytes }
  } finally {
    await reader.retire()
  }
}

serveRequests<BuildJob, BuildReply>({ reply: build })
