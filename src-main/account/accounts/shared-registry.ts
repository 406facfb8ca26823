import type { KeyValueStore } from '../../platform/store/key-value-store'
import { AccountIdSchema } from '../files/formats/account-identity'
import { KEYS, StoredAccountSchema, type StoredAccount } from './account-records'

/** A change to the shared list: an account added or its entry replaced, or an account removed. */
export type SharedAccountChange = { kind: 'put'; account: StoredAccount } | { kind: 'remove'; id: string; removeData: boolean }

/**
 * One row of the shared list as the registry read it, not trusted: every engine on the database
 * writes there, and so may anyone else who can.
 */
export interface SharedAccountRow {
  id: string
  /** The registry's order: every write takes the next number, in the order writes commit. */
  change: number
  /** The entry as written (undefined when too large to be read); null once the account was removed. */
  entry: unknown
  removeData: boolean
}

/**
 * The accounts several engines share (the agents on one PostgreSQL server): each entry as the
 * accounts file keeps it, its provider token sealed with the operator's key, never in clear.
 */
export interface SharedAccountRegistry {
  /** The rows changed after `after`, in change order, at most `limit`. */
  changesAfter(after: number, limit: number): Promise<SharedAccountRow[]>
  /** One account's row, or null. */
  rowOf(id: string): Promise<SharedAccountRow | null>
  /** Writes the entry; answers its change number. */
  put(account: StoredAccount): Promise<number>
  /** Marks the account removed; answers the change number. */
  remove(id: string, removeData: boolean): Promise<number>
  /**
   * In one step: the first live row of the entry's server and token (its fingerprint) that
   * `usable` accepts, or else the entry written as its own row. Two engines connecting one pair
   * at once thus make one account.
   */
  claim(account: StoredAccount, usable: (row: SharedAccountRow) => boolean): Promise<SharedAccountRow>
  /** Deletes at most `limit` removed accounts' rows older than `olderThanMs`; answers how many. Raises `prunedThrough` past them. */
  pruneRemoved(olderThanMs: number, limit: number): Promise<number>
  /** The highest change number of a removed account's row ever pruned (0 when none). */
  prunedThrough(): Promise<number>
}

/** How far this engine had read and applied the list, kept across restarts. */
export interface SharedCursor {
  read(): number
  /** Best effort: a cursor not kept reads lower, which only makes the next start more careful. */
  keep(change: number): void
}

/** The cursor kept in the accounts file, beside the entries it speaks of. */
export function storedCursor(store: KeyValueStore): SharedCursor {
  return {
    read: () => {
      const value = store.get(KEYS.sharedThrough)
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0
    },
    keep: (change) => {
      try {
        store.set(KEYS.sharedThrough, change)
      } catch {
        // Read lower at the next start: it is then careful with entries the list lacks.
      }
    },
  }
}

/**
 * Only an account whose token is sealed by the box, with the fingerprint of its server and token,
 * is shared: a demo's, a followed one's or a token kept in memory or in the weak form (readable by
 * anyone who reads the row) never is.
 */
export function isShareable(account: StoredAccount): boolean {
  return (
    account.encryption === 'keyring' &&
    account.sealed !== undefined &&
    account.fingerprint !== undefined &&
    !account.isDemo &&
    account.followed !== true
  )
}

/** The row as a change, or why it is refused: a bad id, an entry that does not read, or one not shareable. */
export function changeOfRow(row: SharedAccountRow): { change: SharedAccountChange } | { refused: string } {
  if (!AccountIdSchema.safeParse(row.id).success) return { refused: 'bad-id' }
  if (row.entry === null) return { change: { kind: 'remove', id: row.id, removeData: row.removeData === true } }
  const parsed = StoredAccountSchema.safeParse(row.entry)
  if (!parsed.success) return { refused: 'bad-entry' }
  if (parsed.data.id !== row.id) return { refused: 'other-id' }
  if (!isShareable(parsed.data)) return { refused: 'not-shareable' }
  return { change: { kind: 'put', account: parsed.data } }
}
