import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { HistoryEntrySchema, type HistoryEntry } from '@shared/story/records'
import { z } from 'zod'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { readJsonFile, setAside, writeJsonAtomic } from '../../../platform/files/json-file'

const HistoryFileSchema = z.object({ version: z.literal(1), entries: z.array(HistoryEntrySchema) })

/** Stories kept in the list; the oldest go first past this. */
export const HISTORY_LIMIT = 500

/**
 * Every story published from this account (`<account dir>/history.json`), newest first.
 * Adding is idempotent by id, so recording the same publication twice (a crash between
 * "sent" and the outbox clean-up) still lists it once.
 */
export class HistoryStore {
  readonly #file: string
  readonly #dir: string
  readonly #log: Logger
  readonly #limit: number
  #entries: HistoryEntry[] | null = null
  #queue: Promise<unknown> = Promise.resolve()

  readonly #onSetAside: ((path: string) => void) | undefined

  constructor(accountDir: string, options: { log?: Logger; limit?: number; onSetAside?: (path: string) => void } = {}) {
    this.#onSetAside = options.onSetAside
    this.#dir = accountDir
    this.#file = join(accountDir, 'history.json')
    this.#log = options.log ?? silentLogger
    this.#limit = options.limit ?? HISTORY_LIMIT
  }

  list(): Promise<HistoryEntry[]> {
    return this.#serial(async () => (await this.#load()).slice())
  }

  has(id: string): Promise<boolean> {
    return this.#serial(async () => (await this.#load()).some((entry) => entry.id === id))
  }

  /** Records a publication; false when it was already there. */
  add(entry: HistoryEntry): Promise<boolean> {
    return this.#serial(async () => {
      const entries = await this.#load()
      if (entries.some((e) => e.id === entry.id)) return false
      const next = [entry, ...entries].slice(0, this.#limit)
      await mkdir(this.#dir, { recursive: true, mode: 0o700 })
      await writeJsonAtomic(this.#file, { version: 1, entries: next })
      this.#entries = next
      return true
    })
  }

  /**
   * Takes the server's word on the status of published stories (by message id): a media
   * story recorded `pending` becomes what the server lists. True when anything changed.
   */
  settle(statuses: ReadonlyMap<string, string>): Promise<boolean> {
    return this.#serial(async () => {
      const entries = await this.#load()
      let changed = false
      const next = entries.map((entry) => {
        const status = entry.messageId ? statuses.get(entry.messageId) : undefined
        if (status === undefined || status === entry.messageStatus) return entry
        changed = true
        return { ...entry, messageStatus: status }
      })
      if (!changed) return false
      await writeJsonAtomic(this.#file, { version: 1, entries: next })
      this.#entries = next
      return true
    })
  }

  /** Adds entries recovered from a set-aside file; returns how many were new. */
  merge(entries: readonly HistoryEntry[]): Promise<number> {
    return this.#serial(async () => {
      const current = await this.#load()
      const known = new Set(current.map((entry) => entry.id))
      const fresh = entries.filter((entry) => !known.has(entry.id))
      if (fresh.length === 0) return 0
      const next = [...current, ...fresh].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, this.#limit)
      await mkdir(this.#dir, { recursive: true, mode: 0o700 })
      await writeJsonAtomic(this.#file, { version: 1, entries: next })
      this.#entries = next
      return fresh.length
    })
  }

  async #load(): Promise<HistoryEntry[]> {
    if (this.#entries) return this.#entries
    const read = await readJsonFile(this.#file, HistoryFileSchema)
    if (read.status === 'corrupt') {
      const kept = await setAside(this.#file)
      this.#log.warn('history set aside', { reason: read.reason, kept })
      this.#onSetAside?.(kept)
    }
    this.#entries = read.status === 'ok' ? read.value.entries : []
    return this.#entries
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => {})
    return run
  }
}
