import { join } from 'node:path'
import { PgOutboxStore } from '../features/stories/outbox/store/pg-store'
import type { OutboxStore } from '../features/stories/outbox/store/outbox-store'
import { openDatabase } from '../platform/db/open-database'
import type { Logger } from '../platform/log/log'
import { APP_FILES } from '../account/files/app-files'

/** Where an engine's outbox lives: the files of each account's folder, an embedded PostgreSQL, or a server. */
export type OutboxStoreKind = 'files' | 'pglite' | 'postgres'

/**
 * The store an engine's environment asks for: `DATABASE_URL` names a PostgreSQL server (a team's,
 * shared by several engines); `STATUSDESK_OUTBOX=pglite` keeps an embedded PostgreSQL in the data
 * folder; otherwise each account's folder holds its own outbox as files (the desktop's way).
 */
export function outboxStoreKind(env: NodeJS.ProcessEnv): OutboxStoreKind {
  if (env['DATABASE_URL']) return 'postgres'
  return env['STATUSDESK_OUTBOX'] === 'pglite' ? 'pglite' : 'files'
}

/** The factory createAppCore takes for the store the environment asks for; undefined for files (its default). */
export function outboxStoreFrom(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  log: Logger,
): ((owner: string) => Promise<OutboxStore>) | undefined {
  const kind = outboxStoreKind(env)
  if (kind === 'files') return undefined
  return async (owner) => {
    const db = await openDatabase({
      folder: join(dataDir, APP_FILES.outboxDatabase.path),
      url: kind === 'postgres' ? env['DATABASE_URL'] : null,
    })
    try {
      return await PgOutboxStore.open({ db, owner, mediaCacheDir: join(dataDir, APP_FILES.outboxMedia.path), log })
    } catch (error) {
      await db.close()
      throw error
    }
  }
}
