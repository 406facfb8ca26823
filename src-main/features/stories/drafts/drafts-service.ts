import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { StoryDraft } from '@shared/story/draft'
import type { SavedDraft } from '@shared/story/library'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import { DRAFTS_PART, type AccountDrafts } from './drafts-part'

/** The drafts of the account on screen (the composer's and the saved ones), through its workspace. */
export class DraftsService {
  readonly #workspaces: WorkspaceSource

  constructor(workspaces: WorkspaceSource) {
    this.#workspaces = workspaces
  }

  #active(): AccountDrafts | null {
    return this.#workspaces.active()?.part(DRAFTS_PART) ?? null
  }

  #required(): AccountDrafts {
    const drafts = this.#active()
    if (!drafts) throw new AppError('unauthorized', userText('mediaErrors.drafts.noAccount'))
    return drafts
  }

  async draftGet(): Promise<StoryDraft | null> {
    return (await this.#active()?.composer.load()) ?? null
  }

  /** Saves into `accountId`'s drafts when given (a save sent just before a switch), the active account's otherwise. */
  async draftSave(draft: StoryDraft, accountId?: string): Promise<void> {
    const workspace = accountId === undefined ? this.#workspaces.active() : this.#workspaces.get(accountId)
    if (!workspace) {
      if (accountId === undefined) throw new AppError('unauthorized', userText('mediaErrors.drafts.noAccount'))
      throw new AppError('not-found', userText('mediaErrors.drafts.accountClosed'))
    }
    await workspace.part(DRAFTS_PART).composer.save(draft)
  }

  async draftClear(): Promise<void> {
    await this.#active()?.composer.clear()
  }

  /** The composer of `accountId` starts afresh: its story now lives in the outbox or the history. */
  async clearFor(accountId: string): Promise<void> {
    await this.#workspaces.get(accountId)?.part(DRAFTS_PART).composer.clear()
  }

  async savedList(): Promise<SavedDraft[]> {
    return (await this.#active()?.saved.list()) ?? []
  }

  async savedSave(draft: StoryDraft, id?: string): Promise<SavedDraft[]> {
    return this.#required().saved.save(draft, id)
  }

  async savedDelete(id: string): Promise<SavedDraft[]> {
    return this.#required().saved.delete(id)
  }

  /** The media grants any open account's saved drafts name: their files are kept. */
  async grants(): Promise<Set<string>> {
    const ids = new Set<string>()
    for (const workspace of this.#workspaces.all()) {
      if (workspace.mode === 'closed') continue
      for (const id of await workspace
        .part(DRAFTS_PART)
        .saved.grants()
        .catch(() => new Set<string>()))
        ids.add(id)
    }
    return ids
  }
}
