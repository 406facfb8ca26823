import type { OutboxState } from '@shared/story/records'
import type { OutboxItem } from '../../../../account/files/formats/outbox-item'

/**
 * Where outbox items live, and who decides that one hand works on an item: the store. Every
 * change is checked against the revision it was made on and the claim held on the item, in one
 * atomic step of the backend (a synchronous check-and-set in the one process that holds a data
 * folder; a transaction in PostgreSQL). Nothing outside the store decides whether a story is sent.
 *
 * A claim is a lease: an owner (one engine process) and an expiry. A claim that expired is no
 * claim at all; what it left is settled by whoever finds it (`Outbox.reapExpired`): an item
 * still `queued` or `scheduled` is free again, an item found `sending` may have reached its
 * server and becomes `unknown`, never sent again without the user or a reconciliation.
 */
export interface OutboxStore {
  readonly kind: 'files' | 'postgres'
  /** This process's name in claims: unique per engine run. */
  readonly owner: string

  /** Reads the account's items; folders or rows that cannot be read are set aside and named. */
  open(accountId: string): Promise<{ items: OutboxItem[]; setAside: string[] }>
  /** The account's items as stored now (claims included), oldest first. */
  list(accountId: string): Promise<OutboxItem[]>
  get(accountId: string, id: string): Promise<OutboxItem | null>
  /** The account's item carrying this request id, if one is stored: a repeated publish finds its first item. */
  findByRequest(accountId: string, requestId: string): Promise<OutboxItem | null>

  /**
   * Writes a new item (its media copied in first) at revision 1. With `claim`, the writer holds
   * it from the first instant. With `uniqueDue`, refused (`conflict`) when another item of the
   * account not yet gone is due at the same instant: a posting-queue slot is taken once. A
   * request id already stored is refused (`conflict`, details.existing = its item id). On
   * PostgreSQL the item and the job that wakes an engine at its time are one transaction.
   */
  insert(accountId: string, item: OutboxItem, options: InsertOptions): Promise<OutboxItem>

  /**
   * Takes the claim on one item when it is in one of `states`, at revision `rev` when given,
   * and no live claim is held on it. Null when it cannot be taken: changed, gone, or held. A
   * claim (or its renewal) is not a change of the item: the revision stays, so an edit made on
   * what a user saw is still accepted after a send was tried and let go.
   */
  claim(accountId: string, id: string, request: ClaimRequest & { states: readonly OutboxState[]; rev?: number }): Promise<OutboxItem | null>

  /**
   * Claims the account's next story to send: the oldest `queued` item with no live claim
   * (a planned one counts from its due instant). One send at a time per account: null while
   * another item of the account is claimed for sending.
   */
  claimNext(accountId: string, request: ClaimRequest): Promise<OutboxItem | null>

  /** Extends the caller's live claim; false when it is no longer the caller's (expired and taken, or the item changed hands). */
  renew(accountId: string, id: string, request: ClaimRequest): Promise<boolean>

  /**
   * Writes a change made on revision `rev`: refused (`StoreConflict`) when the item moved on
   * since, or when a live claim on it is another owner's. The revision goes up by one; `release`
   * lets go of the caller's claim in the same step. With `uniqueDue` the new due instant is
   * checked as `insert` checks it.
   */
  update(accountId: string, change: ItemChange): Promise<OutboxItem>

  /** Takes the item out for good (its media too), on the same checks as `update`; gone already is fine. */
  remove(accountId: string, id: string, check: { rev?: number; owner: string; now?: number }): Promise<void>

  /**
   * Items whose claim expired before `now` (another process died holding them, or a send outlived
   * its lease), and items `sending` or `sent` with no claim at all (written so by a version before
   * claims, or left between two steps): each is settled by whoever finds it.
   */
  expired(accountId: string, now: number): Promise<OutboxItem[]>

  /** A local file holding the item's media (the item's own copy), for the upload. */
  mediaPath(accountId: string, id: string): Promise<string>

