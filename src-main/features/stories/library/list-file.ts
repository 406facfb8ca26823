import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { readJsonFile, setAside, writeJsonAtomic } from '../../../platform/files/json-file'

export interface ListFileOptions {
  log?: Logger
  /** Told when the file could not be read and was moved aside (the list starts empty). */
  onSetAside?: (path: string) => void
}

/**
 * A small list kept in one JSON file (`{version: 1, items: [...]}`): read once, then changed
 * in memory and written atomically, one change at a time. A file that cannot be read is set
 * aside, never half-used and never deleted, and the list starts empty.
 */
export class ListFile<T> {
  readonly #path: string
  readonly #schema: z.ZodType<{ version: 1; items: T[] }>
  readonly #opts: ListFileOptions
  #items: T[] | null = null
  #queue: Promise<unknown> = Promise.resolve()

  constructor(path: string, item: z.ZodType<T>, options: ListFileOptions = {}) {
    this.#path = path
    this.#schema = z.object({ version: z.literal(1), items: z.array(item) }) as unknown as z.ZodType<{ version: 1; items: T[] }>
    this.#opts = options
  }

  read(): Promise<T[]> {
    return this.#serial(() => this.#load())
  }

  /** Applies a change and writes the result; on a failed write the list stays as it was. */
  update(change: (items: readonly T[]) => T[]): Promise<T[]> {
    return this.#serial(async () => {
      const next = change(await this.#load())
      await mkdir(dirname(this.#path), { recursive: true, mode: 0o700 })
      await writeJsonAtomic(this.#path, { version: 1, items: next })
      this.#items = next
      return next
    })
  }

  async #load(): Promise<T[]> {
    if (this.#items) return this.#items
    const read = await readJsonFile(this.#path, this.#schema)
    if (read.status === 'ok') this.#items = read.value.items
    else {
      if (read.status === 'corrupt') {
        const kept = await setAside(this.#path)
        ;(this.#opts.log ?? silentLogger).warn('list file set aside', { reason: read.reason, kept })
        this.#opts.onSetAside?.(kept)
      }
      this.#items = []
    }
    return this.#items
  }

  #serial<R>(task: () => Promise<R>): Promise<R> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => {})
    return run
  }
}
