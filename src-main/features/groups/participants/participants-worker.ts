/**
 * The worker thread that builds a snapshot's participants index file, so that reading and
 * parsing every group record (and holding everyone in them) never happens on the main
 * thread. It is started for one build: it gets the job, reads the records from disk,
 * writes the file and answers with what it wrote.
 */
import { parentPort } from 'node:worker_threads'
import { AppError } from '@shared/errors'
import { writeAtomically } from '../../../platform/files/atomic-write'
import { nodeFiles } from '../../../platform/files/fs-port'
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

export type BuildReply =
  | { ok: true; count: number; listed: number; bytes: number }
  /** `moved`: the snapshot at the path is no longer the one of the job (a sync replaced it). */
  | { ok: false; moved: boolean; code: string; message: string }

async function build(job: BuildJob): Promise<BuildReply> {
  const reader = await SnapshotReader.open(job.snapshotPath)
  try {
    const size = await reader.size()
    const stamp =
      size === job.snapshot.bytes ? await snapshotStamp((at, n) => reader.read(at, n), size) : null
    if (stamp?.syncedAt !== job.snapshot.syncedAt || stamp.accountId !== job.accountId)
      return { ok: false, moved: true, code: 'conflict', message: 'the groups were synced again' }
    const builder = new ParticipantsBuilder(job.selfId)
    const { offsets, lengths, fingerprints } = job
    await forEachRecord({ reader, layout: { offsets, lengths }, fingerprints }, (record, at) =>
      builder.add(record, at),
    )
    const table = builder.finish(job.groups)
    const chunks = encodeParticipants(table, job.accountId, job.snapshot)
    // Cheap to build again, so not flushed to the disk; the rename still makes it whole or absent.
    await writeAtomically(nodeFiles, job.indexPath, chunks, { durable: false })
    const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
    return { ok: true, count: table.count, listed: table.listed, bytes }
  } finally {
    await reader.retire()
  }
}

parentPort?.once('message', (job: BuildJob) => {
  build(job).then(
    (reply) => parentPort?.postMessage(reply satisfies BuildReply),
    (error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        moved: false,
        code: error instanceof AppError ? error.code : 'internal',
        message: error instanceof Error ? error.message : String(error),
      } satisfies BuildReply),
  )
})
