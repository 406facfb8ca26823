import type { DocumentRow, DocumentRows, SamplingClaims, SharedAccountData } from '../account/files/shared-documents'
import type { Database } from '../platform/db/database'
import { migrateSchema, type MigrationStep } from '../platform/db/migrate'
import type { Logger } from '../platform/log/log'
import { AGENT_LOCK_CLASS } from './devices'

/**
 * The accounts' own documents and the sampling claims, in a schema of their own: the agent's
 * tables (`statusdesk_agent`) and the outbox's (`statusdesk`) keep their migrations apart.
 */
export const ACCOUNT_DATA_SCHEMA = 'statusdesk_account_data'
/** The second key of the agent's advisory lock taken while this schema migrates (0: the agent's tables, 1: the accounts' writes). */
const MIGRATION_LOCK = 2
/** A sampling claim lapses this long after it was last renewed: its holder stopped without letting go (killed). */
export const SAMPLING_LEASE_MS = 3 * 60_000

// developer-only: SQL run against the database, never shown.
const STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    statements: [
      // Every write takes the next number: a revision is never used twice, even after a row was set aside.
      `CREATE SEQUENCE ${ACCOUNT_DATA_SCHEMA}.revisions`,
      `CREATE TABLE ${ACCOUNT_DATA_SCHEMA}.documents (
        account_id text NOT NULL,
        -- The document's path in the account's folder on the desktop: history.json, insights/live.json, ...
        name text NOT NULL,
        rev bigint NOT NULL,
        body bytea NOT NULL,
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, name)
      )`,
      // Rows that could not be read back, moved out of the way and kept for inspection.
      `CREATE TABLE ${ACCOUNT_DATA_SCHEMA}.documents_set_aside (
        account_id text NOT NULL,
        name text NOT NULL,
        rev bigint NOT NULL,
        body bytea NOT NULL,
        reason text NOT NULL,
        set_aside_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, name, rev)
      )`,
      `CREATE TABLE ${ACCOUNT_DATA_SCHEMA}.sampling_claims (
        account_id text PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
    ],
  },
]

// developer-only: SQL run against the database, never shown.
const SQL = {
  read: `SELECT rev::text AS rev, octet_length(body) > $4 AS too_large,
      CASE WHEN rev::text = $3 OR octet_length(body) > $4 THEN NULL ELSE body END AS body
    FROM ${ACCOUNT_DATA_SCHEMA}.documents WHERE account_id = $1 AND name = $2`,
  insert: `INSERT INTO ${ACCOUNT_DATA_SCHEMA}.documents (account_id, name, rev, body, changed_at)
    VALUES ($1, $2, nextval('${ACCOUNT_DATA_SCHEMA}.revisions'), $3, now())
    ON CONFLICT (account_id, name) DO NOTHING RETURNING rev::text AS rev`,
  update: `UPDATE ${ACCOUNT_DATA_SCHEMA}.documents SET rev = nextval('${ACCOUNT_DATA_SCHEMA}.revisions'), body = $3, changed_at = now()
    WHERE account_id = $1 AND name = $2 AND rev::text = $4 RETURNING rev::text AS rev`,
  setAside: `WITH moved AS (
      DELETE FROM ${ACCOUNT_DATA_SCHEMA}.documents WHERE account_id = $1 AND name = $2 AND rev::text = $3 RETURNING account_id, name, rev, body
    )
    INSERT INTO ${ACCOUNT_DATA_SCHEMA}.documents_set_aside (account_id, name, rev, body, reason, set_aside_at)
    SELECT account_id, name, rev, body, $4, now() FROM moved ON CONFLICT DO NOTHING`,
  // Taken when free, lapsed, or already this engine's (renewed); the database's clock decides, so engines' clocks may disagree.
  hold: `INSERT INTO ${ACCOUNT_DATA_SCHEMA}.sampling_claims AS c (account_id, owner, expires_at)
    VALUES ($1, $2, now() + make_interval(secs => $3::double precision))
    ON CONFLICT (account_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
      WHERE c.owner = EXCLUDED.owner OR c.expires_at < now()
    RETURNING owner`,
  release: `DELETE FROM ${ACCOUNT_DATA_SCHEMA}.sampling_claims WHERE account_id = $1 AND owner = $2`,
  // Only rows an engine could have written: an id or name longer than any is not read.
  revisions: `SELECT account_id, name, rev::text AS rev FROM ${ACCOUNT_DATA_SCHEMA}.documents
    WHERE octet_length(account_id) <= 100 AND octet_length(name) <= 100 ORDER BY account_id, name LIMIT $1`,
  forget: [
    `DELETE FROM ${ACCOUNT_DATA_SCHEMA}.documents WHERE account_id = $1`,
    `DELETE FROM ${ACCOUNT_DATA_SCHEMA}.documents_set_aside WHERE account_id = $1`,
    `DELETE FROM ${ACCOUNT_DATA_SCHEMA}.sampling_claims WHERE account_id = $1`,
  ],
}

type ReadRow = { rev: string; too_large: boolean; body: Buffer | null }

export interface AccountDataOptions {
  /** This engine run, as it names itself in the outbox's claims. */
  owner: string
  log: Logger
  leaseMs?: number
}

/**
 * The accounts' documents and sampling claims on the agents' PostgreSQL server
 * (`statusdesk_account_data`): what each agent would keep in the account's folder, shared by all.
 */
export class PgAccountData implements DocumentRows, SamplingClaims, SharedAccountData {
  readonly rows: DocumentRows = this
  readonly sampling: SamplingClaims = this
  readonly #db: Database
  readonly #opts: AccountDataOptions

  private constructor(db: Database, options: AccountDataOptions) {
    this.#db = db
    this.#opts = options
  }

  static async open(db: Database, options: AccountDataOptions): Promise<PgAccountData> {
    await migrateSchema(db, { schema: ACCOUNT_DATA_SCHEMA, lock: [AGENT_LOCK_CLASS, MIGRATION_LOCK], steps: STEPS, name: 'account data' })
    return new PgAccountData(db, options)
  }

  async read(accountId: string, name: string, options: { maxBytes: number; knownRev: string | null }): Promise<DocumentRow | null> {
    const [row] = await this.#db.query<ReadRow>(SQL.read, [accountId, name, options.knownRev, options.maxBytes])
    if (!row) return null
    return { rev: row.rev, tooLarge: row.too_large, bytes: row.body === null ? null : Buffer.from(row.body) }
  }

  async write(accountId: string, name: string, bytes: Buffer, expectedRev: string | null): Promise<string | null> {
    const [row] =
      expectedRev === null
        ? await this.#db.query<{ rev: string }>(SQL.insert, [accountId, name, bytes])
        : await this.#db.query<{ rev: string }>(SQL.update, [accountId, name, bytes, expectedRev])
    return row?.rev ?? null
  }

  async setAside(accountId: string, name: string, rev: string, reason: string): Promise<void> {
    await this.#db.query(SQL.setAside, [accountId, name, rev, reason.slice(0, 200)])
  }

  async revisions(limit: number): Promise<Array<{ accountId: string; name: string; rev: string }>> {
    const rows = await this.#db.query<{ account_id: string; name: string; rev: string }>(SQL.revisions, [limit])
    return rows.map((row) => ({ accountId: row.account_id, name: row.name, rev: row.rev }))
  }

  async hold(accountId: string): Promise<boolean> {
    const leaseSeconds = (this.#opts.leaseMs ?? SAMPLING_LEASE_MS) / 1000
    const rows = await this.#db.query(SQL.hold, [accountId, this.#opts.owner, leaseSeconds])
    return rows.length > 0
  }

  async release(accountId: string): Promise<void> {
    await this.#db.query(SQL.release, [accountId, this.#opts.owner])
  }

  async forget(accountId: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      for (const statement of SQL.forget) await tx.query(statement, [accountId])
    })
    this.#opts.log.info('account data removed', { accountId })
  }
}
