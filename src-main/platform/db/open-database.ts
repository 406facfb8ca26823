import type { Database } from './database'
import { openPgliteDatabase } from './pglite-database'
import { openServerDatabase } from './server-database'

/** Where the database is: a PGlite folder, unless a connection string names a server. */
export interface DatabaseTarget {
  /** The folder PGlite keeps its files in (made when missing). */
  folder: string
  /** A `postgres://` connection string (`DATABASE_URL`); empty or absent for PGlite. */
  url?: string | null | undefined
  /** Connections the pool may open to a server. */
  maxConnections?: number
}

/** Opens the target's database: a node-postgres pool when `url` is set, PGlite in `folder` otherwise. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.url) return openServerDatabase(target.url, target.maxConnections)
  return openPgliteDatabase(target.folder)
}
