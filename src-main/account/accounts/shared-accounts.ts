import type { Logger } from '../../platform/log/log'
import type { StoredAccount } from './account-records'
import {
  changeOfRow,
  isShareable,
  type SharedAccountChange,
  type SharedAccountRegistry,
  type SharedAccountRow,
  type SharedCursor,
} from './shared-registry'

/** Rows read per query, and queries per look: a look reads a bounded number of rows, the rest wait for the next. */
export const SHARED_PAGE_ROWS = 500
const PAGES_PER_LOOK = 4
/** At start the whole list is read, up to this many rows. */
const PAGES_AT_START = 40
export const SHARED_POLL_MS = 5_000
/** A removed account's row is kept this long, then pruned (why a late agent stays safe: `#reconcile`). */
export const PRUNE_REMOVED_AFTER_MS = 30 * 24 * 60 * 60 * 1000
/** Removed rows pruned at most this often, at most a batch at a time, by each engine. */
const PRUNE_EVERY_MS = 60 * 60 * 1000
const PRUNE_BATCH = 500

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
  /** How far this engine had read the list before it stopped (the accounts file keeps it); in memory when not given. */
  cursor?: SharedCursor
  now?: () => number
}

function memoryCursor(): SharedCursor {
  let through = 0
  return { read: () => through, keep: (change) => (through = change) }
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
  /** Below the first row whose change failed here: the kept cursor never passes it, so that row is read again at the next start. */
  #failedBelow = Infinity
  /** Set while a late engine could not read the whole list: its cursor is not kept, so the next start is as careful. */
  #holdCursor = false
  #lastPrune = -Infinity
  readonly #kept: SharedCursor
  #keptThrough: number
  #writes: Promise<unknown> = Promise.resolve()
  #timer: ReturnType<typeof setTimeout> | null = null
  #look: Promise<void> | null = null
  #stopped = false

  constructor(options: SharedAccountsOptions) {
    this.#opts = options
    this.#kept = options.cursor ?? memoryCursor()
    this.#keptThrough = this.#kept.read()
  }

  /** Reads the whole list and applies it; this engine's accounts the list lacks are written there, or dropped here (`#reconcile`). Never throws. */
  async catchUp(): Promise<void> {
    try {
      await this.#reconcile(this.#keptThrough)
    } catch (error) {
      this.#opts.log.warn('shared accounts not read', { error: errorName(error) })
    }
  }

  /**
   * The account the list already has for this entry's server and token (another engine
   * connected it, perhaps a moment ago), or null when the entry is now that account's row, or
   * the list could not be asked (the entry is written when it can be). `usable` says which ids
   * may stand for it here.
   */
  async claim(account: StoredAccount, usable: (id: string) => boolean): Promise<StoredAccount | null> {
    if (!isShareable(account)) return null
    const sameAccount = (row: SharedAccountRow) => {
      const read = changeOfRow(row)
      return 'change' in read && read.change.kind === 'put' && read.change.account.fingerprint === account.fingerprint
    }
    try {
      const row = await this.#opts.registry.claim(account, (row) => sameAccount(row) && usable(row.id))
      const read = changeOfRow(row)
      return row.id !== account.id && 'change' in read && read.change.kind === 'put' ? read.change.account : null
    } catch (error) {
      this.#opts.log.warn('shared account not claimed', { id: account.id, error: errorName(error) })
      return null
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
      // How far this engine had surely applied the list: what it read this run, or kept before (a failed start reads from 0 again).
      const before = Math.max(this.#cursor, this.#keptThrough)
      for (const row of (await this.#read(PAGES_PER_LOOK)).rows) await this.#consider(row)
      for (const id of [...this.#passed]) {
        if (this.#pending.has(id)) continue
        this.#passed.delete(id)
        const row = await this.#opts.registry.rowOf(id)
        if (row) await this.#consider(row)
      }
      // Rows this engine had not read were pruned meanwhile (it was cut off for weeks): read the whole list again, carefully.
      if ((await this.#opts.registry.prunedThrough()) > before) await this.#reconcile(before)
      else this.#keepCursor()
      await this.#pruneWhenDue()
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

  /**
   * Reads the whole list and applies it, then settles this engine's accounts the list lacks.
   *
   * A removed account's row is pruned once a month old, and the prune raises a mark past it in
   * the same transaction. An engine that had read the list through `readThrough` and finds the
   * mark no higher missed no removal: every pruned row was read and applied here before it went
   * (a change that failed here holds the kept cursor below it). So an entry the list lacks was
   * never shared (added here while the database was away) and is written there. An engine below
   * the mark (stopped or cut off longer than a month) cannot tell such an entry from one removed
   * elsewhere whose row is gone: it drops it here, its folder kept (a connect with the same
   * token takes it back), and never writes it back, so no stale entry brings an account back.
   * The mark is read after the rows: a prune that took a row before it was read has raised it.
   */
  async #reconcile(readThrough: number): Promise<void> {
    this.#cursor = 0
    const { rows, complete } = await this.#read(PAGES_AT_START)
    const present = new Set<string>()
    const applied = new Set<string>()
    for (const row of rows) {
      present.add(row.id)
      if (await this.#consider(row)) applied.add(row.id)
    }
    const late = (await this.#opts.registry.prunedThrough()) > readThrough
    // Only a list read to its end tells which accounts it lacks.
    this.#holdCursor = late && !complete
    if (complete)
      for (const account of this.#opts.target.storedAccounts()) {
        const id = account.id
        if (!isShareable(account) || this.#pending.has(id) || this.#unwritten.has(id)) continue
        if (late && !present.has(id)) await this.#dropMissed(id)
        else if (!late && !applied.has(id)) this.localChange({ kind: 'put', account })
      }
    await this.#writes
    this.#keepCursor()
  }

  async #dropMissed(id: string): Promise<void> {
    this.#opts.log.warn('shared account dropped', { id, reason: 'removed-while-away' })
    try {
      await this.#opts.target.applyShared({ kind: 'remove', id, removeData: false }, () => !this.#pending.has(id))
    } catch (error) {
      this.#opts.log.warn('shared account not applied', { id, error: errorName(error) })
    }
  }

  #keepCursor(): void {
    const through = Math.min(this.#cursor, this.#failedBelow)
    if (this.#holdCursor || through <= this.#keptThrough) return
    this.#keptThrough = through
    this.#kept.keep(through)
  }

  /** At the first look, then hourly: one bounded batch of removed accounts' rows older than a month. */
  async #pruneWhenDue(): Promise<void> {
    const now = (this.#opts.now ?? Date.now)()
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return
    this.#lastPrune = now
    const pruned = await this.#opts.registry.pruneRemoved(PRUNE_REMOVED_AFTER_MS, PRUNE_BATCH)
    if (pruned > 0) this.#opts.log.info('removed shared accounts pruned', { rows: pruned })
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
      this.#failedBelow = Math.min(this.#failedBelow, row.change - 1)
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
