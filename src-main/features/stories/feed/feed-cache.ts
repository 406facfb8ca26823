import type { FeedStory, StoryViews } from '@shared/story/feed'
import type { JsonStore } from '../../../account/files/json-store'
import type { FeedFile } from '../../../account/files/formats/story-files'

export type { FeedFile }

const EMPTY: FeedFile = { version: 1, syncedAt: null, truncated: false, stories: [], views: {} }

/**
 * The server's stories and their views as last read (`stories-feed.json`, declared in
 * account-files.ts), so the Stories view works offline. A file that cannot be read is set
 * aside and the feed starts empty.
 */
export class FeedCache {
  readonly #file: JsonStore<FeedFile>

  constructor(file: JsonStore<FeedFile>) {
    this.#file = file
  }

  async read(): Promise<FeedFile> {
    return (await this.#file.read()) ?? EMPTY
  }

  /** The server's list after a sync; views of stories no longer listed are dropped. */
  async saveStories(stories: FeedStory[], syncedAt: string, truncated: boolean): Promise<FeedFile> {
    const ids = new Set(stories.map((s) => s.id))
    const next = await this.#file.update((current) => {
      const views = Object.fromEntries(Object.entries((current ?? EMPTY).views).filter(([id]) => ids.has(id)))
      return { version: 1, syncedAt, truncated, stories, views }
    })
    return next ?? EMPTY
  }

  async saveViews(views: StoryViews): Promise<FeedFile> {
    const next = await this.#file.update((current) => {
      const file = current ?? EMPTY
      return { ...file, views: { ...file.views, [views.storyId]: views } }
    })
    return next ?? EMPTY
  }
}
