import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { FeedStorySchema, StoryViewsSchema, type FeedStory, type StoryViews } from '@shared/story/feed'
import { z } from 'zod'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { readJsonFile, setAside, writeJsonAtomic } from '../../../platform/files/json-file'

const FeedFileSchema = z.object({
  version: z.literal(1),
  syncedAt: z.string().nullable(),
  truncated: z.boolean(),
  stories: z.array(FeedStorySchema),
  views: z.record(z.string(), StoryViewsSchema),
})
export type FeedFile = z.infer<typeof FeedFileSchema>

const EMPTY: FeedFile = { version: 1, syncedAt: null, truncated: false, stories: [], views: {} }

/**
 * The server's stories and their views as last read (`<account dir>/stories-feed.json`),
 * so the Stories view works offline. Written atomically; a file that cannot be read is
 * set aside and the feed starts empty.
 */
export class FeedCache {
  readonly #dir: string
  readonly #file: string
  readonly #log: Logger
  #data: FeedFile | null = null
  #queue: Promise<unknown> = Promise.resolve()

  constructor(accountDir: string, log: Logger = silentLogger) {
    this.#dir = accountDir
    this.#file = join(accountDir, 'stories-feed.json')
    this.#log = log
  }

  read(): Promise<FeedFile> {
    return this.#serial(() => this.#load())
  }

  /** The server's list after a sync; views of stories no longer listed are dropped. */
  saveStories(stories: FeedStory[], syncedAt: string, truncated: boolean): Promise<FeedFile> {
    return this.#serial(async () => {
      const current = await this.#load()
      const ids = new Set(stories.map((s) => s.id))
      const views = Object.fromEntries(Object.entries(current.views).filter(([id]) => ids.has(id)))
      return this.#write({ version: 1, syncedAt, truncated, stories, views })
    })
  }

  saveViews(views: StoryViews): Promise<FeedFile> {
    return this.#serial(async () => {
      const current = await this.#load()
      return this.#write({ ...current, views: { ...current.views, [views.storyId]: views } })
    })
  }

  async #write(next: FeedFile): Promise<FeedFile> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 })
    await writeJsonAtomic(this.#file, next)
    this.#data = next
    return next
  }

  async #load(): Promise<FeedFile> {
    if (this.#data) return this.#data
    const read = await readJsonFile(this.#file, FeedFileSchema)
    if (read.status === 'corrupt') {
      const kept = await setAside(this.#file)
      this.#log.warn('stories feed set aside', { reason: read.reason, kept })
    }
    this.#data = read.status === 'ok' ? read.value : EMPTY
    return this.#data
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => {})
    return run
  }
}
