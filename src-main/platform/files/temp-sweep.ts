import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from '../log/log'
import { parseTempName } from './atomic-write'

/** A write in flight is younger than this; a temp file older was left by a run that was killed. */
export const STALE_TEMP_MS = 10 * 60 * 1000
/** Bounds the work in a folder someone filled with entries. */
const MAX_ENTRIES = 10_000

export interface SweepOptions {
  log: Logger
  now?: number
  /** Whether a process still runs; the system's answer by default. */
  isAlive?: (pid: number) => boolean
}

export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes from `dir` the temp files of writes that never finished, for the files `owns`
 * accepts by name. A temp whose writer is gone (another process id that no longer runs) goes
 * at once, so a sync killed mid-way does not leave its partial snapshot until some later
 * load; one of this process, of a process still running, or of an older version (no id) goes
 * only once older than ten minutes, so a write in progress is never touched.
 */
export async function sweepTemps(dir: string, owns: (target: string) => boolean, options: SweepOptions): Promise<number> {
  const { log } = options
  const now = options.now ?? Date.now()
  const isAlive = options.isAlive ?? processAlive
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  let removed = 0
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    const temp = entry.isFile() ? parseTempName(entry.name) : null
    if (!temp || !owns(temp.target)) continue
    const path = join(dir, entry.name)
    try {
      const orphaned = temp.pid !== null && temp.pid !== process.pid && !isAlive(temp.pid)
      if (!orphaned && now - (await stat(path)).mtimeMs < STALE_TEMP_MS) continue
      await rm(path, { force: true })
      removed++
    } catch (error) {
      log.warn('stale temp file not removed', { name: entry.name, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return removed
}
