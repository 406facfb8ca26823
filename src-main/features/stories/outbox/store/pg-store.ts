import type { PgBoss } from 'pg-boss'
import { DEFAULT_STORY_LIMITS, largestAllowed } from '@shared/story/limits'
import type { OutboxState } from '@shared/story/records'
import type { Database, Sql } from '../../../../platform/db/database'
import { setAsideStamp } from '../../../../platform/files/json-file'
import { silentLogger, type Logger } from '../../../../platform/log/log'
import type { OutboxItem } from '../../../../account/files/formats/outbox-item'
import {
  claimLive,
  LIVE_STATES,
  StoreConflict,
  type ClaimRequest,
  type InsertOptions,
  type ItemChange,
  type OutboxStore,
  type WakeWorker,
} from './outbox-store'
import { MediaCache, readMedia } from './pg-media'
import { columnsOf, isoAt, itemOf, type Claim, type ItemRow } from './pg-rows'
import { migrate, STORE_SCHEMA } from './pg-schema'
import { SQL } from './pg-sql'
import { sendWake, startJobs, wakeWorkerOf, workWakes } from './pg-wake'

export interface PgOutboxStoreOptions {
  db: Database
  /** This engine's name in claims. */
  owner: string
  /** Where media is copied out of the database for an upload. */
  mediaCacheDir: string
  log?: Logger
  /** The most a story's media may weigh in the database: the largest the app allows by default. */
  maxMediaBytes?: number
  /** The instants the store stamps by itself (set-aside names, a wake-up for a story due now); the system's clock by default. */
  clock?: () => number
  /** Whether close() closes the database too (false when another store shares it). */
  closeDatabase?: boolean
}

/**
 * The outbox in PostgreSQL (PGlite or a server), its wake-ups in pg-boss. Every change is one
 * transaction under the account's advisory lock: the checks (revision, claim, slot, request id)
 * read what every earlier change committed, and nothing of a refused change is written. A plan
 * that should wake an engine writes its job in the same transaction (pg-boss `send` given the
 * transaction as its `db`), so a plan never exists without its job, nor a job without its plan.
 */
export class PgOutboxStore implements OutboxStore {
  readonly kind = 'postgres'
  readonly owner: string
  readonly #db: Database
  readonly #boss: PgBoss
  readonly #media: MediaCache
  readonly #maxMediaBytes: number
  readonly #log: Logger
  readonly #clock: () => number
  readonly #closeDatabase: boolean
  readonly #stops = new Set<() => Promise<void>>()
  #closed: Promise<void> | null = null

  private constructor(options: PgOutboxStoreOptions, boss: PgBoss, maxMediaBytes: number) {
    this.owner = options.owner
    this.#db = options.db
    this.#boss = boss
    this.#maxMediaBytes = maxMediaBytes
    this.#media = new MediaCache(options.mediaCacheDir, maxMediaBytes)
    this.#log = options.log ?? silentLogger
    this.#clock = options.clock ?? Date.now
    this.#closeDatabase = options.closeDatabase ?? true
  }

  /** Brings the schema to this version, starts pg-boss and its wake-up queue. */
  static async open(options: PgOutboxStoreOptions): Promise<PgOutboxStore> {
    const log = options.log ?? silentLogger
    await migrate(options.db)
    const boss = await startJobs(options.db, log)
    return new PgOutboxStore(options, boss, options.maxMediaBytes ?? largestAllowed(DEFAULT_STORY_LIMITS))
  }

  async open(accountId: string): Promise<{ items: OutboxItem[]; setAside: string[] }> {
    const rows = await this.#db.query<ItemRow>(SQL.list, [accountId])
    const items: OutboxItem[] = []
    const setAside: string[] = []
    for (const row of rows) {
      const item = itemOf(row)
      if (item) {
        items.push(item)
        continue
      }
      const moved = await this.#setAside(accountId, row.id)
      if (moved) setAside.push(moved)
    }
    return { items, setAside }
  }

  /**
   * Moves a row that cannot be read out of the items, kept (media too) for the user to recover.
   * Looked at again under the account's lock: another engine may have rewritten it meanwhile.
   */
  async #setAside(accountId: string, id: string): Promise<string | null> {
    const name = `${id}.corrupt-${setAsideStamp(new Date(this.#clock()))}`
    const moved = await this.#db.transaction(async (tx) => {
      await tx.query(SQL.lock, [accountId])
      const [row] = await tx.query<ItemRow>(SQL.one, [accountId, id])
      if (!row || itemOf(row) !== null) return false
      await tx.query(SQL.setAside, [accountId, id, name, isoAt(this.#clock())])
      return true
    })
    if (!moved) return null
    await this.#media.forget(accountId, id).catch(() => undefined)
    this.#log.warn('outbox row set aside', { accountId, id, name })
    return `${STORE_SCHEMA}.outbox_set_aside/${accountId}/${name}`
  }

