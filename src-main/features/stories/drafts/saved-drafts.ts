import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { StoryDraft } from '@shared/story/draft'
import { MAX_SAVED_DRAFTS, type SavedDraft } from '@shared/story/library'
import type { JsonStore } from '../../../account/files/json-store'
import { ListFile, type ListFileContent } from '../library/list-file'
import { newId } from '../library/new-id'

/**
 * One account's saved drafts (`drafts/saved.json`), newest first: stories the user put aside
 * to finish or publish later. The composer's own working copy stays in `composer.json`
 * (draft-store.ts); a saved draft is a separate copy until it is deleted.
 */
export class SavedDrafts {
  readonly #file: ListFile<SavedDraft>
  readonly #now: () => Date

  constructor(store: JsonStore<ListFileContent<SavedDraft>>, options: { now?: () => Date } = {}) {
    this.#file = new ListFile(store)
    this.#now = options.now ?? (() => new Date())
  }

  async list(): Promise<SavedDraft[]> {
    return newestFirst(await this.#file.read())
  }

  /** The media grants the saved drafts name: their files are kept. */
  async grants(): Promise<Set<string>> {
    const ids = new Set<string>()
    for (const saved of await this.list()) if (saved.draft.media.grantId) ids.add(saved.draft.media.grantId)
    return ids
  }

  async save(draft: StoryDraft, id?: string): Promise<SavedDraft[]> {
    const now = this.#now().toISOString()
    const saved = await this.#file.update((items) => {
      if (id !== undefined && !items.some((item) => item.id === id))
        throw new AppError('not-found', userText('mediaErrors.drafts.draftGone'))
      if (id === undefined && items.length >= MAX_SAVED_DRAFTS)
        throw new AppError('invalid-argument', userText('mediaErrors.drafts.tooMany', { count: MAX_SAVED_DRAFTS }))
      const entry: SavedDraft = { id: id ?? newId(), savedAt: now, draft }
      return id !== undefined ? items.map((item) => (item.id === id ? entry : item)) : [...items, entry]
    })
    return newestFirst(saved)
  }

  async delete(id: string): Promise<SavedDraft[]> {
    return newestFirst(await this.#file.update((items) => items.filter((item) => item.id !== id)))
  }
}

function newestFirst(items: readonly SavedDraft[]): SavedDraft[] {
  return [...items].sort((a, b) => b.savedAt.localeCompare(a.savedAt))
}
