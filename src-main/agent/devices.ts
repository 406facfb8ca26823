import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Database } from '../platform/db/database'
import { migrateSchema, type MigrationStep } from '../platform/db/migrate'

/** The agent's own tables, apart from the outbox's: several agents on one PostgreSQL share them. */
export const AGENT_SCHEMA = 'statusdesk_agent'
/** The advisory lock's first key for the agent's migrations (the outbox store's is 0x5d0b) and the shared accounts' writes. */
export const AGENT_LOCK_CLASS = 0x5d0c

// developer-only: SQL run against the database, never shown.
const STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE ${AGENT_SCHEMA}.devices (
        id text PRIMARY KEY,
        name text NOT NULL,
        -- SHA-256 of the device's token: the token itself is never kept.
        token_hash bytea NOT NULL CHECK (octet_length(token_hash) = 32),
        paired_at timestamptz NOT NULL,
        last_seen_at timestamptz
      )`,
    ],
  },
  {
    version: 2,
    statements: [
      // Who did what, when: ids and a closed set of actions, never a token, a caption or a number.
      `CREATE TABLE ${AGENT_SCHEMA}.activity (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        device_id text NOT NULL,
        device_name text NOT NULL,
        action text NOT NULL,
        account_id text,
        subject text
      )`,
      `CREATE INDEX activity_at ON ${AGENT_SCHEMA}.activity (at DESC, id DESC)`,
      `CREATE INDEX activity_subject ON ${AGENT_SCHEMA}.activity (account_id, subject)`,
      `CREATE INDEX activity_device ON ${AGENT_SCHEMA}.activity (device_id, at DESC)`,
    ],
  },
  {
    version: 3,
    statements: [
      // The accounts every agent on the database holds (account-registry.ts); each write takes the next change number.
      `CREATE SEQUENCE ${AGENT_SCHEMA}.account_changes`,
      `CREATE TABLE ${AGENT_SCHEMA}.accounts (
        id text PRIMARY KEY,
        change bigint NOT NULL UNIQUE,
        -- The entry as accounts.json keeps it, the provider token sealed with the operator's key; null once removed.
        entry jsonb,
        remove_data boolean NOT NULL DEFAULT false,
        changed_at timestamptz NOT NULL
      )`,
    ],
  },
  {
    version: 4,
    statements: [
      // The person's name given at pairing ("Ana"), beside the device's; null for a device paired without one.
      `ALTER TABLE ${AGENT_SCHEMA}.devices ADD COLUMN person_name text`,
      `ALTER TABLE ${AGENT_SCHEMA}.activity ADD COLUMN person_name text`,
    ],
  },
  {
    version: 5,
    statements: [
      // A connect looks for a live entry of the same server and token (account-registry.ts `claim`).
      `CREATE INDEX accounts_live_pair ON ${AGENT_SCHEMA}.accounts ((entry->>'fingerprint')) WHERE entry IS NOT NULL`,
      // Removed accounts' rows, oldest first, for the prune.
      `CREATE INDEX accounts_removed_at ON ${AGENT_SCHEMA}.accounts (changed_at) WHERE entry IS NULL`,
      // The highest change number of a removed account's row ever pruned: an agent that had not read that far may have missed a removal.
      `CREATE TABLE ${AGENT_SCHEMA}.accounts_pruned (one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row), through bigint NOT NULL)`,
      `INSERT INTO ${AGENT_SCHEMA}.accounts_pruned (through) VALUES (0)`,
    ],
  },
]

// developer-only: SQL run against the database, never shown.
const SQL = {
  insert: `INSERT INTO ${AGENT_SCHEMA}.devices (id, name, person_name, token_hash, paired_at) VALUES ($1, $2, $3, $4, $5)`,
  hashOf: `SELECT token_hash FROM ${AGENT_SCHEMA}.devices WHERE id = $1`,
  list: `SELECT id, name, person_name, paired_at, last_seen_at FROM ${AGENT_SCHEMA}.devices ORDER BY paired_at, id`,
  namesOf: `SELECT name, person_name FROM ${AGENT_SCHEMA}.devices WHERE id = $1`,
  seen: `UPDATE ${AGENT_SCHEMA}.devices SET last_seen_at = $2 WHERE id = $1`,
  remove: `DELETE FROM ${AGENT_SCHEMA}.devices WHERE id = $1`,
}

/** A device's token: its id (so the row is found without comparing hashes), then 32 random bytes. */
const TOKEN_PREFIX = 'sdd1'
const TOKEN_PATTERN = /^sdd1\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/
/** Last seen is written at most this often per device: a busy device does not write on every call. */
const SEEN_EVERY_MS = 60_000

export interface PairedDevice {
  id: string
  name: string
  /** The person's name given at pairing; null when none was given. */
  personName: string | null
  pairedAt: string
  lastSeenAt: string | null
}

/** Brings the agent's tables (devices, activity, shared accounts) to this version. */
export function migrateAgentSchema(db: Database): Promise<void> {
  return migrateSchema(db, { schema: AGENT_SCHEMA, lock: [AGENT_LOCK_CLASS, 0], steps: STEPS, name: 'agent devices' })
}

function hashOf(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest()
}

/**
 * The devices paired with this agent, in its database: each one's name, when it paired, when it
 * was last seen and the hash of its token. A token is shown once, when the device pairs; a
 * request's token is checked by comparing hashes in constant time.
 */
export class DeviceStore {
  readonly #db: Database
  readonly #now: () => number
  readonly #seen = new Map<string, number>()

  private constructor(db: Database, now: () => number) {
    this.#db = db
    this.#now = now
  }

  /** Brings the agent's tables to this version, then answers for them. */
  static async open(db: Database, now: () => number = Date.now): Promise<DeviceStore> {
    await migrateAgentSchema(db)
    return new DeviceStore(db, now)
  }

  /** Pairs a device (and who paired it, when given): its id and its token, which the caller hands to the device and nobody keeps. */
  async add(name: string, personName: string | null = null): Promise<{ deviceId: string; token: string }> {
    const deviceId = randomUUID()
    const token = `${TOKEN_PREFIX}.${deviceId}.${randomBytes(32).toString('base64url')}`
    const at = new Date(this.#now()).toISOString()
    await this.#db.query(SQL.insert, [deviceId, name, personName, hashOf(token), at])
    return { deviceId, token }
  }

  /** The device a token belongs to, or null: a token of another shape, an unknown device, or another token of a known one. */
  async verify(token: string): Promise<string | null> {
    const match = TOKEN_PATTERN.exec(token)
    if (!match) return null
    const deviceId = match[1]!
    const [row] = await this.#db.query<{ token_hash: Uint8Array }>(SQL.hashOf, [deviceId])
    if (!row) return null
    const stored = Buffer.from(row.token_hash)
    const given = hashOf(token)
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null
    await this.#sawDevice(deviceId)
    return deviceId
  }

  /** Unpairs a device: its token is refused from now on. */
  async remove(deviceId: string): Promise<void> {
    await this.#db.query(SQL.remove, [deviceId])
    this.#seen.delete(deviceId)
  }

  /** A device's name and its person's, or null when it is not paired. */
  async namesOf(deviceId: string): Promise<{ name: string; personName: string | null } | null> {
    const [row] = await this.#db.query<{ name: string; person_name: string | null }>(SQL.namesOf, [deviceId])
    return row ? { name: row.name, personName: row.person_name } : null
  }

  async list(): Promise<PairedDevice[]> {
    type Row = { id: string; name: string; person_name: string | null; paired_at: Date; last_seen_at: Date | null }
    const rows = await this.#db.query<Row>(SQL.list)
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      personName: row.person_name,
      pairedAt: new Date(row.paired_at).toISOString(),
      lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at).toISOString(),
    }))
  }

  async #sawDevice(deviceId: string): Promise<void> {
    const now = this.#now()
    if (now - (this.#seen.get(deviceId) ?? -Infinity) < SEEN_EVERY_MS) return
    this.#seen.set(deviceId, now)
    await this.#db.query(SQL.seen, [deviceId, new Date(now).toISOString()])
  }
}
