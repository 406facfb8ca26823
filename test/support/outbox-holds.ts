import pg from 'pg'

/**
 * Holds an engine's write to its outbox at one moment of a send, from outside the engine: a
 * trigger the test adds to the store's table makes an UPDATE of one account's item from one
 * state to another wait for an advisory lock this helper's own connection holds. The engine's
 * write blocks inside its transaction (nothing of it is committed) until the hold is let go.
 * Nothing in the product knows of it: the database does the holding.
 */
export interface OutboxHolds {
  /** Makes the account's next `from` → `to` change of an item (`to` `deleted`: its removal) wait until `releaseAll()`. */
  hold(accountId: string, from: string, to: string, key: number): Promise<void>
  /** Whether an engine's write is waiting on the hold `key` now. */
  waiting(key: number): Promise<boolean>
  /** Lets every held write go on, then takes the trigger away. */
  releaseAll(): Promise<void>
  end(): Promise<void>
}

const SETUP = [
  `CREATE TABLE IF NOT EXISTS public.fault_holds (account_id text, from_state text, to_state text, lock_key bigint)`,
  `CREATE OR REPLACE FUNCTION public.fault_hold() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE held bigint;
    BEGIN
      SELECT lock_key INTO held FROM public.fault_holds
        WHERE account_id = OLD.account_id AND from_state = OLD.state
          AND to_state = CASE WHEN TG_OP = 'DELETE' THEN 'deleted' ELSE NEW.state END LIMIT 1;
      IF held IS NOT NULL THEN PERFORM pg_advisory_xact_lock_shared(held); END IF;
      RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END $$`,
  `DROP TRIGGER IF EXISTS fault_hold ON statusdesk.outbox_items`,
  `CREATE TRIGGER fault_hold BEFORE UPDATE OR DELETE ON statusdesk.outbox_items FOR EACH ROW EXECUTE FUNCTION public.fault_hold()`,
]

/** Adds the trigger to the store at `url` (its tables must exist: the engine made them at start). */
export async function outboxHolds(url: string): Promise<OutboxHolds> {
  const client = new pg.Client({ connectionString: url })
  // A server stopped under it ends the connection: said by the next query, not thrown at large.
  client.on('error', () => undefined)
  await client.connect()
  for (const statement of SETUP) await client.query(statement)
  const keys: number[] = []
  return {
    async hold(accountId, from, to, key) {
      // Taken before the hold is written: no write can pass between the two.
      await client.query('SELECT pg_advisory_lock($1)', [key])
      keys.push(key)
      await client.query('INSERT INTO public.fault_holds VALUES ($1, $2, $3, $4)', [accountId, from, to, key])
    },
    async waiting(key) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = 0 AND objid = $1 AND objsubid = 1`,
        [key],
      )
      return (rows[0]?.n ?? 0) > 0
    },
    async releaseAll() {
      await client.query('DELETE FROM public.fault_holds')
      for (const key of keys.splice(0)) await client.query('SELECT pg_advisory_unlock($1)', [key])
      // Waits for the held transactions to end (their engine is gone: they roll back).
      await client.query('DROP TRIGGER IF EXISTS fault_hold ON statusdesk.outbox_items')
    },
    end: () => client.end(),
  }
}

export interface OpenItem {
  accountId: string
  state: string
  caption: string
  /** How many times the engine looked for it on its server (an unknown outcome). */
  serverChecks: number
}

/** The outbox items still in the store, read straight from PostgreSQL. */
export async function openItems(url: string): Promise<OpenItem[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ account_id: string; state: string; item: Record<string, unknown> }>(
      'SELECT account_id, state, item FROM statusdesk.outbox_items',
    )
    return rows.map((row) => {
      const payload = row.item['payload'] as { request?: { caption?: string } } | undefined
      const error = row.item['lastError'] as { details?: Record<string, unknown> } | null | undefined
      const checks = error?.details?.['serverChecks']
      return {
        accountId: row.account_id,
        state: row.state,
        caption: payload?.request?.caption ?? '',
        serverChecks: typeof checks === 'number' ? checks : 0,
      }
    })
  } finally {
    await client.end()
  }
}
