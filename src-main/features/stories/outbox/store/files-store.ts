import type { OutboxState } from '@shared/story/records'
import type { OutboxItem } from '../../../../account/files/formats/outbox-item'
import { OutboxFiles } from './outbox-files'
import {
  claimLive,
  HANDOVER_OWNER_PREFIX,
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
  readonly #accounts = new Map<string, Promise<Account>>()

  constructor(options: FilesStoreOptions) {
    this.#opts = options
    this.owner = options.owner
  }

  async open(accountId: string): Promise<{ items: OutboxItem[]; setAside: string[] }> {
    const loading = this.#load(accountId)
    this.#remember(
      accountId,
      loading.then(({ account }) => account),
    )
    const { account, setAside } = await loading
    return { items: [...account.items.values()].sort(byCreation), setAside }
  }

  async #load(accountId: string): Promise<{ account: Account; setAside: string[] }> {
    const files = new OutboxFiles(this.#opts.dirOf(accountId))
    const { items, setAside } = await files.loadAll(new Date(this.#now()))
    // A claim another run wrote is a claim of a process that is gone (this one holds the folder): it
    // lapsed. A hand-over's hold is not a process's: it ends only with its hand-over.
    const lapsed = items.map((item) =>
      item.claim && item.claim.owner !== this.owner && !item.claim.owner.startsWith(HANDOVER_OWNER_PREFIX)
        ? { ...item, claim: { ...item.claim, expiresAt: new Date(0).toISOString() } }
        : item,
    )
    return { account: { files, items: new Map(lapsed.map((item) => [item.id, item])), pending: new Map(), writing: new Map() }, setAside }
  }

  async list(accountId: string): Promise<OutboxItem[]> {
    return [...(await this.#account(accountId)).items.values()].sort(byCreation)
  }

  async get(accountId: string, id: string): Promise<OutboxItem | null> {
    return (await this.#account(accountId)).items.get(id) ?? null
  }

  async findByRequest(accountId: string, requestId: string): Promise<OutboxItem | null> {
    for (const item of (await this.#account(accountId)).items.values()) if (item.requestId === requestId) return item
    return null
  }

  async insert(accountId: string, item: OutboxItem, options: InsertOptions): Promise<OutboxItem> {
    const account = await this.#account(accountId)
    const { files, items, pending } = account
    // An item being written counts for the request id, the slot and the account's turn, but nothing claims or lists it yet.
    const everyone = [...items.values(), ...pending.values()]
    const taken = everyone.find((other) => other.requestId === item.requestId)
    if (taken) throw new StoreConflict('request-taken', taken)
    if (items.has(item.id) || pending.has(item.id)) throw new StoreConflict('changed', items.get(item.id) ?? null)
    const slot = options.uniqueDue ? slotHolder(everyone, item) : null
    if (slot) throw new StoreConflict('slot-taken', slot)
    const sending = options.claim?.purpose === 'send' ? sendingOf(everyone, options.claim.now) : null
    if (sending) throw new StoreConflict('held', sending)
    const stored: OutboxItem = { ...item, rev: 1, claim: options.claim ? claimOf(options.claim) : null }
    pending.set(item.id, stored)
    try {
      await files.prepare(item.id, options.mediaSource)
      await this.#write(account, stored)
    } catch (error) {
      pending.delete(item.id)
      await files.remove(item.id).catch(() => {})
      throw error
    }
    // Written whole, media and all: from now on it can be claimed, listed and sent.
    pending.delete(item.id)
    items.set(item.id, stored)
    return stored
  }

  async claim(
    accountId: string,
    id: string,
    request: ClaimRequest & { states: readonly OutboxState[]; rev?: number },
  ): Promise<OutboxItem | null> {
    const account = await this.#account(accountId)
    const current = account.items.get(id)
    if (!current || !request.states.includes(current.state)) return null
    if (request.rev !== undefined && current.rev !== request.rev) return null
    if (this.#live(current, request.now)) return null
    if (request.purpose === 'send' && this.#sendTurnTaken(account, request.now)) return null
    return this.#take(account, current, request)
  }

  async claimNext(accountId: string, request: ClaimRequest): Promise<OutboxItem | null> {
    const account = await this.#account(accountId)
    if (this.#sendTurnTaken(account, request.now)) return null
    const next = [...account.items.values()].filter((item) => item.state === 'queued' && !this.#live(item, request.now)).sort(sendOrder)[0]
    return next ? this.#take(account, next, request) : null
  }

  async renew(accountId: string, id: string, request: ClaimRequest): Promise<boolean> {
    const account = await this.#account(accountId)
    const current = account.items.get(id)
    if (!current?.claim || current.claim.owner !== request.owner || !this.#live(current, request.now)) return false
    // The claim keeps what it is for; only its end moves.
    const renewed: OutboxItem = { ...current, claim: { ...claimOf(request), purpose: current.claim.purpose } }
    account.items.set(id, renewed)
    // The renewal is only worth its write while this run lives: a failed write changes nothing that matters.
    await this.#write(account, renewed).catch(() => {})
    return true
  }

  async update(accountId: string, change: ItemChange): Promise<OutboxItem> {
    const account = await this.#account(accountId)
    const { items } = account
    const current = items.get(change.item.id)
    if (!current) throw new StoreConflict('gone', null)
    if (current.rev !== change.rev) throw new StoreConflict('changed', current)
    const held = this.#live(current, change.now)
    if (held && current.claim!.owner !== change.owner) throw new StoreConflict('held', current)
    const slot = change.uniqueDue ? slotHolder([...items.values(), ...account.pending.values()], change.item) : null
    if (slot) throw new StoreConflict('slot-taken', slot)
    const next: OutboxItem = { ...change.item, rev: current.rev + 1, claim: held && !change.release ? current.claim : null }
    items.set(next.id, next)
    try {
      await this.#write(account, next)
    } catch (error) {
      if (items.get(next.id) === next) items.set(next.id, current)
      throw error
    }
    return next
  }

  async remove(accountId: string, id: string, check: { rev?: number; owner: string; now?: number }): Promise<void> {
    const account = await this.#account(accountId)
    const { files, items } = account
    const current = items.get(id)
    if (!current) return
    if (check.rev !== undefined && current.rev !== check.rev) throw new StoreConflict('changed', current)
    if (this.#live(current, check.now ?? this.#now()) && current.claim!.owner !== check.owner) throw new StoreConflict('held', current)
    // Gone from the disk first: a folder that cannot be taken away leaves the item where it was, said.
    await account.writing.get(id)
    await files.remove(id)
    if (items.get(id) === current) items.delete(id)
  }

  async expired(accountId: string, now: number): Promise<OutboxItem[]> {
    return [...(await this.#account(accountId)).items.values()].filter((item) =>
      item.claim !== null ? !this.#live(item, now) : item.state === 'sending' || item.state === 'sent',
    )
  }

  async mediaPath(accountId: string, id: string): Promise<string> {
    return (await this.#account(accountId)).files.mediaPath(id)
  }

  /** No other process writes this data folder: nothing comes due that this one does not know of. */
  async onDue(): Promise<() => Promise<void>> {
    return async () => {}
  }

  async close(): Promise<void> {
    this.#accounts.clear()
  }

  /** The account's items, read from its folder the first time any call names it (open() reads them again and says what it set aside). */
  #account(accountId: string): Promise<Account> {
    const known = this.#accounts.get(accountId)
    return (
      known ??
      this.#remember(
        accountId,
        this.#load(accountId).then(({ account }) => account),
      )
    )
  }

  /** Keeps the account's loading for the next calls; a folder that could not be read this time (a busy disk, too many open files) is read again at the next call. */
  #remember(accountId: string, loading: Promise<Account>): Promise<Account> {
    this.#accounts.set(accountId, loading)
    loading.catch(() => {
      if (this.#accounts.get(accountId) === loading) this.#accounts.delete(accountId)
    })
    return loading
  }

  /**
   * Writes the item's file after every earlier write of it: the files on disk follow the changes
   * in the order they were made (a renewal never lands over the outcome that came after it).
   */
  #write(account: Account, item: OutboxItem): Promise<void> {
    const earlier = account.writing.get(item.id) ?? Promise.resolve()
    const write = earlier.catch(() => {}).then(() => account.files.write(item))
    const settled = write.catch(() => {})
    account.writing.set(item.id, settled)
    void settled.then(() => {
      if (account.writing.get(item.id) === settled) account.writing.delete(item.id)
    })
    return write
  }

  #now(): number {
    return this.#opts.now?.() ?? Date.now()
  }

  #live(item: OutboxItem, now: number): boolean {
    return claimLive(item, now)
  }

  /** Whether the account's one send turn is taken now: by an item claimed to send, or one being written with that claim. */
  #sendTurnTaken(account: Account, now: number): boolean {
    return sendingOf([...account.items.values(), ...account.pending.values()], now) !== null
  }

  /** Sets the claim at once (nothing else can take it meanwhile), then writes it down with the item. */
  async #take(account: Account, current: OutboxItem, request: ClaimRequest): Promise<OutboxItem> {
    const { items } = account
    const claimed: OutboxItem = { ...current, claim: claimOf(request) }
    items.set(current.id, claimed)
    try {
      await this.#write(account, claimed)
    } catch (error) {
      if (items.get(current.id) === claimed) items.set(current.id, current)
      throw error
    }
    return claimed
  }
}

/** One account's outbox as this store holds it: its folder, its items, those being written, and each item's writes in order. */
interface Account {
  files: OutboxFiles
  items: Map<string, OutboxItem>
  pending: Map<string, OutboxItem>
  writing: Map<string, Promise<void>>
}

/** The item claimed for sending now, if one is: one send at a time per account. */
function sendingOf(items: Iterable<OutboxItem>, now: number): OutboxItem | null {
  for (const item of items) if (item.claim?.purpose === 'send' && claimLive(item, now)) return item
  return null
}

/** The live item due at the same instant, if one is: a posting-queue slot is held once. */
function slotHolder(items: Iterable<OutboxItem>, item: OutboxItem): OutboxItem | null {
  if (item.dueAt === null) return null
  const at = Date.parse(item.dueAt)
  for (const other of items)
    if (other.id !== item.id && other.dueAt !== null && LIVE_STATES.includes(other.state) && Date.parse(other.dueAt) === at) return other
  return null
}

function claimOf(request: ClaimRequest): NonNullable<OutboxItem['claim']> {
  return { owner: request.owner, expiresAt: new Date(request.now + request.leaseMs).toISOString(), purpose: request.purpose }
}

function byCreation(a: OutboxItem, b: OutboxItem): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)
}
