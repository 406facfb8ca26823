import type { SetAsideAction, SetAsideItem } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { FileRoot, SetAsideCopy } from '../../../account/files/file-root'
import type { PartKind } from '../../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import type { Logger } from '../../../platform/log/log'
import { DRAFTS_PART } from '../drafts/drafts-part'
import type { AudienceStore } from '../library/audiences'
import type { StyleStore } from '../library/styles'
import type { AccountOutbox } from '../outbox/outbox-part'
import { restoreSetAside, type RestoreTargets } from './restore-set-aside'

export interface SetAsideServiceOptions {
  workspaces: WorkspaceSource
  outbox: PartKind<AccountOutbox>
  /** The data folder's own files (saved audiences, styles). */
  appFiles: FileRoot
  audiences: AudienceStore
  styles: StyleStore
  log: Logger
}

function itemOf(accountId: string | null, copy: SetAsideCopy): SetAsideItem {
  return { accountId, id: copy.id, kind: copy.kind, at: copy.at, bytes: copy.bytes, preview: copy.preview, restorable: copy.restorable }
}

/**
 * The files set aside as unreadable, as the declarations list them: every open account's and
 * the app's own lists. Each can be looked at, restored as far as it can be read, or discarded.
 */
export class SetAsideService {
  readonly #opts: SetAsideServiceOptions

  constructor(options: SetAsideServiceOptions) {
    this.#opts = options
  }

  async list(): Promise<SetAsideItem[]> {
    const items: SetAsideItem[] = (await this.#opts.appFiles.setAsideCopies()).map((copy) => itemOf(null, copy))
    for (const workspace of this.#opts.workspaces.all()) {
      if (workspace.mode === 'closed') continue
      for (const copy of await workspace.files.setAsideCopies()) items.push(itemOf(workspace.id, copy))
    }
    return items.sort((a, b) => b.at.localeCompare(a.at))
  }

  async act(accountId: string | null, id: string, action: SetAsideAction): Promise<SetAsideItem[]> {
    const { root, targets } = await this.#place(accountId)
    const copy = await root.setAsideCopy(id)
    if (action === 'discard') await root.discard(copy)
    else await restoreSetAside(copy, targets)
    this.#opts.log.info('set-aside file handled', { kind: copy.kind, action })
    return this.list()
  }

  async #place(accountId: string | null): Promise<{ root: FileRoot; targets: RestoreTargets }> {
    if (accountId === null) return { root: this.#opts.appFiles, targets: { audiences: this.#opts.audiences, styles: this.#opts.styles } }
    const workspace = this.#opts.workspaces.get(accountId)
    if (!workspace || workspace.mode === 'closed') throw new AppError('not-found', userText('storyErrors.setAside.gone'))
    const outbox = workspace.part(this.#opts.outbox)
    await outbox.ready
    const drafts = workspace.part(DRAFTS_PART)
    return {
      root: workspace.files,
      targets: { history: outbox.history, outbox: outbox.outbox, drafts: drafts.composer, savedDrafts: drafts.saved },
    }
  }
}
