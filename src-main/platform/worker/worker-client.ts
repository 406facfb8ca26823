import type { Transferable, Worker } from 'node:worker_threads'
import type { UserText } from '@shared/i18n/user-text'
import { UserTextSchema } from '@shared/i18n/user-text-schema'
import type { WorkerStarter } from './start-worker'

/** What goes to the worker: a request, answered under its id, or a note, never answered. */
export type ToWorker<Q, N> = { id: number; request: Q } | { note: N }

/** An error a worker's request ended with, as it crosses from the worker. */
export interface WorkerErrorData {
  name: string
  /** For developers and logs. */
  message: string
  code?: string
  /** What the user reads, when the worker failed with an AppError. */
  text?: UserText
}

/** What comes back: each request's reply, or the error it ended with, under its id. */
export type FromWorker<A> = { id: number; reply: A } | { id: number; error: WorkerErrorData }

/**
 * The worker stopped, or could not be trusted any more: every request waiting on it fails.
 * Its message and `why` are for developers and logs; a caller that tells the user says so in
 * a text of its own.
 */
export class WorkerStopped extends Error {
  constructor(
    /** What happened to it, to go after "the worker" in a log line. */
    readonly why: string,
  ) {
    super(`The worker ${why}.`)
    this.name = 'WorkerStopped'
  }
}

/**
 * A request the worker ran and that ended with an error there; the worker goes on. `text` is
 * the AppError's text when the worker failed with one; the message is for developers.
 */
export class WorkerRequestFailed extends Error {
  readonly code: string | undefined
  readonly text: UserText | undefined

  constructor(data: WorkerErrorData) {
    super(data.message)
    this.name = 'WorkerRequestFailed'
    this.code = data.code
    this.text = data.text
  }
}

export interface WorkerClientOptions<A, N> {
  start: WorkerStarter
  /** The heap the worker may use, in MB: room for its work, never the main process's. */
  heapMb?: number
  /**
   * The worker's young generation, in MB (V8's default is 48): a worker that turns bytes into
   * short-lived objects page after page does as well with a few, and each MB is resident.
   */
  youngMb?: number
  /** What a new worker must be told before its first request: state kept across restarts. */
  greeting?: () => Iterable<N>
  /** Whether a reply is one: a worker that sends anything else is taken to be broken. */
  isReply?: (reply: unknown) => reply is A
}

interface Waiting<A> {
  resolve: (reply: A) => void
  reject: (error: Error) => void
}

function isErrorData(value: unknown): value is WorkerErrorData {
  if (typeof value !== 'object' || value === null) return false
  const { name, message, code, text } = value as Partial<Record<keyof WorkerErrorData, unknown>>
  return (
    typeof name === 'string' &&
    typeof message === 'string' &&
    (code === undefined || typeof code === 'string') &&
    (text === undefined || UserTextSchema.safeParse(text).success)
  )
}

/**
 * The memory of `bytes` as an ArrayBuffer that can be moved to a worker: its own when the
 * view covers all of it, else a copy (a slice of a shared buffer, such as a pooled Buffer,
 * cannot be moved without taking its neighbours along).
 */
export function movable(bytes: Uint8Array): ArrayBuffer {
  // The tag, unlike instanceof, holds across realms; a SharedArrayBuffer is not moved.
  const own =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    Object.prototype.toString.call(bytes.buffer) === '[object ArrayBuffer]'
  return own ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer
}

/**
 * Main's end of a worker thread: requests go to it under ids and their replies (or errors)
 * come back to whoever asked, with the memory in `transfer` lists moved rather than copied.
 * The worker starts with the first request and is started again after it stops; a worker
 * that dies, or answers with anything but a reply to a request it was given, fails every
 * request waiting on it and is not used again. While nothing is waiting it does not keep
 * the process alive. The worker's end is serveRequests().
 */
export class WorkerClient<Q, A, N = never> {
  readonly #options: WorkerClientOptions<A, N>
  #worker: Worker | null = null
  #next = 0
  readonly #waiting = new Map<number, Waiting<A>>()

