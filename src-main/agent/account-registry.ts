import type { StoredAccount } from '../account/accounts/account-records'
import type { SharedAccountRegistry, SharedAccountRow } from '../account/accounts/shared-registry'
import type { Database, Sql } from '../platform/db/database'
import { AGENT_LOCK_CLASS, AGENT_SCHEMA, migrateAgentSchema } from './devices'

/** An entry larger than this is not read: an account's is well under 4 KB. */
export const MAX_ENTRY_BYTES = 64 * 1024
/** The second key of the agent's advisory lock taken by every write: writes commit in the order of their change numbers. */
const WRITE_LOCK = 1
/** Live rows claiming one server and token looked at by a connect: more than one is already a forgery or a lost race of old. */
const CLAIM_CANDIDATES = 20

// developer-only: the columns every read selects; an entry too large is left out.
const COLUMNS = `id, change::text AS change, remove_data, entry IS NULL AS removed,
  CASE WHEN octet_length(entry::text) <= ${MAX_ENTRY_BYTES} THEN entry END AS entry`
// developer-only: SQL run against the database, never shown.
const SQL = {
  lock: `SELECT pg_advisory_xact_lock(${AGENT_LOCK_CLASS}, ${WRITE_LOCK})`,
  write: `INSERT INTO ${AGENT_SCHEMA}.accounts (id, change, entry, remove_data, changed_at)
    VALUES ($1, nextval('${AGENT_SCHEMA}.account_changes'), $2::jsonb, $3, now())
    ON CONFLICT (id) DO UPDATE SET change = EXCLUDED.change, entry = EXCLUDED.entry, remove_data = EXCLUDED.remove_data,
      changed_at = EXCLUDED.changed_at
    RETURNING ${COLUMNS}`,
  livePair: `SELECT ${COLUMNS} FROM ${AGENT_SCHEMA}.accounts
    WHERE entry->>'fingerprint' = $1 AND entry IS NOT NULL ORDER BY change LIMIT ${CLAIM_CANDIDATES}`,
  prune: `DELETE FROM ${AGENT_SCHEMA}.accounts WHERE id IN (
      SELECT id FROM ${AGENT_SCHEMA}.accounts WHERE entry IS NULL AND changed_at < now() - $1::double precision * interval '1 millisecond'
      ORDER BY changed_at LIMIT $2)
    RETURNING change::text AS change`,
  raisePruned: `UPDATE ${AGENT_SCHEMA}.accounts_pruned SET through = GREATEST(through, $1)`,
  pruned: `SELECT through::text AS through FROM ${AGENT_SCHEMA}.accounts_pruned`,
}
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
 * removed account keeps its row, without entry, so every agent learns it left, until the prune
 * takes it: see `pruneRemoved`). Rows are read by change number past the last one seen.
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
    return this.#write(account.id, JSON.stringify(account), false).then((row) => row.change)
  }

  remove(id: string, removeData: boolean): Promise<number> {
    return this.#write(id, null, removeData).then((row) => row.change)
  }

  /**
   * Looks for a live row of the same server and token and writes the entry only when none may
   * stand for it, both under the write lock: of two agents connecting one pair at once, the
   * second finds the first's row. Rows are the database's, so `usable` says which may stand.
   */
  claim(account: StoredAccount, usable: (row: SharedAccountRow) => boolean): Promise<SharedAccountRow> {
    return this.#db.transaction(async (tx: Sql) => {
      await tx.query(SQL.lock)
      const rows = (await tx.query<Row>(SQL.livePair, [account.fingerprint ?? ''])).map(rowOf)
      return rows.find(usable) ?? rowOf((await tx.query<Row>(SQL.write, [account.id, JSON.stringify(account), false]))[0]!)
    })
  }

  /**
   * Deletes at most `limit` rows of accounts removed more than `olderThanMs` ago (by the
   * database's clock), and raises the pruned mark past them in the same transaction: an agent
   * that had not read that far learns it may have missed a removal (shared-accounts.ts).
   */
  pruneRemoved(olderThanMs: number, limit: number): Promise<number> {
    return this.#db.transaction(async (tx: Sql) => {
      await tx.query(SQL.lock)
      const gone = await tx.query<{ change: string }>(SQL.prune, [olderThanMs, limit])
      const through = Math.max(0, ...gone.map((row) => Number(row.change)))
      if (through > 0) await tx.query(SQL.raisePruned, [through])
      return gone.length
    })
  }

  async prunedThrough(): Promise<number> {
    const [row] = await this.#db.query<{ through: string }>(SQL.pruned)
    return Number(row?.through ?? 0)
  }

  #write(id: string, entry: string | null, removeData: boolean): Promise<SharedAccountRow> {
    return this.#db.transaction(async (tx: Sql) => {
      await tx.query(SQL.lock)
      const [row] = await tx.query<Row>(SQL.write, [id, entry, removeData])
      return row ? rowOf(row) : { id, change: 0, entry: null, removeData }
    })
  }
}
