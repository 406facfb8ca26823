import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from '../log/log'

/** The temp names writeFileAtomic (atomic-file.ts) and the account folder record give: `.<name>.<12 hex>.tmp`. */
const TEMP_NAME = /^\.(history\.json|composer\.json|item\.json|account\.json)\.[0-9a-f]{12}\.tmp$/
/** A write in flight is younger than this; a temp file older was left by a run that was killed. */
export const STALE_TEMP_MS = 10 * 60 * 1000
/** Bounds the work in a folder someone filled with entries. */
const MAX_ENTRIES = 10_000

async function sweepFolder(dir: string, now: number, log: Logger): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  let removed = 0
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    if (!entry.isFile() || !TEMP_NAME.test(entry.name)) continue
    const path = join(dir, entry.name)
    try {
      if (now - (await stat(path)).mtimeMs < STALE_TEMP_MS) continue
      await rm(path, { force: true })
      removed++
    } catch (error) {
      log.warn('stale temp file not removed', { name: entry.name, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return removed
}

/**
 * Removes the temp files of writes that never finished (the app was killed between write
 * and rename) from an account's folder, its drafts and each outbox item. Only our own
 * names, and only stale ones, so a write in progress elsewhere is never touched.
 */
export async function sweepStaleTempFiles(accountDir: string, log: Logger, now = Date.now()): Promise<number> {
  let removed = await sweepFolder(accountDir, now, log)
  removed += await sweepFolder(join(accountDir, 'drafts'), now, log)
  const outbox = join(accountDir, 'outbox')
  const items = await readdir(outbox, { withFileTypes: true }).catch(() => [])
  for (const item of items.slice(0, MAX_ENTRIES)) if (item.isDirectory()) removed += await sweepFolder(join(outbox, item.name), now, log)
  if (removed > 0) log.info('stale temp files removed', { removed })
  return removed
}