  async list(accountId: string): Promise<OutboxItem[]> {
    return readable(await this.#db.query<ItemRow>(SQL.list, [accountId]))
  }

  async get(accountId: string, id: string): Promise<OutboxItem | null> {
    return readable(await this.#db.query<ItemRow>(SQL.one, [accountId, id]))[0] ?? null
  }

  async findByRequest(accountId: string, requestId: string): Promise<OutboxItem | null> {
    return readable(await this.#db.query<ItemRow>(SQL.byRequest, [accountId, requestId]))[0] ?? null
  }

  async insert(accountId: string, item: OutboxItem, options: InsertOptions): Promise<OutboxItem> {
    // Read before the transaction: a file read must not hold the account's lock (nor, on PGlite, the database).
    const media = options.mediaSource === null ? null : await readMedia(options.mediaSource, this.#maxMediaBytes)
    const claim = options.claim ? claimFor(options.claim) : null
    return this.#db.transaction(async (tx) => {
      await tx.query(SQL.lock, [accountId])
      const taken = await oneItem(tx, SQL.byRequest, [accountId, item.requestId])
      if (taken) throw new StoreConflict('request-taken', taken)
      if (options.uniqueDue) await this.#checkSlot(tx, accountId, item)
      if (claim?.purpose === 'send') await checkSendFree(tx, accountId, item.id, options.claim!.now)
      const [row] = await tx.query<ItemRow>(SQL.insert, [accountId, item.id, ...columnsOf(item, claim)])
      if (media !== null) await tx.query(SQL.insertMedia, [accountId, item.id, media])
      const written = readOrFail(row)
      await sendWake(this.#boss, this.#db, tx, accountId, written, this.#clock())
      return written
    })
  }

  async #checkSlot(tx: Sql, accountId: string, item: OutboxItem): Promise<void> {
    if (item.dueAt === null) return
    const [row] = await tx.query<ItemRow>(SQL.slotTaken, [accountId, item.dueAt, item.id, LIVE_STATES])
    if (row) throw new StoreConflict('slot-taken', itemOf(row))
  }

  async claim(
    accountId: string,
    id: string,
    request: ClaimRequest & { states: readonly OutboxState[]; rev?: number },
  ): Promise<OutboxItem | null> {
    return this.#db.transaction(async (tx) => {
      await tx.query(SQL.lock, [accountId])
      const current = await oneItem(tx, SQL.one, [accountId, id])
      if (!current || !request.states.includes(current.state)) return null
      if (request.rev !== undefined && current.rev !== request.rev) return null
      if (claimLive(current, request.now)) return null
      if (request.purpose === 'send' && (await sendHolder(tx, accountId, id, request.now))) return null
      return setClaim(tx, accountId, id, claimFor(request))
    })
  }

