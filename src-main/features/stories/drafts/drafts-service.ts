import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { StoryDraft } from '@shared/story/draft'
import type { SavedDraft } from '@shared/story/library'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import { DRAFTS_PART, type AccountDrafts } from './drafts-part'

/** Each account's drafts (the composer's working copy and the saved ones), through its workspace. */
export class DraftsService {
  readonly #workspaces: WorkspaceSource

  constructor(workspaces: WorkspaceSource) {
    this.#workspaces = workspaces
  }

  #of(accountId: string): AccountDrafts {
    const workspace = this.#workspaces.get(accountId)
    if (!workspace || workspace.mode === 'closed') throw new AppError('not-found', userText('mediaErrors.drafts.accountClosed'))
    return workspace.part(DRAFTS_PART)
  }

  /** The client's working copy of the account's composer (the copy written last when the client has none yet). */
  async draftGet(accountId: string, client?: string): Promise<StoryDraft | null> {
    return this.#of(accountId).composer.load(client)
  }

  /** Saves the client's working copy of the account's composer: a save sent just before a switch lands in its own account. */
  async draftSave(accountId: string, draft: StoryDraft, client?: string): Promise<void> {
    await this.#of(accountId).composer.save(draft, client)
  }

  /** The client's composer of `accountId` starts afresh (cleared by the user, or its story now lives in the outbox or the history). */
  async draftClear(accountId: string, client?: string): Promise<void> {
    await this.#workspaces.get(accountId)?.part(DRAFTS_PART).composer.clear(client)
  }

  async savedList(accountId: string): Promise<SavedDraft[]> {
    return this.#of(accountId).saved.list()
  }

  async savedSave(accountId: string, draft: StoryDraft, id?: string): Promise<SavedDraft[]> {
    return this.#of(accountId).saved.save(draft, id)
  }

  async savedDelete(accountId: string, id: string): Promise<SavedDraft[]> {
    return this.#of(accountId).saved.delete(id)
  }

  /** The media grants any open account's drafts name (its composer's and its saved ones): their files are kept. */
  async grants(): Promise<Set<string>> {
    const ids = new Set<string>()
    for (const workspace of this.#workspaces.all()) {
      if (workspace.mode === 'closed') continue
      const drafts = workspace.part(DRAFTS_PART)
      for (const id of await drafts.saved.grants().catch(() => new Set<string>())) ids.add(id)
      const composing = await drafts.composer.load().catch(() => null)
      if (composing?.media.grantId) ids.add(composing.media.grantId)
      for (const id of drafts.composer.grantIds()) ids.add(id)
    }
    return ids
  }
}
