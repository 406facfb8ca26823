import {
  type AgentAction,
  type AgentActivityEntry,
  type AgentActivityPage,
  type AgentItemAuthors,
  AGENT_ACTIONS,
} from '@shared/channels/agent'
import type { EventPayload } from '@shared/channels/contract'
import type { Database } from '../platform/db/database'
import type { EventHub } from '../platform/events'
import { AGENT_SCHEMA } from './devices'

/** How long a line is kept, and how many lines at most: the log is a record of a team's days, not an archive. */
export const ACTIVITY_KEEP_DAYS = 180
export const ACTIVITY_MAX_ROWS = 100_000
/** Old lines are cleared after this many records (and at start), not on every one. */
const PRUNE_EVERY = 200

/** One action to record: the device, what it did, and to which account's item (or which device). */
export interface ActivityRecord {
  deviceId: string
  deviceName: string
  /** The person's name given at pairing, when there was one. */
  personName?: string | null
  action: AgentAction
  accountId?: string | null
  subject?: string | null
}

// developer-only: SQL run against the database, never shown.
const SQL = {
  insert: `INSERT INTO ${AGENT_SCHEMA}.activity (at, device_id, device_name, person_name, action, account_id, subject)
    VALUES ($1, $2, $3, $4, $5, $6, $7)`,
  page: `SELECT id::text AS id, at, device_id, device_name, person_name, action, account_id, subject FROM ${AGENT_SCHEMA}.activity
    WHERE ($1::text IS NULL OR account_id = $1) AND ($2::bigint IS NULL OR id < $2)
    ORDER BY id DESC LIMIT $3`,
  lastOf: `SELECT DISTINCT ON (device_id) id::text AS id, at, device_id, device_name, person_name, action, account_id, subject
    FROM ${AGENT_SCHEMA}.activity WHERE action NOT IN ('pair', 'unpair') ORDER BY device_id, id DESC`,
  ofItems: `SELECT id::text AS id, at, device_id, device_name, person_name, action, account_id, subject FROM ${AGENT_SCHEMA}.activity
    WHERE account_id = $1 AND subject = ANY($2::text[]) AND action IN ('plan', 'edit', 'cancel', 'send-now') ORDER BY id`,
  pruneOld: `DELETE FROM ${AGENT_SCHEMA}.activity WHERE at < $1`,
  pruneMany: `DELETE FROM ${AGENT_SCHEMA}.activity WHERE id <= (SELECT id FROM ${AGENT_SCHEMA}.activity ORDER BY id DESC OFFSET $1 LIMIT 1)`,
}

type Row = {
  id: string
  at: Date | string
  device_id: string
  device_name: string
  person_name: string | null
  action: string
  account_id: string | null
  subject: string | null
}

/** A run of 7 or more digits (with the spaces, dots and dashes a number is written with) keeps its last 2. */
export function maskNumbers(text: string): string {
  return text.replace(/\+?\d(?:[\d\s().-]*\d)?/g, (run) => {
    const digits = run.replace(/\D/g, '')
    return digits.length < 7 ? run : `•••${digits.slice(-2)}`
  })
}

function entryOf(row: Row): AgentActivityEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    deviceId: row.device_id,
    deviceName: row.device_name,
    personName: row.person_name,
    action: (AGENT_ACTIONS as readonly string[]).includes(row.action) ? (row.action as AgentAction) : 'edit',
    accountId: row.account_id,
    subject: row.subject,
  }
}

/** A name as the log keeps it: long digit runs masked, bounded. */
const logged = (name: string): string => maskNumbers(name).slice(0, 80)

/**
 * The agent's activity log, in its database: which device did what and when, for each account.
 * It holds ids, the device's and its person's names (long digit runs masked) and an action of a closed set;
 * never a token, a caption or a phone number. Bounded in age and in lines.
 */
export class ActivityLog {
  readonly #db: Database
  readonly #now: () => number
  #sincePrune = 0

