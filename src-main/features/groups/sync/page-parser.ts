import type { RecordPrint } from '../cache/record-print'
import { startWorkerBeside } from '../../../platform/worker/start-worker'
import { WorkerClient, WorkerStopped, movable } from '../../../platform/worker/worker-client'
import type { PageOutcome } from './parse-page'
import type { PageNote, PageReply, PageRequest } from './page-worker'

export interface PageRead {
  outcome: PageOutcome
  body: Buffer
  /** The body's CRC-32, which its segment carries. */
  crc: number
}

/** The heap a worker may use: a few pages at once, never the main process's room. */
const WORKER_HEAP_MB = 512
/** Its young generation: a page's objects die with the page, so a small one is as fast. */
const WORKER_YOUNG_MB = 12

/** The records of the last sync of an account, whose rows main already holds. */
export interface KnownRows {
  ids: readonly string[]
  fingerprints: Uint32Array
}

/** What the worker is told of a sync: its fingerprints' key, and the rows of the last sync. */
interface SyncNote extends KnownRows {
  printKey: string
}

function isPageReply(reply: unknown): reply is PageReply {
  const { outcome, body, crc } = (reply ?? {}) as Partial<Record<keyof PageReply, unknown>>
  // The tag, unlike instanceof, holds across realms.
  return (
    Object.prototype.toString.call(body) === '[object ArrayBuffer]' &&
    typeof crc === 'number' &&
    typeof outcome === 'object' &&
    outcome !== null &&
    typeof (outcome as { ok?: unknown }).ok === 'boolean'
  )
}

/**
 * The one page worker of the process, shared by every sync: it starts with the first page,
 * is replaced if it dies, and ends as soon as no sync uses it: syncs come minutes apart, and
 * an idle worker would hold its heap (tens of megabytes) all that time for a start that
 * costs a few milliseconds. Each sync's known rows are kept in it under a key until the
 * sync is done (and told again to a new worker).
 */
class PageWorker {
  readonly #known = new Map<number, SyncNote>()
  readonly #client = new WorkerClient<PageRequest, PageReply, PageNote>({
    // `page-worker.js` beside this file in the built app, see startWorkerBeside.
    start: (options) => startWorkerBeside(import.meta.url, 'page-worker', options),
    heapMb: WORKER_HEAP_MB,
    youngMb: WORKER_YOUNG_MB,
    greeting: () => Array.from(this.#known, ([key, known]) => ({ type: 'known' as const, key, ...known })),
    isReply: isPageReply,
  })
  #next = 0
  #users = 0

  open(note: SyncNote): number {
    this.#users++
    // Started with the sync, not with its first page: the start overlaps that page's request.
    this.#client.warm()
    const key = this.#next++
    this.#known.set(key, note)
    this.#client.notify({ type: 'known', key, ...note })
    return key
  }

  release(key: number): void {
    this.#users--
    if (this.#known.delete(key)) this.#client.notify({ type: 'forget', key })
    if (this.#users === 0) void this.#client.close()
  }

  async parse(body: Uint8Array, key: number, columns: boolean): Promise<PageRead> {
    const own = movable(body)
    const reply = await this.#client.request({ key, body: own, columns }, [own])
    return { outcome: reply.outcome, body: Buffer.from(reply.body), crc: reply.crc }
  }
}

const worker = new PageWorker()

/**
 * One sync's use of the page worker: pages are parsed off the main thread, each record
 * fingerprinted with `print` (the key of the snapshot the sync writes), and records whose
 * bytes are those of `known` come back as their id only. close() when the sync ends.
 */
export class PageParser {
  readonly #key: number
  #closed = false

  constructor(print: RecordPrint, known: KnownRows = { ids: [], fingerprints: new Uint32Array(0) }) {
    // developer-only: every sync writes a keyed snapshot; a keyless print here is a bug
    if (print.hex === null) throw new Error('a sync fingerprints its records with a key')
    this.#key = worker.open({ ...known, printKey: print.hex })
  }

  /**
   * Reads `body`. Its memory is moved to the worker and back: the caller must use the
   * body it gets back, not the one it handed in. Rejects with WorkerStopped when the
   * worker stopped under it (the next page gets a new one). `columns`: the new rows come
   * as a RowChunk (see page-worker.ts).
   */
  parse(body: Uint8Array, options: { columns?: boolean } = {}): Promise<PageRead> {
    if (this.#closed) return Promise.reject(new WorkerStopped('was closed for this sync'))
    return worker.parse(body, this.#key, options.columns === true)
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    worker.release(this.#key)
  }
}
