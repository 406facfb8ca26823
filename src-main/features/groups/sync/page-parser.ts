import type { Worker, WorkerOptions } from 'node:worker_threads'
import { startWorkerBeside } from '../../../platform/worker/start-worker'
import type { PageOutcome } from './parse-page'
import type { PageReply, PageRequest } from './page-worker'

/**
 * The worker: `page-worker.js` beside this file in the built app (electron-vite emits it
 * as its own entry, see electron.vite.config.ts); when the sources run directly (tsx,
 * vitest), `page-worker.ts` loaded through tsx's loader, registered inside the worker.
 */
function startWorker(options: WorkerOptions): Worker {
  return startWorkerBeside(import.meta.url, 'page-worker', options)
}

/** A page that made the worker fail (it ran out of its memory, or crashed). */
export class PageWorkerFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PageWorkerFailed'
  }
}

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

/**
 * The one page worker of the process, shared by every sync: it starts with the first page,
 * is replaced if it dies, and ends once no sync has used it for IDLE_MS. Each sync's known
 * rows are kept in it under a key until the sync is done.
 */
class WorkerHost {
  #worker: Worker | null = null
  #next = 0
  readonly #pending = new Map<
    number,
    { resolve: (read: PageRead) => void; reject: (error: Error) => void }
  >()
  readonly #known = new Map<number, KnownRows>()
  #users = 0
  #idle: NodeJS.Timeout | null = null

  open(known: KnownRows | undefined): number {
    this.#users++
    if (this.#idle) clearTimeout(this.#idle)
    this.#idle = null
    const key = this.#next++
    if (known) {
      this.#known.set(key, known)
      this.#worker?.postMessage({ type: 'known', key, ...known } satisfies PageRequest)
    }
    return key
  }

  release(key: number): void {
    this.#users--
    if (this.#known.delete(key))
      this.#worker?.postMessage({ type: 'forget', key } satisfies PageRequest)
    if (this.#users > 0) return
    this.#idle = setTimeout(() => void this.#stop(), IDLE_MS)
    this.#idle.unref()
  }

  parse(body: Uint8Array, key: number): Promise<PageRead> {
    const worker = this.#started()
    const id = this.#next++
    // Only a buffer that is the body's alone can be moved; a slice of a shared one is copied.
    // (Buffer's slice() is a view, so the copy is made with the Uint8Array constructor; the
    // tag, unlike instanceof, holds across realms.)
    const own =
      body.byteOffset === 0 &&
      body.byteLength === body.buffer.byteLength &&
      Object.prototype.toString.call(body.buffer) === '[object ArrayBuffer]'
        ? (body.buffer as ArrayBuffer)
        : new Uint8Array(body).buffer
    return new Promise<PageRead>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.postMessage({ type: 'page', id, key, body: own } satisfies PageRequest, [own])
    })
  }

  async #stop(): Promise<void> {
    const worker = this.#worker
    this.#worker = null
    await worker?.terminate()
  }

  #started(): Worker {
    if (this.#worker) return this.#worker
    const worker = startWorker({
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    })
    // A sync waiting for a page keeps the process alive; an idle worker must not.
    worker.unref()
    worker.on('message', ({ id, outcome, body }: PageReply) => {
      const waiting = this.#pending.get(id)
      this.#pending.delete(id)
      waiting?.resolve({ outcome, body: Buffer.from(body) })
    })
    const died = (error: Error): void => {
      if (this.#worker !== worker) return
      this.#worker = null
      const failure = new PageWorkerFailed(`The page reader stopped (${error.message}).`)
      for (const { reject } of this.#pending.values()) reject(failure)
      this.#pending.clear()
    }
    worker.on('error', died)
    worker.on('exit', (code) => died(new Error(`exit ${code}`)))
    for (const [key, known] of this.#known)
      worker.postMessage({ type: 'known', key, ...known } satisfies PageRequest)
    this.#worker = worker
    return worker
  }
}

const host = new WorkerHost()

/**
 * One sync's use of the page worker: pages are parsed off the main thread, and records
 * whose bytes are those of `known` come back as their id only. close() when the sync ends.
 */
export class PageParser {
  readonly #key: number
  #closed = false

  constructor(known?: KnownRows) {
    this.#key = host.open(known)
  }

  /**
   * Reads `body`. Its memory is moved to the worker and back: the caller must use the
   * body it gets back, not the one it handed in.
   */
  parse(body: Uint8Array): Promise<PageRead> {
    if (this.#closed) return Promise.reject(new PageWorkerFailed('The page reader was closed.'))
    return host.parse(body, this.#key)
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    host.release(this.#key)
  }
}
