import type { OutboxState } from '@shared/story/records'
import type { OutboxItem } from '../outbox-item'
import { OutboxFiles } from './outbox-files'
import {
  claimLive,
  LIVE_STATES,
  sendOrder,
  StoreConflict,
  type ClaimRequest,
  type InsertOptions,
  type ItemChange,
  type OutboxStore,
} from './outbox-store'

export interface FilesStoreOptions {
  /** The account's folder, `<data dir>/accounts/<id>/`. */
  dirOf(accountId: string): string
  /** This engine run's name in claims. */
  owner: string
  /** The clock the open-time settling reads (tests move it). */
  now?: () => number
}

/**
 * The outbox on disk, for the desktop: one folder per item in each account's folder
 * (outbox-files.ts). One process holds a data folder (its lock, platform/files/folder-lock.ts), so
 * this store is the only writer: a claim is checked and set in one synchronous step on the items
 * it holds, then written down with the item, and a claim written by another run is a claim of a
 * process that is gone, so it counts as expired.
 */
export class FilesOutboxStore implements OutboxStore {
  readonly kind = 'files'
  readonly owner: string
  readonly #opts: FilesStoreOptions
  readonly #accounts = new Map<string, { files: OutboxFiles; items: Map<string, OutboxItem> }>()

  constructor(options: FilesStoreOptions) {
    this.#opts = options
    this.owner = options.owner
  }

