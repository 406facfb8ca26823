import { ACCOUNT_FILES } from '../../../account/files/account-files'
import type { AccountWorkspace } from '../../../account/workspace/account-workspace'
import { definePart, type WorkspacePart } from '../../../account/workspace/account-workspace'
import { DraftStore } from './draft-store'
import { SavedDrafts } from './saved-drafts'

/** One account's drafts: the composer's working copy and the drafts saved for later. */
export class AccountDrafts implements WorkspacePart {
  readonly composer: DraftStore
  readonly saved: SavedDrafts

  constructor(workspace: AccountWorkspace) {
    this.composer = new DraftStore(workspace.files.json(ACCOUNT_FILES.composerDraft))
    this.saved = new SavedDrafts(workspace.files.json(ACCOUNT_FILES.savedDrafts))
  }

  async dispose(): Promise<void> {
    // Each write is its own store's; nothing runs on its own.
  }
}

export const DRAFTS_PART = definePart('drafts', 'open', (workspace) => new AccountDrafts(workspace))
