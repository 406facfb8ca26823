import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { QueueSettings } from '@shared/channels/queue'
import { ACCOUNT_FILES } from '../../account/files/account-files'
import type { JsonStore } from '../../account/files/json-store'
import type { QueueFile } from '../../account/files/formats/queue-file'
import { definePart, type AccountWorkspace, type WorkspacePart } from '../../account/workspace/account-workspace'

/**
 * One account's posting queue: its weekly slots in `queue.json`, and the one turn in which a slot
 * is chosen and the story planned in it, so two presses of "Add to queue" (or a press and a move)
 * never pick the same free slot.
 */
export class AccountQueue implements WorkspacePart {
  readonly #store: JsonStore<QueueFile>
  #turn: Promise<unknown> = Promise.resolve()

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

  /** Runs `task` after every earlier one of this account's queue: choosing a slot and writing the story in it is one step. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(task, task)
    this.#turn = run.catch(() => undefined)
    return run
  }

  /** A plan on its way finishes: its story is written, or it is not. */
  async dispose(): Promise<void> {
    await this.#turn
  }
}

export const QUEUE_PART = definePart('queue', 'open', (workspace) => new AccountQueue(workspace))
