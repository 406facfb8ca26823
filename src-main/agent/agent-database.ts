import { join } from 'node:path'
import { APP_FILES } from '../account/files/app-files'
import type { Database } from '../platform/db/database'
import { openDatabase } from '../platform/db/open-database'

/**
 * The waits between attempts to reach the database at start: short at first (a server starting
 * beside the agent, as in compose), then once a minute, never longer. The agent keeps trying
 * and says so each time; it never sits idle looking ready.
 */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000]

/** Where the agent keeps its state: PostgreSQL in its data folder (PGlite), unless DATABASE_URL names a server. */
export interface AgentDatabaseTarget {
  folder: string
  url: string | null
}

export function agentDatabaseTarget(env: Readonly<Record<string, string | undefined>>, dataDir: string): AgentDatabaseTarget {
  return { folder: join(dataDir, APP_FILES.outboxDatabase.path), url: env['DATABASE_URL'] || null }
}

/** The database as the operator may read it: the server's host, port and database (never the user or password), or the folder. */
export function describeDatabase(target: AgentDatabaseTarget): string {
  if (target.url === null) return target.folder
  try {
    const url = new URL(target.url)
    return `${url.protocol}//${url.host}${url.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

export interface RetryOptions {
  delays?: readonly number[]
  /** Told before each wait: the attempt that failed (1 first), the wait, the failure. */
  onFailure: (failure: { attempt: number; retryInMs: number; error: unknown }) => void
  sleep?: (ms: number) => Promise<void>
  /** Stops the attempts (the agent is asked to stop meanwhile): the last failure is thrown. */
  stopped?: () => boolean
}

/**
 * Opens the database, trying again after each failure with a growing wait (the last of `delays`
 * repeats): a server that is down when the agent starts is waited for, and each failure is
 * said. A PGlite folder that another process holds is refused at once: waiting would not help.
 */
export async function openWithRetry(target: AgentDatabaseTarget, options: RetryOptions): Promise<Database> {
  const delays = options.delays ?? RETRY_DELAYS_MS
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase({ folder: target.folder, url: target.url })
    } catch (error) {
      if (target.url === null || options.stopped?.()) throw error
      const retryInMs = delays[Math.min(attempt - 1, delays.length - 1)] ?? 60_000
      options.onFailure({ attempt, retryInMs, error })
      await sleep(retryInMs)
      if (options.stopped?.()) throw error
    }
  }
}
