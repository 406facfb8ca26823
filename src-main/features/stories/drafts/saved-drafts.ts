import { join } from 'node:path'
import { AppError } from '@shared/errors'
import type { StoryDraft } from '@shared/story/draft'
import { MAX_SAVED_DRAFTS, SavedDraftSchema, type SavedDraft } from '@shared/story/library'
import type { ActiveAccountSource } from '../../../account/workspace/account-session'
import { ListFile, type ListFileOptions } from '../library/list-file'
import { newId } from '../library/new-id'

/**
 * Each account's saved drafts, in `<account dir>/drafts/saved.json`, newest first: stories the
 * user put aside to finish or publish later. The composer's own working copy stays in
 * `composer.json` (draft-store.ts); a saved draft is a separate copy until it is deleted.
 */
export class SavedDrafts {
  readonly #accounts: ActiveAccountSource
  readonly #opts: ListFileOptions & { now?: () => Date }
  readonly #files = new Map<string, ListFile<SavedDraft>>()

  constructor(accounts: ActiveAccountSource, options: ListFileOptions & { now?: () => Date } = {}) {
    this.#accounts = accounts
    this.#opts = options
  }

  async list(): Promise<SavedDraft[]> {
    const file = this.#file(false)
    return file ? newestFirst(await file.read()) : []
  }

  /** The media grants the active account's saved drafts name: their files are kept. */
  async grants(): Promise<Set<string>> {
    const ids = new Set<string>()
    for (const saved of await this.list()) if (saved.draft.media.grantId) ids.add(saved.draft.media.grantId)
    return ids
  }

  async save(draft: StoryDraft, id?: string): Promise<SavedDraft[]> {
    const now = (this.#opts.now ?? (() => new Date()))().toISOString()
    const saved = await this.#file(true)!.update((items) => {
      if (id !== undefined && !items.some((item) => item.id === id)) throw new AppError('not-found', 'That draft is no longer saved.')
      if (id === undefined && items.length >= MAX_SAVED_DRAFTS)
        throw new AppError('invalid-argument', `At most ${MAX_SAVED_DRAFTS} drafts can be kept. Delete one first.`)
      const entry: SavedDraft = { id: id ?? newId(), savedAt: now, draft }
      return id !== undefined ? items.map((item) => (item.id === id ? entry : item)) : [...items, entry]
    })
    return newestFirst(saved)
  }

  async delete(id: string): Promise<SavedDraft[]> {
    return newestFirst(await this.#file(true)!.update((items) => items.filter((item) => item.id !== id)))
  }

  #file(required: boolean): ListFile<SavedDraft> | null {
    const session = this.#accounts.active()
    if (!session) {
      if (required) throw new AppError('unauthorized', 'Connect an account first (Accounts), then save drafts.')
      return null
    }
    let file = this.#files.get(session.dir)
    if (!file) {
      file = new ListFile(join(session.dir, 'drafts', 'saved.json'), SavedDraftSchema, this.#opts)
      this.#files.set(session.dir, file)
    }
    return file
  }
}

function newestFirst(items: readonly SavedDraft[]): SavedDraft[] {
  return [...items].sort((a, b) => b.savedAt.localeCompare(a.savedAt))
}