  constructor(options: WorkerClientOptions<A, N>) {
    this.#options = options
  }

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.#worker !== null
  }

  /** Sends `request`: resolves with its reply, rejects with WorkerRequestFailed or WorkerStopped. */
  request(request: Q, transfer: readonly Transferable[] = []): Promise<A> {
    let worker: Worker
    try {
      worker = this.#started()
    } catch (error) {
      // developer-only: why a worker stopped goes to the log and into WorkerStopped, never to the user
      const why = `could not start (${error instanceof Error ? error.message : String(error)})`
      return Promise.reject(new WorkerStopped(why))
    }
    const id = this.#next++
    return new Promise<A>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject })
      if (this.#waiting.size === 1) worker.ref()
      try {
        worker.postMessage({ id, request } satisfies ToWorker<Q, N>, [...transfer])
      } catch (error) {
        // The request cannot be copied to the worker: it never left, the worker is fine.
        this.#settled(worker, id)
        reject(error as Error)
      }
    })
  }

  /**
   * Starts the worker now, if none runs, so that its start overlaps whatever comes before
   * the first request; a start that fails is left for that request to report.
   */
  warm(): void {
    try {
      this.#started()
    } catch {
      // The first request tries again and fails with WorkerStopped, which says why.
    }
  }

  /** Tells the running worker `note`; with none running, nothing is sent (see `greeting`). */
  notify(note: N): void {
    this.#worker?.postMessage({ note } satisfies ToWorker<Q, N>)
  }

  /** Ends the worker now; requests still waiting fail. The next request starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker
    if (!worker) return
    this.#let(worker, 'was closed')
    await worker.terminate()
  }

  #started(): Worker {
    if (this.#worker) return this.#worker
    const { start, heapMb, youngMb, greeting } = this.#options
    const limits = {
      ...(heapMb !== undefined && { maxOldGenerationSizeMb: heapMb }),
      ...(youngMb !== undefined && { maxYoungGenerationSizeMb: youngMb }),
    }
    const worker = start(Object.keys(limits).length === 0 ? {} : { resourceLimits: limits })
    // Only a request waiting on it keeps the process alive (see request()).
    worker.unref()
    worker.on('message', (message: unknown) => this.#heard(worker, message))
    // developer-only: why a worker stopped goes to the log and into WorkerStopped, never to the user
    worker.on('messageerror', () => this.#broken(worker, 'sent a message that could not be read'))
    worker.on('error', (error) => this.#let(worker, `failed: ${error.message}`))
    // developer-only: why a worker stopped goes to the log and into WorkerStopped, never to the user
    worker.on('exit', (code) => this.#let(worker, `stopped with code ${code}`))
    this.#worker = worker
    for (const note of greeting?.() ?? []) worker.postMessage({ note } satisfies ToWorker<Q, N>)
    return worker
  }

  #heard(worker: Worker, message: unknown): void {
    if (worker !== this.#worker) return
    const id = (message as { id?: unknown } | null)?.id
    const waiting = typeof id === 'number' ? this.#waiting.get(id) : undefined
    // developer-only: why a worker stopped goes to the log and into WorkerStopped, never to the user
    if (!waiting) return this.#broken(worker, 'answered a request it was not given')
    const { reply, error } = message as { reply?: unknown; error?: unknown }
    const isReply = this.#options.isReply
    if ('reply' in (message as object) && (!isReply || isReply(reply))) {
      this.#settled(worker, id as number)
      waiting.resolve(reply as A)
    } else if (!('reply' in (message as object)) && isErrorData(error)) {
      this.#settled(worker, id as number)
      waiting.reject(new WorkerRequestFailed(error))
    } else {
      // developer-only: why a worker stopped goes to the log and into WorkerStopped, never to the user
      this.#broken(worker, 'answered with something that is not a reply')
    }
  }

  #settled(worker: Worker, id: number): void {
    this.#waiting.delete(id)
    if (this.#waiting.size === 0) worker.unref()
  }

  /** A worker that breaks the protocol is not trusted with another request. */
  #broken(worker: Worker, why: string): void {
    if (worker !== this.#worker) return
    this.#let(worker, why)
    void worker.terminate()
  }

  /** Forgets `worker` (if it is the current one) and fails whatever waited on it. */
  #let(worker: Worker, why: string): void {
    if (worker !== this.#worker) return
    this.#worker = null
    const failure = new WorkerStopped(why)
    const waiting = [...this.#waiting.values()]
    this.#waiting.clear()
    for (const { reject } of waiting) reject(failure)
  }
}
