import type { StoredAccount } from '../account/accounts/account-records'
import type { SharedAccountRegistry, SharedAccountRow } from '../account/accounts/shared-registry'
import type { Database, Sql } from '../platform/db/database'
import { AGENT_LOCK_CLASS, AGENT_SCHEMA, migrateAgentSchema } from './devices'

/** An entry larger than this is not read: an account's is well under 4 KB. */
export const MAX_ENTRY_BYTES = 64 * 1024
/** The second key of the agent's advisory lock taken by every write: writes commit in the order of their change numbers. */
const WRITE_LOCK = 1

// developer-only: SQL run against the database, never shown.
const SQL = {
  lock: `SELECT pg_advisory_xact_lock(${AGENT_LOCK_CLASS}, ${WRITE_LOCK})`,
  write: `INSERT INTO ${AGENT_SCHEMA}.accounts (id, change, entry, remove_data, changed_at)
    VALUES ($1, nextval('${AGENT_SCHEMA}.account_changes'), $2::jsonb, $3, now())
    ON CONFLICT (id) DO UPDATE SET change = EXCLUDED.change, entry = EXCLUDED.entry, remove_data = EXCLUDED.remove_data,
      changed_at = EXCLUDED.changed_at
    RETURNING change::text AS change`,
}
// developer-only: the columns every read selects; an entry too large is left out.
const COLUMNS = `id, change::text AS change, remove_data, entry IS NULL AS removed,
  CASE WHEN octet_length(entry::text) <= ${MAX_ENTRY_BYTES} THEN entry END AS entry`
// developer-only: SQL run against the database, never shown.
const READ = {
  after: `SELECT ${COLUMNS} FROM ${AGENT_SCHEMA}.accounts WHERE change > $1 ORDER BY change LIMIT $2`,
  one: `SELECT ${COLUMNS} FROM ${AGENT_SCHEMA}.accounts WHERE id = $1`,
}

type Row = { id: string; change: string; remove_data: boolean; removed: boolean; entry: unknown }

function rowOf(row: Row): SharedAccountRow {
  // An entry too large to read is not selected: it reads as no entry at all, which no account is.
  const entry = row.removed ? null : row.entry === null ? undefined : row.entry
  return { id: row.id, change: Number(row.change), entry, removeData: row.remove_data }
}

/**
 * The accounts shared by the agents on one PostgreSQL server, in `statusdesk_agent.accounts`:
 * one row per account, its entry with the provider token sealed with the operator's key (a
 * removed account keeps its row, without entry, so every agent learns it left). Rows are read by
 * change number past the last one seen.
 */
export class PgAccountRegistry implements SharedAccountRegistry {
  readonly #db: Database

  private constructor(db: Database) {
    this.#db = db
  }

  static async open(db: Database): Promise<PgAccountRegistry> {
    await migrateAgentSchema(db)
    return new PgAccountRegistry(db)
  }

  async changesAfter(after: number, limit: number): Promise<SharedAccountRow[]> {
    const rows = await this.#db.query<Row>(READ.after, [after, limit])
    return rows.map(rowOf)
  }

  async rowOf(id: string): Promise<SharedAccountRow | null> {
    const [row] = await this.#db.query<Row>(READ.one, [id])
    return row ? rowOf(row) : null
  }

  put(account: StoredAccount): Promise<number> {
    return this.#write(account.id, JSON.stringify(account), false)
  }

  remove(id: string, removeData: boolean): Promise<number> {
    return this.#write(id, null, removeData)
  }

  #write(id: string, entry: string | null, removeData: boolean): Promise<number> {
    return this.#db.transaction(async (tx: Sql) => {
      await tx.query(SQL.lock)
      const [row] = await tx.query<{ change: string }>(SQL.write, [id, entry, removeData])
      return Number(row?.change ?? 0)
    })
  }
}