  /**
   * Calls `wake(accountId)` when an account has a story due that this process may not know of
   * (PostgreSQL: a job another engine planned came due). The files store has no other writer and
   * never calls it. Returns a function that stops.
   */
  onDue(wake: (accountId: string) => Promise<void>): Promise<() => Promise<void>>

  /**
   * The worker that turns due jobs into `wake` calls, as it last reported itself: null when the
   * store has none (files) or `onDue` was not called. What a health check reads.
   */
  wakeWorker?(): WakeWorker | null

  /**
   * Only where this engine is the store's one writer (PGlite, held by one process): the accounts
   * whose items need a look at `now`, a claim lapsed or a story due by then with none live. A
   * look then wakes those few, not every open account; with other writers (a PostgreSQL server)
   * it is absent, and every open account is looked at, for what the others changed. A story due
   * later is not named: its outbox's timer and its wake-up job are set already, and waking every
   * account with one due soon made each look read half of a busy agent's accounts at once.
   */
  accountsToLook?(now: number): Promise<string[]>

  close(): Promise<void>
}

/** A store's wake-up worker: whether it is polling, and the last time it asked for due jobs (ms since the epoch). */
export interface WakeWorker {
  state: 'created' | 'active' | 'stopping' | 'stopped'
  lastPollAt: number | null
  lastErrorAt: number | null
  /** A wake-up is running (a send may take minutes, and no poll happens meanwhile). */
  busy: boolean
}

export interface ClaimRequest {
  owner: string
  /** How long the claim holds unless renewed. */
  leaseMs: number
  /** The instant the claim is taken at (ms since the epoch): the store's clock for this call. */
  now: number
  /** What the claim is for: a `send` claim is exclusive per account; an `edit` claim (a user's decision) is not. */
  purpose: ClaimPurpose
}

export type ClaimPurpose = 'send' | 'edit'

export interface InsertOptions {
  /** The granted file to copy in as the item's media; null for text stories and reposts. */
  mediaSource: string | null
  claim?: ClaimRequest
  uniqueDue?: boolean
}

export interface ItemChange {
  /** The item as it should be written; its `rev` and `claim` are the store's to set. */
  item: OutboxItem
  /** The revision the change was made on. */
  rev: number
  /** Who writes: the holder of the claim, if one is live. */
  owner: string
  release: boolean
  uniqueDue?: boolean
  /** The instant of the change (claims are judged live or expired against it). */
  now: number
}

/** Why a change was refused: the item changed since, is held by another, is gone, or its slot is taken. */
export type ConflictReason = 'changed' | 'held' | 'gone' | 'slot-taken' | 'request-taken'

/** A change the store refused: nothing was written. */
export class StoreConflict extends Error {
  readonly reason: ConflictReason
  /** The item as the store has it now, when there is one. */
  readonly current: OutboxItem | null

  constructor(reason: ConflictReason, current: OutboxItem | null) {
    super(`outbox store: ${reason}`)
    this.name = 'StoreConflict'
    this.reason = reason
    this.current = current
  }
}

/** Claims a hand-over holds are named so: they outlive the run that took them (outbox-handover.ts). */
export const HANDOVER_OWNER_PREFIX = 'handover:'

/** Whether a claim holds at `now`. */
export function claimLive(item: Pick<OutboxItem, 'claim'>, now: number): boolean {
  return item.claim !== null && Date.parse(item.claim.expiresAt) > now
}

/** The states a story is "not yet gone" in: it holds a posting-queue slot, and a request id. */
export const LIVE_STATES: readonly OutboxState[] = ['queued', 'sending', 'scheduled', 'missed', 'unknown', 'failed']

/** The order stories leave in: a planned one counts from its due instant, the moment it joined the queue. */
export function sendOrder(a: OutboxItem, b: OutboxItem): number {
  const since = (item: OutboxItem) => item.dueAt ?? item.createdAt
  return since(a).localeCompare(since(b)) || a.id.localeCompare(b.id)
}