  constructor(db: Database, now: () => number = Date.now) {
    this.#db = db
    this.#now = now
  }

  async record(entry: ActivityRecord): Promise<void> {
    const at = new Date(this.#now()).toISOString()
    const person = entry.personName ? logged(entry.personName) : null
    const row = [at, entry.deviceId, logged(entry.deviceName), person, entry.action, entry.accountId ?? null, entry.subject ?? null]
    await this.#db.query(SQL.insert, row)
    if (++this.#sincePrune >= PRUNE_EVERY) await this.prune()
  }

  /** Clears lines older than the keeping time, and the oldest beyond the most kept. */
  async prune(): Promise<void> {
    this.#sincePrune = 0
    await this.#db.query(SQL.pruneOld, [new Date(this.#now() - ACTIVITY_KEEP_DAYS * 86_400_000).toISOString()])
    await this.#db.query(SQL.pruneMany, [ACTIVITY_MAX_ROWS])
  }

  /** A page, newest first: `before` the last id of the page before. */
  async page(query: { accountId?: string | undefined; before?: string | undefined; limit: number }): Promise<AgentActivityPage> {
    const rows = await this.#db.query<Row>(SQL.page, [query.accountId ?? null, query.before ?? null, query.limit + 1])
    return { entries: rows.slice(0, query.limit).map(entryOf), more: rows.length > query.limit }
  }

  /** What each device did last (pairing aside), by device id. */
  async lastByDevice(): Promise<Map<string, AgentActivityEntry>> {
    const rows = await this.#db.query<Row>(SQL.lastOf)
    return new Map(rows.map((row) => [row.device_id, entryOf(row)]))
  }

  /** Who planned each item and who last changed it, by item id. */
  async authorsOf(accountId: string, itemIds: readonly string[]): Promise<Record<string, AgentItemAuthors>> {
    const authors: Record<string, AgentItemAuthors> = Object.fromEntries(itemIds.map((id) => [id, { planned: null, changed: null }]))
    const rows = itemIds.length === 0 ? [] : await this.#db.query<Row>(SQL.ofItems, [accountId, [...itemIds]])
    for (const row of rows) {
      const entry = entryOf(row)
      const of = authors[row.subject!]
      if (!of) continue
      const who = { deviceId: entry.deviceId, deviceName: entry.deviceName, personName: entry.personName, at: entry.at }
      if (entry.action === 'plan' && of.planned === null) of.planned = who
      else of.changed = { ...who, action: entry.action }
    }
    return authors
  }
}

type Done = Omit<ActivityRecord, 'deviceId' | 'deviceName' | 'personName'>
const OUTBOX_ACTION: Record<string, AgentAction> = {
  discard: 'cancel',
  'send-now': 'send-now',
  'send-again': 'send-now',
  'mark-sent': 'edit',
}

const field = (value: unknown, name: string): string | null => {
  const found = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined
  return typeof found === 'string' ? found.slice(0, 200) : null
}

/**
 * What a channel a device called (and that succeeded) did, for the log: the mutating channels
 * of the outbox and the hand-over of an account; every other channel records nothing. Only ids
 * are read from the call, never its text.
 */
export function activityOfCall(channel: string, arg: unknown, value: unknown): Done[] {
  const accountId = field(arg, 'accountId')
  switch (channel) {
    case 'stories:publish': {
      const planned = arg !== null && typeof arg === 'object' && (arg as { when?: unknown }).when !== undefined
      const targets = (value as { targets?: unknown } | null)?.targets
      if (!Array.isArray(targets)) return []
      return targets.slice(0, 50).map((target) => ({
        action: planned ? 'plan' : 'send-now',
        accountId: field(target, 'accountId'),
        subject: field(target, 'requestId'),
      }))
    }
    case 'stories:schedule-duplicate':
      return [{ action: 'plan', accountId, subject: field(value, 'id') }]
    case 'stories:schedule-edit':
      return [{ action: 'edit', accountId, subject: field(arg, 'id') }]
    case 'stories:repost':
      return [{ action: 'send-now', accountId, subject: field(arg, 'requestId') }]
    case 'stories:outbox-act': {
      const action = OUTBOX_ACTION[field(arg, 'action') ?? '']
      return action ? [{ action, accountId, subject: field(arg, 'id') }] : []
    }
    // A story handed over is the handing device's plan on the agent: a teammate bringing the account back is told.
    case 'handover:take': {
      const itemId = field((arg as { item?: unknown } | null)?.item, 'id')
      return (value as { taken?: unknown } | null)?.taken === true && itemId !== null
        ? [{ action: 'plan', accountId, subject: itemId }]
        : []
    }
    case 'accounts:connect':
      return [{ action: 'hand-over', accountId: field(value, 'id') }]
    default:
      return []
  }
}

/** Each item's id by the request id that made it, from a list of outbox items (bounded). */
function itemIdsByRequest(items: unknown): Map<string, string> {
  const byRequest = new Map<string, string>()
  if (!Array.isArray(items)) return byRequest
  for (const item of items.slice(0, 100_000)) {
    const requestId = field(item, 'requestId')
    const id = field(item, 'id')
    if (requestId !== null && id !== null) byRequest.set(requestId, id)
  }
  return byRequest
}

/**
 * The lines of a publish, their request ids (its answer's) replaced by the ids of the outbox
 * items that carry them. They are read from what the accounts' outboxes told while the call ran
 * (each account's own few items, and those that left); every outbox is listed only when one is missing there, as
 * listing them all at each publish grows with every story the agent holds.
 */
export async function publishLines(
  done: readonly Done[],
  told: ReadonlyMap<string, OutboxTelling>,
  listEveryOutbox: () => Promise<unknown>,
): Promise<Done[]> {
  // A story sent within the call has left its outbox by the end: the telling names it among those that left.
  let byRequest = itemIdsByRequest([...told.values()].flatMap((telling) => [...telling.items, ...telling.left]))
  if (done.some((line) => line.subject && !byRequest.has(line.subject)))
    byRequest = new Map([...itemIdsByRequest(await listEveryOutbox()), ...byRequest])
  return done.map((line) => ({ ...line, subject: (line.subject && byRequest.get(line.subject)) ?? line.subject ?? null }))
}

type OutboxTelling = EventPayload<'stories:outbox-changed'>

/** Each account's latest outbox change told from now until `stop()`: what a call's devices heard while it ran. */
export function outboxTellings(events: EventHub): { latest: ReadonlyMap<string, OutboxTelling>; stop: () => void } {
  const latest = new Map<string, OutboxTelling>()
  const stop = events.subscribe((name, payload) => {
    if (name === 'stories:outbox-changed') latest.set((payload as OutboxTelling).accountId, payload as OutboxTelling)
  })
  return { latest, stop }
}

/** The actions that name who planned or changed an outbox item. */
const ITEM_ACTIONS: ReadonlySet<AgentAction> = new Set(['plan', 'edit', 'cancel', 'send-now'])

/**
 * The outbox told its change while the call ran, before the log said who made it: a device that
 * asked then was told nobody. Each account whose item the call planned or changed, and whose
 * outbox was told meanwhile, is told again (its latest items, nothing said to have left: that
 * was told), now that the log holds the line.
 */
export function retellOutboxes(
  events: EventHub,
  done: readonly { action: AgentAction; accountId?: string | null }[],
  told: ReadonlyMap<string, OutboxTelling>,
): void {
  const accounts = new Set(done.filter((line) => ITEM_ACTIONS.has(line.action) && line.accountId).map((line) => line.accountId!))
  for (const accountId of accounts) {
    const latest = told.get(accountId)
    if (latest) events.emit('stories:outbox-changed', { accountId, items: latest.items, left: [] })
  }
}
