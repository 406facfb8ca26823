import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { StoryDraftSchema, type StoryDraft } from '@shared/story/draft'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { readJsonFile, setAside, writeJsonAtomic } from '../../../platform/files/json-file'

/**
 * The composer's state for one account, kept in `<account dir>/drafts/composer.json` so a
 * story in progress survives closing the app. Writes happen one at a time, in order.
 */
export class DraftStore {
  readonly #dir: string
  readonly #log: Logger
  #queue: Promise<unknown> = Promise.resolve()

  readonly #onSetAside: ((path: string) => void) | undefined

  constructor(accountDir: string, log: Logger = silentLogger, onSetAside?: (path: string) => void) {
    this.#dir = join(accountDir, 'drafts')
    this.#log = log
    this.#onSetAside = onSetAside
  }

  get #file(): string {
    return join(this.#dir, 'composer.json')
  }

  /** The saved draft, or null. A file that cannot be read is set aside, never half-used. */
  load(): Promise<StoryDraft | null> {
    return this.#serial(async () => {
      const read = await readJsonFile(this.#file, StoryDraftSchema)
      if (read.status === 'ok') return read.value
      if (read.status === 'corrupt') {
        const kept = await setAside(this.#file)
        this.#log.warn('draft set aside', { reason: read.reason, kept })
        this.#onSetAside?.(kept)
      }
      return null
    })
  }

  save(draft: StoryDraft): Promise<void> {
    return this.#serial(async () => {
      await mkdir(this.#dir, { recursive: true, mode: 0o700 })
      await writeJsonAtomic(this.#file, draft)
    })
  }

  clear(): Promise<void> {
    return this.#serial(() => rm(this.#file, { force: true }))
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => {})
    return run
  }
}
