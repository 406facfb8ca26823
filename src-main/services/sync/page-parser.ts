import { Worker, type WorkerOptions } from 'node:worker_threads'
import type { PageOutcome } from './parse-page'
import type { PageReply, PageRequest } from './page-worker'

/**
 * The worker: `page-worker.js` beside this file in the built app (electron-vite emits it
 * as its own entry, see electron.vite.config.ts); when the sources run directly (tsx,
 * vitest), `page-worker.ts` loaded through tsx's loader, registered inside the worker.
 */
function startWorker(options: WorkerOptions): Worker {
  const here = import.meta.url
  if (!here.endsWith('.ts')) return new Worker(new URL('./page-worker.js', here), options)
  const entry = JSON.stringify(new URL('./page-worker.ts', here).href)
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}) })`
  return new Worker(boot, { ...options, eval: true })
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

/**
 * Parses groups pages on one worker thread. The worker starts on the first page and is
 * replaced if it dies; close() ends it.
 */
export class PageParser {
  #worker: Worker | null = null
  #next = 0
  readonly #pending = new Map<
    number,
    { resolve: (read: PageRead) => void; reject: (error: Error) => void }
  >()

  /**
   * Reads `body`. Its memory is moved to the worker and back: the caller must use the
   * body it gets back, not the one it handed in.
   */
  parse(body: Uint8Array): Promise<PageRead> {
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
      worker.postMessage({ id, body: own } satisfies PageRequest, [own])
    })
  }

  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = null
    this.#fail(new PageWorkerFailed('The page reader was closed.'))
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
      if (this.#worker === worker) this.#worker = null
      this.#fail(new PageWorkerFailed(`The page reader stopped (${error.message}).`))
    }
    worker.on('error', died)
    worker.on('exit', (code) => died(new Error(`exit ${code}`)))
    this.#worker = worker
    return worker
  }

  #fail(error: Error): void {
    for (const { reject } of this.#pending.values()) reject(error)
    this.#pending.clear()
  }
}
