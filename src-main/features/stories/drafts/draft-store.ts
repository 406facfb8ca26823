import type { StoryDraft } from '@shared/story/draft'
import type { JsonStore } from '../../../account/files/json-store'

/**
 * The composer's state for one account (`drafts/composer.json`, declared in
 * account-files.ts), so a story in progress survives closing the app. Its store writes one
 * change at a time, in order, and sets a damaged file aside rather than half-use it.
 */
export class DraftStore {
  readonly #file: JsonStore<StoryDraft>

  constructor(file: JsonStore<StoryDraft>) {
    this.#file = file
  }

  /** The saved draft, or null. */
  load(): Promise<StoryDraft | null> {
    return this.#file.read()
  }

  save(draft: StoryDraft): Promise<void> {
    return this.#file.write(draft)
  }

  clear(): Promise<void> {
    return this.#file.remove()
  }
}
