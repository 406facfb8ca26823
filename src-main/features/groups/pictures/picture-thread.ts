import type { Transferable } from 'node:worker_threads'
import type { Logger } from '../../../platform/log/log'
import { startWorkerBeside } from '../../../platform/worker/start-worker'
import { WorkerClient } from '../../../platform/worker/worker-client'
import type { PictureNote, PictureReplies, PictureReply, PictureRequest } from './picture-protocol'

/** The worker's heap: one big account's manifest and the list of a sync's pictures, never main's room. */
const WORKER_HEAP_MB = 256
/** Its young generation: each download's objects die with it, so a small one does. */
const WORKER_YOUNG_MB = 8
/**
 * The worker ends once nothing has used it for this long, and gives its memory back: it
 * runs while a sync's pictures download (minutes at a first sync), and a full picture
 * shown now and then does not keep it. A new one reads the manifests again.
 */
const IDLE_MS = 10_000

function isPictureReply(reply: unknown): reply is PictureReply {
  if (typeof reply !== 'object' || reply === null || !('value' in reply)) return false
  const { log } = reply as { log?: unknown }
  return Array.isArray(log) && log.length <= 1_000
}

const LEVELS = new Set(['info', 'warn'])

/**
 * The one picture worker of the process, shared by every account's pictures: started with
 * the first request, ended when idle. A user (a sync's run) holds it while it works, so
 * the gaps between its requests do not end it.
 */
class PictureThread {
  readonly #client = new WorkerClient<PictureRequest, PictureReply, PictureNote>({
    // `picture-worker.js` beside this file in the built app, see startWorkerBeside.
    start: (options) => startWorkerBeside(import.meta.url, 'picture-worker', options),
    heapMb: WORKER_HEAP_MB,
    youngMb: WORKER_YOUNG_MB,
    isReply: isPictureReply,
  })
  #holds = 0
  #idle: ReturnType<typeof setTimeout> | null = null

  get running(): boolean {
    return this.#client.running
  }

  /** Sends `request`; the lines the worker logged meanwhile go to `log`. */
  async request<T extends PictureRequest['type']>(
    request: Extract<PictureRequest, { type: T }>,
    log: Logger,
    transfer: readonly Transferable[] = [],
  ): Promise<PictureReplies[T]> {
    this.hold()
    try {
      const reply = await this.#client.request(request, transfer)
      for (const line of reply.log) {
        const { level, message, data } = (line ?? {}) as unknown as Partial<Record<string, unknown>>
        if (typeof level === 'string' && LEVELS.has(level) && typeof message === 'string')
          log[level as 'info' | 'warn'](message, typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined)
      }
      return reply.value as PictureReplies[T]
    } finally {
      this.release()
    }
  }

  notify(note: PictureNote): void {
    this.#client.notify(note)
  }

  /** Keeps the worker while a run works. */
  hold(): void {
    this.#holds++
    if (this.#idle !== null) clearTimeout(this.#idle)
    this.#idle = null
  }

  release(): void {
    if (--this.#holds > 0) return
    this.#holds = 0
    this.#idle = setTimeout(() => {
      this.#idle = null
      if (this.#holds === 0) void this.#client.close()
    }, IDLE_MS)
    this.#idle.unref()
  }
}

export const pictureThread = new PictureThread()
