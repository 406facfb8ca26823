import type { Logger } from '../../platform/log/log'
import type { StoredAccount } from './account-records'
import { changeOfRow, isShareable, type SharedAccountChange, type SharedAccountRegistry, type SharedAccountRow } from './shared-registry'

/** Rows read per query, and queries per look: a look reads a bounded number of rows, the rest wait for the next. */
export const SHARED_PAGE_ROWS = 500
const PAGES_PER_LOOK = 4
/** At start the whole list is read, up to this many rows. */
const PAGES_AT_START = 40
export const SHARED_POLL_MS = 5_000

/** Where the shared list's changes are applied: the accounts service. */
export interface SharedAccountsTarget {
  /** This engine's entries, those it shares among them. */
  storedAccounts(): readonly StoredAccount[]
  /** Applies a change another engine made; `accept`, asked in turn with the list's other changes, may still refuse it. */
  applyShared(change: SharedAccountChange, accept: () => boolean): Promise<void>
}

export interface SharedAccountsOptions {
  registry: SharedAccountRegistry
  target: SharedAccountsTarget
  log: Logger
  pollMs?: number
}

const idOf = (change: SharedAccountChange) => (change.kind === 'put' ? change.account.id : change.id)
const errorName = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Keeps this engine's accounts and the shared list the same: what changes here is written there,
 * what another engine wrote is applied here (its workspace opened or closed). Each account's
 * last change number wins on every engine; a change made here and not yet written holds back what
 * the list says of that account until it is.
 */
export class SharedAccounts {
  readonly #opts: SharedAccountsOptions
  /** The change number each account is at here. */
  readonly #known = new Map<string, number>()
  /** Changes made here on their way to the list, by account. */
  readonly #pending = new Map<string, number>()
  /** Changes the list could not take: written again at the next look. */
  readonly #unwritten = new Map<string, SharedAccountChange>()
  /** Accounts whose row was passed over while a change of ours was pending: read again once it is written. */
  readonly #passed = new Set<string>()
  #cursor = 0
  #writes: Promise<unknown> = Promise.resolve()
  #timer: ReturnType<typeof setTimeout> | null = null
  #look: Promise<void> | null = null
  #stopped = false

  constructor(options: SharedAccountsOptions) {
    this.#opts = options
  }

  /** Reads the whole list and applies it; this engine's accounts the list never had are written there. Never throws. */
  async catchUp(): Promise<void> {
    try {
      const { rows, complete } = await this.#read(PAGES_AT_START)
      const seen = new Set<string>()
      for (const row of rows) if (await this.#consider(row)) seen.add(row.id)
      // Only a list read to its end tells which accounts it lacks.
      if (complete)
        for (const account of this.#opts.target.storedAccounts())
          if (!seen.has(account.id) && isShareable(account)) this.localChange({ kind: 'put', account })
      await this.#writes
    } catch (error) {
      this.#opts.log.warn('shared accounts not read', { error: errorName(error) })
    }
  }

  /** Looks at the list every few seconds from now on. */
  start(): void {
    this.#stopped = false
    this.#schedule()
  }

  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.#look
    await this.#writes
  }

  /** A change made here (told by the accounts service as it commits): written to the list, in order. */
  localChange(change: SharedAccountChange): void {
    const id = idOf(change)
    if (change.kind === 'put' && !isShareable(change.account)) return
    // A removal is written only for an account the list has, or is about to have.
    if (change.kind === 'remove' && !this.#known.has(id) && !this.#pending.has(id) && !this.#unwritten.has(id)) return
    this.#unwritten.delete(id)
    this.#pending.set(id, (this.#pending.get(id) ?? 0) + 1)
    this.#writes = this.#writes.then(() => this.#write(change)).catch(() => undefined)
  }

  /** One look: changes not written yet, then the rows changed since the last look. Never throws. */
  async lookNow(): Promise<void> {
    this.#look ??= this.#lookOnce().finally(() => (this.#look = null))
    await this.#look
  }

  async #lookOnce(): Promise<void> {
    try {
      for (const change of [...this.#unwritten.values()]) this.localChange(change)
      await this.#writes
      for (const row of (await this.#read(PAGES_PER_LOOK)).rows) await this.#consider(row)
      for (const id of [...this.#passed]) {
        if (this.#pending.has(id)) continue
        this.#passed.delete(id)
        const row = await this.#opts.registry.rowOf(id)
        if (row) await this.#consider(row)
      }
    } catch (error) {
      this.#opts.log.warn('shared accounts not read', { error: errorName(error) })
    }
  }

  #schedule(): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      void this.lookNow().then(() => this.#schedule())
    }, this.#opts.pollMs ?? SHARED_POLL_MS)
    this.#timer.unref?.()
  }

  /** Up to `pages` pages of rows past the cursor; the cursor moves past them. */
  async #read(pages: number): Promise<{ rows: SharedAccountRow[]; complete: boolean }> {
    const rows: SharedAccountRow[] = []
    for (let page = 0; page < pages; page++) {
      const batch = await this.#opts.registry.changesAfter(this.#cursor, SHARED_PAGE_ROWS)
      for (const row of batch) if (row.change > this.#cursor) this.#cursor = row.change
      rows.push(...batch)
      if (batch.length < SHARED_PAGE_ROWS) return { rows, complete: true }
    }
    return { rows, complete: false }
  }

  /** Applies one row unless this engine is at a later change of that account; false when the row is refused. */
  async #consider(row: SharedAccountRow): Promise<boolean> {
    const read = changeOfRow(row)
    if ('refused' in read) {
      this.#opts.log.warn('shared account row skipped', { change: row.change, reason: read.refused })
      return false
    }
    const id = idOf(read.change)
    const accept = () => {
      if (this.#pending.has(id)) {
        this.#passed.add(id)
        return false
      }
      if (row.change <= (this.#known.get(id) ?? 0)) return false
      this.#known.set(id, row.change)
      return true
    }
    try {
      await this.#opts.target.applyShared(read.change, accept)
    } catch (error) {
      this.#opts.log.warn('shared account not applied', { id, error: errorName(error) })
    }
    return true
  }

  async #write(change: SharedAccountChange): Promise<void> {
    const id = idOf(change)
    try {
      const { registry } = this.#opts
      const number = change.kind === 'put' ? await registry.put(change.account) : await registry.remove(id, change.removeData)
      if (number > (this.#known.get(id) ?? 0)) this.#known.set(id, number)
      this.#unwritten.delete(id)
    } catch (error) {
      this.#unwritten.set(id, change)
      this.#opts.log.warn('shared account not written', { id, error: errorName(error) })
    } finally {
      const left = (this.#pending.get(id) ?? 1) - 1
      if (left > 0) this.#pending.set(id, left)
      else this.#pending.delete(id)
    }
  }
}
