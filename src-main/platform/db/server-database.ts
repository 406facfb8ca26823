import pg from 'pg'
import type { Database, Row, Sql } from './database'

/** Connections when the caller names no number: the engine's few workers, and pg-boss's own pool beside it. */
const DEFAULT_MAX_CONNECTIONS = 4
/** A server that does not accept a connection within this long is taken as unreachable. */
const CONNECT_TIMEOUT_MS = 10_000

function sqlOf(runner: pg.Pool | pg.PoolClient): Sql {
  return {
    query: async <T extends Row>(text: string, params?: readonly unknown[]) =>
      (await runner.query<T>(text, params ? [...params] : undefined)).rows,
  }
}

/**
 * A PostgreSQL server through a node-postgres pool: several engines (and desktops) share it. pg-boss
 * opens its own pool to the same server (its tested path, and the one its LISTEN/NOTIFY needs);
 * a call that must join one of our transactions is given the transaction's client.
 */
export async function openServerDatabase(url: string, maxConnections = DEFAULT_MAX_CONNECTIONS): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // An idle client whose connection dropped emits here; without a listener the process would exit.
  pool.on('error', () => {})
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end()
    throw error
  }
  const direct = sqlOf(pool)
  return {
    kind: 'server',
    query: direct.query,
    transaction: async (work) => {
      const client = await pool.connect()
      let broken: unknown
      try {
        await client.query('BEGIN')
        const result = await work(sqlOf(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        // A rollback that fails leaves the connection in doubt: released as broken, so the pool drops it.
        await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError))
        throw error
      } finally {
        client.release(broken instanceof Error ? broken : undefined)
      }
    },
    bossOptions: (schema) => ({ connectionString: url, schema, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
    bossTransaction: (tx) => ({ executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.query(text, values) }) }),
    close: () => pool.end(),
  }
}
