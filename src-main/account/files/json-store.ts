import { lstat, mkdir, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { z } from 'zod'
import { readJsonFile, setAside, writeJsonAtomic } from '../../platform/files/json-file'
import type { Logger } from '../../platform/log/log'
import type { JsonFileDecl } from './file-registry'

export interface JsonStoreOptions {
  log: Logger
  /** Told when the file could not be read and was moved aside (its content starts afresh). */
  onSetAside?: (path: string) => void
  now?: () => Date
}

/**
 * One declared JSON file: read with its schema, written whole and atomically, one change at a
 * time, in order, and held once read while the file stays as it was. A file that cannot be read is set aside (never half-used, never deleted)
 * and reads as missing; the owner is told so it can say it.
 */
export class JsonStore<T> {
  readonly path: string
  readonly #decl: JsonFileDecl
  readonly #opts: JsonStoreOptions
  #queue: Promise<unknown> = Promise.resolve()
  /** What is on disk, once read, with the file's size and time then: a file changed by anything else is read again. */
  #held: { value: T | null; stamp: string } | null = null

  constructor(path: string, decl: JsonFileDecl<z.ZodType<T>>, options: JsonStoreOptions) {
    this.path = path
    this.#decl = decl
    this.#opts = options
  }

  /** The content, or null when there is none (or it was set aside just now). */
  read(): Promise<T | null> {
    return this.#serial(() => this.#read())
  }

  write(value: T): Promise<void> {
    return this.#serial(() => this.#write(value))
  }

  /**
   * Applies a change to the current content and writes the result; a change that answers
   * `undefined` leaves the file as it is. On a failed write nothing changed.
   */
  update(change: (current: T | null) => T | undefined): Promise<T | null> {
    return this.#serial(async () => {
      const current = await this.#read()
      const next = change(current)
      if (next === undefined) return current
      await this.#write(next)
      return next
    })
  }

  remove(): Promise<void> {
    return this.#serial(async () => {
      await rm(this.path, { force: true })
      this.#held = { value: null, stamp: 'none' }
    })
  }

  async #read(): Promise<T | null> {
    const stamp = await this.#stamp()
    if (this.#held && this.#held.stamp === stamp) return this.#held.value
    const value = await this.#readDisk()
    this.#held = { value, stamp: await this.#stamp() }
    return value
  }

  /** Size and modification time, or 'none': enough to tell the file was changed by someone else. */
  async #stamp(): Promise<string> {
    const info = await lstat(this.path).catch(() => null)
    return info ? `${info.size}:${info.mtimeMs}:${info.ino}` : 'none'
  }

  async #readDisk(): Promise<T | null> {
    const read = await readJsonFile(this.path, this.#decl.schema)
    if (read.status === 'ok') return read.value as T
    if (read.status === 'corrupt') {
      const kept = await setAside(this.path, this.#opts.now?.())
      this.#opts.log.warn('file set aside', { file: this.#decl.path, reason: read.reason })
      this.#opts.onSetAside?.(kept)
    }
    return null
  }

  async #write(value: T): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 })
    await writeJsonAtomic(this.path, value, this.#decl.schema)
    this.#held = { value, stamp: await this.#stamp() }
  }

  #serial<R>(task: () => Promise<R>): Promise<R> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => {})
    return run
  }
}
