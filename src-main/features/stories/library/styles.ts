import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { MAX_STYLES, type StoryStyle } from '@shared/story/library'
import type { JsonStore } from '../../../account/files/json-store'
import { ListFile, type ListFileContent } from './list-file'
import { newId } from './new-id'

/** Saved text styles, for every account, in `story-styles.json` (declared in app-files.ts). Saving a name again replaces that style. */
export class StyleStore {
  readonly #file: ListFile<StoryStyle>
  readonly #now: () => Date

  constructor(store: JsonStore<ListFileContent<StoryStyle>>, options: { now?: () => Date } = {}) {
    this.#file = new ListFile(store)
    this.#now = options.now ?? (() => new Date())
  }

  list(): Promise<StoryStyle[]> {
    return this.#file.read().then((items) => [...items])
  }

  async save(input: Omit<StoryStyle, 'id' | 'updatedAt'>): Promise<StoryStyle[]> {
    return this.#file.update((items) => {
      const name = input.name.trim()
      const same = items.find((item) => item.name.toLowerCase() === name.toLowerCase())
      if (!same && items.length >= MAX_STYLES)
        throw new AppError('invalid-argument', userText('mediaErrors.library.tooManyStyles', { count: MAX_STYLES }))
      const style: StoryStyle = {
        id: same?.id ?? newId(),
        name,
        background: input.background.toUpperCase(),
        color: input.color.toUpperCase(),
        font: input.font,
        updatedAt: this.#now().toISOString(),
      }
      return same ? items.map((item) => (item.id === same.id ? style : item)) : [...items, style]
    })
  }

  delete(id: string): Promise<StoryStyle[]> {
    return this.#file.update((items) => items.filter((item) => item.id !== id))
  }
}
