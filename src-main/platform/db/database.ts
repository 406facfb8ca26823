import type { ConstructorOptions, Db } from 'pg-boss'

/** One row as the database gives it: column name to value (text, number, boolean, Date, bytes, parsed JSON). */
export type Row = Record<string, unknown>

/** Runs one statement with `$1`-style parameters. */
export interface Sql {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>
}

/**
 * A database the engine keeps its state in: PGlite in a folder (embedded, no server: the
 * default) or a PostgreSQL server named by a connection string. The same SQL runs on both.
 */
export interface Database extends Sql {
  readonly kind: 'pglite' | 'server'
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Everything inside goes through `tx` (on PGlite another statement waits for the transaction,
   * so a statement on the database itself from inside would wait for ever).
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>
  /** pg-boss's constructor options that put its tables in `schema` of this database. */
  bossOptions(schema: string): ConstructorOptions
  /** `tx` as pg-boss's database, for the `db` option of a call that must join the transaction. */
  bossTransaction(tx: Sql): Db
  close(): Promise<void>
}