  async open(accountId: string): Promise<{ items: OutboxItem[]; setAside: string[] }> {
    const files = new OutboxFiles(this.#opts.dirOf(accountId))
    const { items, setAside } = await files.loadAll(new Date(this.#opts.now?.() ?? Date.now()))
    this.#accounts.set(accountId, { files, items: new Map(items.map((item) => [item.id, item])) })
    return { items: [...items], setAside }
  }

  async list(accountId: string): Promise<OutboxItem[]> {
    return [...this.#account(accountId).items.values()].sort(byCreation)
  }

  async get(accountId: string, id: string): Promise<OutboxItem | null> {
    return this.#account(accountId).items.get(id) ?? null
  }

  async findByRequest(accountId: string, requestId: string): Promise<OutboxItem | null> {
    for (const item of this.#account(accountId).items.values()) if (item.requestId === requestId) return item
    return null
  }

  async insert(accountId: string, item: OutboxItem, options: InsertOptions): Promise<OutboxItem> {
    const { files, items } = this.#account(accountId)
    const taken = [...items.values()].find((other) => other.requestId === item.requestId)
    if (taken) throw new StoreConflict('request-taken', taken)
    if (items.has(item.id)) throw new StoreConflict('changed', items.get(item.id)!)
    if (options.uniqueDue && this.#slotTaken(items, item)) throw new StoreConflict('slot-taken', null)
    const stored: OutboxItem = { ...item, rev: 1, claim: options.claim ? claimOf(options.claim) : null }
    // Held before the first await: a second insert of the same request, or a claim, sees it at once.
    items.set(item.id, stored)
    try {
      await files.prepare(item.id, options.mediaSource)
      await files.write(stored)
    } catch (error) {
      if (items.get(item.id) === stored) items.delete(item.id)
      await files.remove(item.id).catch(() => {})
      throw error
    }
    return stored
  }

  async claim(
    accountId: string,
    id: string,
    request: ClaimRequest & { states: readonly OutboxState[]; rev?: number },
  ): Promise<OutboxItem | null> {
    const { items } = this.#account(accountId)
    const current = items.get(id)
    if (!current || !request.states.includes(current.state)) return null
    if (request.rev !== undefined && current.rev !== request.rev) return null
    if (this.#live(current, request.now)) return null
    if (request.purpose === 'send' && this.#sending(items, request.now)) return null
    return this.#take(accountId, current, request)
  }

  async claimNext(accountId: string, request: ClaimRequest): Promise<OutboxItem | null> {
    const { items } = this.#account(accountId)
    if (this.#sending(items, request.now)) return null
    const next = [...items.values()].filter((item) => item.state === 'queued' && !this.#live(item, request.now)).sort(sendOrder)[0]
    return next ? this.#take(accountId, next, request) : null
  }

  async renew(accountId: string, id: string, request: ClaimRequest): Promise<boolean> {
    const { files, items } = this.#account(accountId)
    const current = items.get(id)
    if (!current?.claim || current.claim.owner !== request.owner || !this.#live(current, request.now)) return false
    const renewed: OutboxItem = { ...current, claim: claimOf(request) }
    items.set(id, renewed)
    // The renewal is only worth its write while this run lives: a failed write changes nothing that matters.
    await files.write(renewed).catch(() => {})
    return true
  }

  async update(accountId: string, change: ItemChange): Promise<OutboxItem> {
    const { files, items } = this.#account(accountId)
    const current = items.get(change.item.id)
    if (!current) throw new StoreConflict('gone', null)
    if (current.rev !== change.rev) throw new StoreConflict('changed', current)
    const held = this.#live(current, change.now)
    if (held && current.claim!.owner !== change.owner) throw new StoreConflict('held', current)
    if (change.uniqueDue && this.#slotTaken(items, change.item)) throw new StoreConflict('slot-taken', current)
    const next: OutboxItem = { ...change.item, rev: current.rev + 1, claim: held && !change.release ? current.claim : null }
    items.set(next.id, next)
    try {
      await files.write(next)
    } catch (error) {
      if (items.get(next.id) === next) items.set(next.id, current)
      throw error
    }
    return next
  }

  async remove(accountId: string, id: string, check: { rev?: number; owner: string; now: number }): Promise<void> {
    const { files, items } = this.#account(accountId)
    const current = items.get(id)
    if (!current) return
    if (check.rev !== undefined && current.rev !== check.rev) throw new StoreConflict('changed', current)
    if (this.#live(current, check.now) && current.claim!.owner !== check.owner) throw new StoreConflict('held', current)
    items.delete(id)
    await files.remove(id)
  }

  async expired(accountId: string, now: number): Promise<OutboxItem[]> {
    return [...this.#account(accountId).items.values()].filter((item) =>
      item.claim !== null ? !this.#live(item, now) : item.state === 'sending',
    )
  }

  async mediaPath(accountId: string, id: string): Promise<string> {
    return this.#account(accountId).files.mediaPath(id)
  }

  /** No other process writes this data folder: nothing comes due that this one does not know of. */
  async onDue(): Promise<() => Promise<void>> {
    return async () => {}
  }

  async close(): Promise<void> {
    this.#accounts.clear()
  }

  #account(accountId: string): { files: OutboxFiles; items: Map<string, OutboxItem> } {
    const account = this.#accounts.get(accountId)
    if (!account) throw new Error(`outbox store: account ${accountId} not opened`)
    return account
  }

  /** A claim holds when this run wrote it and it has not expired: any other run's is a dead process's. */
  #live(item: OutboxItem, now: number): boolean {
    return item.claim?.owner === this.owner && claimLive(item, now)
  }

  #sending(items: ReadonlyMap<string, OutboxItem>, now: number): boolean {
    for (const item of items.values()) if (item.claim?.purpose === 'send' && this.#live(item, now)) return true
    return false
  }

  #slotTaken(items: ReadonlyMap<string, OutboxItem>, item: OutboxItem): boolean {
    if (item.dueAt === null) return false
    const at = Date.parse(item.dueAt)
    for (const other of items.values())
      if (other.id !== item.id && other.dueAt !== null && LIVE_STATES.includes(other.state) && Date.parse(other.dueAt) === at) return true
    return false
  }

  /** Sets the claim at once (nothing else can take it meanwhile), then writes it down with the item. */
  async #take(accountId: string, current: OutboxItem, request: ClaimRequest): Promise<OutboxItem> {
    const { files, items } = this.#account(accountId)
    const claimed: OutboxItem = { ...current, claim: claimOf(request) }
    items.set(current.id, claimed)
    try {
      await files.write(claimed)
    } catch (error) {
      if (items.get(current.id) === claimed) items.set(current.id, current)
      throw error
    }
    return claimed
  }
}

function claimOf(request: ClaimRequest): NonNullable<OutboxItem['claim']> {
  return { owner: request.owner, expiresAt: new Date(request.now + request.leaseMs).toISOString(), purpose: request.purpose }
}

function byCreation(a: OutboxItem, b: OutboxItem): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)
}
