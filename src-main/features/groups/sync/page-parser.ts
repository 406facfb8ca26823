import { startWorkerBeside } from '../../../platform/worker/start-worker'
import { WorkerClient, WorkerStopped, movable } from '../../../platform/worker/worker-client'
import type { PageOutcome } from './parse-page'
import type { PageNote, PageReply, PageRequest } from './page-worker'

export interface PageRead {
  outcome: PageOutcome
  body: Buffer
}

/** The heap a worker may use: a few pages at once, never the main process's room. */
const WORKER_HEAP_MB = 512
/** An idle worker is ended after this long: syncs come minutes apart, pages milliseconds. */
const IDLE_MS = 60_000

/** The records of the last sync of an account, whose rows main already holds. */
export interface KnownRows {
  ids: readonly string[]
  fingerprints: Uint32Array
}

function isPageReply(reply: unknown): reply is PageReply {
  const { outcome, body } = (reply ?? {}) as Partial<Record<keyof PageReply, unknown>>
  // The tag, unlike instanceof, holds across realms.
  return (
    Object.prototype.toString.call(body) === '[object ArrayBuffer]' &&
    typeof outcome === 'object' &&
    outcome !== null &&
    typeof (outcome as { ok?: unknown }).ok === 'boolean'
  )
}

/**
 * The one page worker of the process, shared by every sync: it starts with the first page,
 * is replaced if it dies, and ends once no sync has used it for IDLE_MS. Each sync's known
 * rows are kept in it under a key until the sync is done (and told again to a new worker).
 */
class PageWorker {
  readonly #known = new Map<number, KnownRows>()
  readonly #client = new WorkerClient<PageRequest, PageReply, PageNote>({
    // `page-worker.js` beside this file in the built app, see startWorkerBeside.
    start: (options) => startWorkerBeside(import.meta.url, 'page-worker', options),
    heapMb: WORKER_HEAP_MB,
    greeting: () => Array.from(this.#known, ([key, known]) => ({ type: 'known' as const, key, ...known })),
    isReply: isPageReply,
  })
  #next = 0
  #users = 0
  #idle: NodeJS.Timeout | null = null

  open(known: KnownRows | undefined): number {
    this.#users++
    if (this.#idle) clearTimeout(this.#idle)
    this.#idle = null
    const key = this.#next++
    if (known) {
      this.#known.set(key, known)
      this.#client.notify({ type: 'known', key, ...known })
    }
    return key
  }

  release(key: number): void {
    this.#users--
    if (this.#known.delete(key)) this.#client.notify({ type: 'forget', key })
    if (this.#users > 0) return
    this.#idle = setTimeout(() => void this.#client.close(), IDLE_MS)
    this.#idle.unref()
  }

  async parse(body: Uint8Array, key: number): Promise<PageRead> {
    const own = movable(body)
    const reply = await this.#client.request({ key, body: own }, [own])
    return { outcome: reply.outcome, body: Buffer.from(reply.body) }
  }
}

const worker = new PageWorker()

/**
 * One sync's use of the page worker: pages are parsed off the main thread, and records
 * whose bytes are those of `known` come back as their id only. close() when the sync ends.
 */
export class PageParser {
  readonly #key: number
  #closed = false

  constructor(known?: KnownRows) {
    this.#key = worker.open(known)
  }

  /**
   * Reads `body`. Its memory is moved to the worker and back: the caller must use the
   * body it gets back, not the one it handed in. Rejects with WorkerStopped when the
   * worker stopped under it (the next page gets a new one).
   */
  parse(body: Uint8Array): Promise<PageRead> {
    if (this.#closed) return Promise.reject(new WorkerStopped('was closed for this sync'))
    return worker.parse(body, this.#key)
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    worker.release(this.#key)
  }
}
