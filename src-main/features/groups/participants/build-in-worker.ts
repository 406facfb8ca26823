import type { Worker, WorkerOptions } from 'node:worker_threads'
import { AppError, ERROR_CODES, type ErrorCode } from '@shared/errors'
import { startWorkerBeside } from '../../../platform/worker/start-worker'
import type { BuildJob, BuildReply } from './participants-worker'

export type { BuildJob } from './participants-worker'
export type WorkerStarter = (options: WorkerOptions) => Worker

/** The heap the build may use: everyone of a very big account, never the main process's room. */
const WORKER_HEAP_MB = 1024

export const startParticipantsWorker: WorkerStarter = (options) =>
  startWorkerBeside(import.meta.url, 'participants-worker', options)

/** The snapshot changed under the build (a sync replaced it): there is nothing to save. */
export class SnapshotMoved extends Error {
  constructor() {
    super('The groups were synced again while their people were being listed.')
    this.name = 'SnapshotMoved'
  }
}

function failed(code: ErrorCode, why: string): AppError {
  return new AppError(
    code,
    `The people in your groups could not be listed (${why}). Search again to retry; the next sync also rebuilds the list.`,
  )
}

/**
 * Runs one build of the participants index file on a worker thread of its own, which ends
 * with it. Resolves with what was written; rejects with SnapshotMoved, or an AppError that
 * says why (the worker stopping, running out of memory, a damaged record, a full disk).
 */
export function buildInWorker(
  job: BuildJob,
  options: { start?: WorkerStarter; signal?: AbortSignal } = {},
): Promise<Extract<BuildReply, { ok: true }>> {
  const { start = startParticipantsWorker, signal } = options
  return new Promise((resolve, reject) => {
    if (signal?.aborted)
      return reject(new AppError('cancelled', 'The list of people was not built.'))
    let settled = false
    const worker = start({ resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    const finish = (outcome: () => void): void => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', abort)
      void worker.terminate()
      outcome()
    }
    const abort = (): void =>
      finish(() => reject(new AppError('cancelled', 'The list of people was not built.')))
    signal?.addEventListener('abort', abort, { once: true })
    worker.on('message', (reply: BuildReply) =>
      finish(() => {
        if (reply.ok) return resolve(reply)
        if (reply.moved) return reject(new SnapshotMoved())
        const code = (ERROR_CODES as readonly string[]).includes(reply.code)
          ? (reply.code as ErrorCode)
          : 'internal'
        reject(failed(code, reply.message))
      }),
    )
    worker.on('error', (error) =>
      finish(() => reject(failed('internal', `its worker failed: ${error.message}`))),
    )
    worker.on('exit', (code) =>
      finish(() => reject(failed('internal', `its worker stopped with code ${code}`))),
    )
    worker.postMessage(job)
  })
}