  async claimNext(accountId: string, request: ClaimRequest): Promise<OutboxItem | null> {
    return this.#db.transaction(async (tx) => {
      await tx.query(SQL.lock, [accountId])
      if (request.purpose === 'send' && (await sendHolder(tx, accountId, '', request.now))) return null
      const candidates = await tx.query<ItemRow>(SQL.nextQueued, [accountId, isoAt(request.now)])
      // A row that cannot be read is passed over here, and set aside at the next open.
      const next = readable(candidates)[0]
      return next ? setClaim(tx, accountId, next.id, claimFor(request)) : null
    })
  }

  async renew(accountId: string, id: string, request: ClaimRequest): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      await tx.query(SQL.lock, [accountId])
      const current = await oneItem(tx, SQL.one, [accountId, id])
      if (!current?.claim || current.claim.owner !== request.owner || !claimLive(current, request.now)) return false
      // The purpose stays: renewing an edit claim must not turn it into a send past the per-account check.
      await setClaim(tx, accountId, id, { ...claimFor(request), purpose: current.claim.purpose })
      return true
    })
  }

  async update(accountId: string, change: ItemChange): Promise<OutboxItem> {
    const { item } = change
    return this.#db.transaction(async (tx) => {
      await tx.query(SQL.lock, [accountId])
      const current = await this.#checkChange(tx, accountId, item.id, change)
      if (current === null) throw new StoreConflict('gone', null)
      if (change.uniqueDue) await this.#checkSlot(tx, accountId, item)
      if (item.requestId !== current.requestId) {
        const taken = await oneItem(tx, SQL.byRequest, [accountId, item.requestId])
        if (taken) throw new StoreConflict('request-taken', taken)
      }
      // The caller's claim is kept unless released; anyone else's (expired, or it would have been refused) goes.
      const claim = !change.release && current.claim?.owner === change.owner ? current.claim : null
      const [row] = await tx.query<ItemRow>(SQL.update, [accountId, item.id, ...columnsOf(item, claim)])
      const written = readOrFail(row)
      await sendWake(this.#boss, this.#db, tx, accountId, written, this.#clock())
      return written
    })
  }

  /** The item as stored, when a change made on `rev` by `owner` may be written over it; null when it is gone. */
  async #checkChange(
    tx: Sql,
    accountId: string,
    id: string,
    check: { rev?: number; owner: string; now: number },
  ): Promise<OutboxItem | null> {
    const current = await oneItem(tx, SQL.one, [accountId, id])
    if (current === null) return null
    if (check.rev !== undefined && current.rev !== check.rev) throw new StoreConflict('changed', current)
    if (claimLive(current, check.now) && current.claim!.owner !== check.owner) throw new StoreConflict('held', current)
    return current
  }

  async remove(accountId: string, id: string, check: { rev?: number; owner: string }): Promise<void> {
    const removed = await this.#db.transaction(async (tx) => {
      await tx.query(SQL.lock, [accountId])
      // The port's remove carries no instant: a claim is judged live against this store's clock.
      const current = await this.#checkChange(tx, accountId, id, { ...check, now: this.#clock() })
      if (current === null) return false
      await tx.query(SQL.remove, [accountId, id])
      return true
    })
    if (removed) await this.#media.forget(accountId, id).catch(() => undefined)
  }

  /** Only on PGlite, whose folder one process holds (its lock): no other engine writes to it. */
  get accountsToLook(): OutboxStore['accountsToLook'] {
    return this.#db.kind === 'pglite' ? (now) => this.#accountsToLook(now) : undefined
  }

  async #accountsToLook(now: number): Promise<string[]> {
    const rows = await this.#db.query<{ account_id: string }>(SQL.toLook, [isoAt(now)])
    return rows.map((row) => row.account_id)
  }

  async expired(accountId: string, now: number): Promise<OutboxItem[]> {
    return readable(await this.#db.query<ItemRow>(SQL.expired, [accountId, isoAt(now)]))
  }

  mediaPath(accountId: string, id: string): Promise<string> {
    return this.#media.materialise(this.#db, accountId, id)
  }

  async onDue(wake: (accountId: string) => Promise<void>): Promise<() => Promise<void>> {
    const stopWorker = await workWakes(this.#boss, wake, this.#log)
    let stopped: Promise<void> | null = null
    const stop = (): Promise<void> => {
      this.#stops.delete(stop)
      stopped ??= stopWorker()
      return stopped
    }
    this.#stops.add(stop)
    return stop
  }

  wakeWorker(): WakeWorker | null {
    return this.#stops.size > 0 ? wakeWorkerOf(this.#boss) : null
  }

  /** Stops the workers (a wake-up running finishes first, within pg-boss's grace), pg-boss, then the database. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      for (const stop of [...this.#stops]) await stop().catch(() => undefined)
      await this.#boss.stop({ graceful: true, timeout: 10_000 })
      if (this.#closeDatabase) await this.#db.close()
    })()
    return this.#closed
  }
}

function claimFor(request: ClaimRequest): Claim {
  return { owner: request.owner, expiresAt: isoAt(request.now + request.leaseMs), purpose: request.purpose }
}

function readable(rows: ItemRow[]): OutboxItem[] {
  return rows.map(itemOf).filter((item): item is OutboxItem => item !== null)
}

async function oneItem(tx: Sql, text: string, params: unknown[]): Promise<OutboxItem | null> {
  const [row] = await tx.query<ItemRow>(text, params)
  return row ? itemOf(row) : null
}

/** A row the store just wrote reads back, or the item it was given was not one. */
function readOrFail(row: ItemRow | undefined): OutboxItem {
  const item = row ? itemOf(row) : null
  if (!item) throw new Error('outbox store: the item written does not read back')
  return item
}

async function setClaim(tx: Sql, accountId: string, id: string, claim: Claim): Promise<OutboxItem | null> {
  const [row] = await tx.query<ItemRow>(SQL.setClaim, [accountId, id, claim.owner, claim.expiresAt, claim.purpose])
  return row ? itemOf(row) : null
}

/** The row of the account's item (other than `id`) whose send claim is live at `now`, if any: read or not, it holds the turn. */
async function sendHolder(tx: Sql, accountId: string, id: string, now: number): Promise<ItemRow | undefined> {
  const [row] = await tx.query<ItemRow>(SQL.sendHeld, [accountId, isoAt(now), id])
  return row
}

async function checkSendFree(tx: Sql, accountId: string, id: string, now: number): Promise<void> {
  const holder = await sendHolder(tx, accountId, id, now)
  if (holder) throw new StoreConflict('held', itemOf(holder))
}
