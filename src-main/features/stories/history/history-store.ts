import type { HistoryEntry } from '@shared/story/records'
import type { JsonStore } from '../../../account/files/json-store'
import type { AccountDocument } from '../../../account/files/shared-documents'
import type { HistoryFile } from '../../../account/files/formats/story-files'

/** Stories kept in the list; the oldest go first past this. */
export const HISTORY_LIMIT = 500

/**
 * Every story published from this account (`history.json`, declared in account-files.ts; on an
 * agent sharing a PostgreSQL server, the account's row of that name, which every agent reads),
 * newest first. Adding is idempotent by id, so recording the same publication twice (a crash
 * between "sent" and the outbox clean-up) still lists it once.
 */
export class HistoryStore {
  readonly #file: AccountDocument<HistoryFile>
  readonly #limit: number

  constructor(file: AccountDocument<HistoryFile>, options: { limit?: number } = {}) {
    this.#file = file
    this.#limit = options.limit ?? HISTORY_LIMIT
  }

  async list(): Promise<HistoryEntry[]> {
    return ((await this.#file.read())?.entries ?? []).slice()
  }

  /** Records a publication; false when it was already there. */
  async add(entry: HistoryEntry): Promise<boolean> {
    let added = false
    await this.#change((entries) => {
      if (entries.some((e) => e.id === entry.id)) return null
      added = true
      return [entry, ...entries].slice(0, this.#limit)
    })
    return added
  }

  /**
   * Takes the server's word on the status of published stories (by message id): a media
   * story recorded `pending` becomes what the server lists. True when anything changed.
   */
  async settle(statuses: ReadonlyMap<string, string>): Promise<boolean> {
    let changed = false
    await this.#change((entries) => {
      const next = entries.map((entry) => {
        const status = entry.messageId ? statuses.get(entry.messageId) : undefined
        if (status === undefined || status === entry.messageStatus) return entry
        changed = true
        return { ...entry, messageStatus: status }
      })
      return changed ? next : null
    })
    return changed
  }

  /** Adds entries recovered from a set-aside file; returns how many were new. */
  async merge(entries: readonly HistoryEntry[]): Promise<number> {
    let added = 0
    await this.#change((current) => {
      const known = new Set(current.map((entry) => entry.id))
      const fresh = entries.filter((entry) => !known.has(entry.id))
      added = fresh.length
      if (fresh.length === 0) return null
      return [...current, ...fresh].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, this.#limit)
    })
    return added
  }

  /** One change at a time; `null` from the change means nothing to write. */
  async #change(change: (entries: readonly HistoryEntry[]) => HistoryEntry[] | null): Promise<void> {
    await this.#file.update((current) => {
      const next = change(current?.entries ?? [])
      return next === null ? undefined : { version: 1, entries: next }
    })
  }
}

/**
 * Moves the history an engine kept in the account's folder into a shared history (an agent that
 * ran on its PostgreSQL server before the history was shared there): merged by id, then the file
 * removed, so a move cut short and done again adds nothing twice. Answers how many were new.
 */
export async function adoptHistoryFile(file: JsonStore<HistoryFile>, into: HistoryStore): Promise<number> {
  const local = await file.read()
  if (local === null) return 0
  const added = local.entries.length > 0 ? await into.merge(local.entries) : 0
  await file.remove()
  return added
}
