import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { randomBytes } from 'node:crypto'
import type { Logger } from '../../platform/log/log'
import { copyAside } from '../../platform/store/copy-aside'
import type { KeyValueStore } from '../../platform/store/key-value-store'
import type { RecoveryLog } from '../../platform/store/recovery-log'
import {
  ACCOUNTS_FILE_VERSION,
  KEYS,
  readAccountsFile,
  type AccountsFile,
  type RetainedAccount,
  type StoredAccount,
} from './account-records'

/**
 * The accounts the app knows as `accounts.json` keeps them: the list, the active one, and the
 * folders kept after a sign-out. A change is applied and saved in one step; on a failed save
 * the list is as it was.
 */
export class AccountList {
  accounts: StoredAccount[]
  activeId: string | null
  retained: RetainedAccount[]
  readonly #store: KeyValueStore
  readonly #log: Logger
  /** Told after every change, so what is derived from the list (orphan folders) is read again. */
  readonly #onChange: () => void

  constructor(options: { store: KeyValueStore; log: Logger; now: () => Date; recoveries?: RecoveryLog; onChange: () => void }) {
    this.#store = options.store
    this.#log = options.log
    this.#onChange = options.onChange
    const file = readAccountsFile(options.store.entries())
    if (file.dropped > 0 || file.newer) this.#keepCopy(file, options.now(), options.recoveries)
    this.accounts = file.accounts
    this.activeId = file.activeId
    this.retained = file.retained
  }

  find(id: string | null): StoredAccount | undefined {
    return id === null ? undefined : this.accounts.find((account) => account.id === id)
  }

  /** A fresh folder id, taken by nothing listed, retained, or on disk. */
  newId(taken: Iterable<string>): string {
    const used = new Set([...this.accounts.map((item) => item.id), ...this.retained.map((item) => item.id), ...taken])
    for (;;) {
      const id = randomBytes(6).toString('hex')
      if (!used.has(id)) return id
    }
  }

  /** Applies a change to the list and saves it; on a failed save the list is as it was. */
  commit(change: () => void): void {
    const before = { accounts: this.accounts, activeId: this.activeId, retained: this.retained }
    change()
    this.#onChange()
    try {
      this.#persist()
    } catch (error) {
      this.accounts = before.accounts
      this.activeId = before.activeId
      this.retained = before.retained
      throw error
    }
  }

  /** Replaces one account's entry and saves quietly: what changed (the demo's address, a resealed token) is written again next time. */
  replaceQuietly(account: StoredAccount): void {
    this.accounts = this.accounts.map((item) => (item.id === account.id ? account : item))
    try {
      this.#persist()
    } catch {
      // Written again with the next change.
    }
  }

  #persist(): void {
    try {
      this.#store.set(KEYS.accounts, this.accounts)
      this.#store.set(KEYS.activeId, this.activeId)
      this.#store.set(KEYS.retained, this.retained)
      this.#store.set(KEYS.version, ACCOUNTS_FILE_VERSION)
    } catch (error) {
      this.#log.error('accounts not saved', { error: error instanceof Error ? error.name : 'unknown' })
      throw new AppError('storage', userText('accountErrors.list.notSaved'))
    }
  }

  /**
   * The next save writes only the entries this version could read, so the file as it was
   * (a left-out account still holds its sealed token) is copied aside first.
   */
  #keepCopy(file: AccountsFile, at: Date, recoveries: RecoveryLog | undefined): void {
    const reason = file.newer
      ? userText('notices.recoveryReasons.accountsNewer')
      : userText('notices.recoveryReasons.accountsDropped', { count: file.dropped })
    const path = this.#store.path
    if (path === null) return this.#log.warn('accounts file entries left out', { dropped: file.dropped, newer: file.newer })
    try {
      const movedTo = copyAside(path, file.newer ? 'newer' : 'unreadable', at)
      this.#log.warn('accounts file copied aside', { movedTo, dropped: file.dropped, newer: file.newer })
      recoveries?.add({ file: 'accounts', movedTo, at: at.toISOString(), reason })
    } catch (error) {
      this.#log.error('accounts file could not be copied aside', { error: error instanceof Error ? error.name : 'unknown' })
    }
  }
}
