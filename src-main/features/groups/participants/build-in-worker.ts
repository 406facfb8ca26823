import { AppError, ERROR_CODES, type ErrorCode } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { startWorkerBeside, type WorkerStarter } from '../../../platform/worker/start-worker'
import { WorkerClient, WorkerRequestFailed, WorkerStopped } from '../../../platform/worker/worker-client'
import type { BuildJob, BuildReply } from './participants-worker'

export type { BuildJob } from './participants-worker'
export type { WorkerStarter } from '../../../platform/worker/start-worker'

/** The heap the build may use: everyone of a very big account, never the main process's room. */
const WORKER_HEAP_MB = 1024

export const startParticipantsWorker: WorkerStarter = (options) => startWorkerBeside(import.meta.url, 'participants-worker', options)

/** The snapshot changed under the build (a sync replaced it): there is nothing to save. */
export class SnapshotMoved extends Error {
  constructor() {
    super('The groups were synced again while their people were being listed.')
    this.name = 'SnapshotMoved'
  }
}

/** What a build wrote. */
export type Built = Extract<BuildReply, { moved: false }>

/** `why` says what failed, for the log and the details: the worker's own error or what happened to it. */
function failed(code: ErrorCode, why: { reason: string } | { worker: string }): AppError {
  return new AppError(code, userText('groupErrors.participants.notBuilt'), why)
}

const cancelled = (): AppError => new AppError('cancelled', userText('groupErrors.participants.cancelled'))

function isBuildReply(reply: unknown): reply is BuildReply {
  const { moved, count, listed, bytes } = (reply ?? {}) as Record<string, unknown>
  return moved === true || (moved === false && [count, listed, bytes].every((n) => typeof n === 'number' && Number.isSafeInteger(n)))
}

/**
 * Runs one build of the participants index file on a worker thread of its own, which ends
 * with it. Resolves with what was written; rejects with SnapshotMoved, or an AppError that
 * says why (the worker stopping, running out of memory, a damaged record, a full disk).
 */
export async function buildInWorker(job: BuildJob, options: { start?: WorkerStarter; signal?: AbortSignal } = {}): Promise<Built> {
  const { start = startParticipantsWorker, signal } = options
  if (signal?.aborted) throw cancelled()
  const worker = new WorkerClient<BuildJob, BuildReply>({
    start,
    heapMb: WORKER_HEAP_MB,
    isReply: isBuildReply,
  })
  const stop = (): void => void worker.close()
  signal?.addEventListener('abort', stop, { once: true })
  try {
    const reply = await worker.request(job)
    if (reply.moved) throw new SnapshotMoved()
    return reply
  } catch (error) {
    if (signal?.aborted) throw cancelled()
    if (error instanceof WorkerRequestFailed) {
      const code = (ERROR_CODES as readonly string[]).includes(error.code ?? '') ? (error.code as ErrorCode) : 'internal'
      throw failed(code, { reason: error.message })
    }
    if (error instanceof WorkerStopped) throw failed('internal', { worker: error.why })
    throw error
  } finally {
    signal?.removeEventListener('abort', stop)
    await worker.close()
  }
}
