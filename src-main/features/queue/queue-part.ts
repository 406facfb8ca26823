import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { QueueSettings } from '@shared/channels/queue'
import { ACCOUNT_FILES } from '../../account/files/account-files'
import type { JsonStore } from '../../account/files/json-store'
import type { QueueFile } from '../../account/files/formats/queue-file'
import { definePart, type AccountWorkspace, type WorkspacePart } from '../../account/workspace/account-workspace'

/**
 * One account's posting queue: its weekly slots in `queue.json`. That a slot is taken once is
 * the outbox store's to say (a story planned in a slot is written with `uniqueDue`).
 */
export class AccountQueue implements WorkspacePart {
  readonly #store: JsonStore<QueueFile>

  constructor(workspace: AccountWorkspace) {
    this.#store = workspace.files.json(ACCOUNT_FILES.queue)
  }

  /** The saved settings, or null when the account has none yet (or they were set aside as unreadable). */
  async read(): Promise<QueueSettings | null> {
    const file = await this.#store.read()
    return file ? { timeZone: file.timeZone, slots: file.slots } : null
  }

  async write(settings: QueueSettings): Promise<void> {
    try {
      await this.#store.write({ version: 1, timeZone: settings.timeZone, slots: settings.slots })
    } catch (error) {
      throw new AppError('storage', userText('queueErrors.notSaved'), undefined, { cause: error })
    }
  }

  async dispose(): Promise<void> {}
}

export const QUEUE_PART = definePart('queue', 'open', (workspace) => new AccountQueue(workspace))
