import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { nodeFiles, type FilePort } from './fs-port'

export interface AtomicWriteOptions {
  signal?: AbortSignal
  /**
   * Flush the file and its folder to the disk. Off for files that are cheap to fetch again
   * (pictures), where thousands of fsyncs would cost more than a lost file.
   */
  durable?: boolean
}

/**
 * Every atomic write leaves its temp file as `.<name>.tmp-<pid>-<12 hex>` beside the target, so
 * a later start can tell whose it was: the writer's process id says whether it may still be
 * writing, and the name says which declared file it belongs to (temp-sweep.ts).
 */
export function tempPrefix(path: string): string {
  return `.${basename(path)}.tmp-`
}

const TEMP_NAME = /^\.(.+)\.tmp-(\d{1,10})-[0-9a-f]{12}$/
/** The name writes of earlier versions gave their temps: `.<name>.<12 hex>.tmp`. */
const OLD_TEMP_NAME = /^\.(.+)\.[0-9a-f]{12}\.tmp$/

/** The file a temp name belongs to, and the process that wrote it (null for an older version's temp). */
export function parseTempName(name: string): { target: string; pid: number | null } | null {
  const current = TEMP_NAME.exec(name)
  if (current) return { target: current[1]!, pid: Number(current[2]) }
  const old = OLD_TEMP_NAME.exec(name)
  return old ? { target: old[1]!, pid: null } : null
}

export function cancelledWrite(): AppError {
  return new AppError('cancelled', userText('apiErrors.files.cancelled'))
}

/**
 * Writes `chunks` to `path` so that a crash at any moment leaves the old file or the new
 * one, never a torn mix: write a temp file beside it, fsync it, rename it over the
 * target, then fsync the folder so the rename itself is on the disk. Chunks are written
 * as they come, so a large file never has to sit in memory whole. `dirSynced` false after
 * a durable write means the folder could not be flushed: the file is written, but a power
 * cut in the next moments might still bring the old one back.
 */
export async function writeAtomically(
  files: FilePort,
  path: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: AtomicWriteOptions = {},
): Promise<{ dirSynced: boolean }> {
  const { signal, durable = true } = options
  const temp = join(dirname(path), `${tempPrefix(path)}${process.pid}-${randomBytes(6).toString('hex')}`)
  let renamed = false
  try {
    const file = await files.create(temp)
    try {
      for await (const chunk of chunks) {
        if (signal?.aborted) throw cancelledWrite()
        await file.write(chunk)
      }
      if (durable) await file.sync()
    } finally {
      await file.close()
    }
    if (signal?.aborted) throw cancelledWrite()
    await files.rename(temp, path)
    renamed = true
  } finally {
    if (!renamed) await files.unlink(temp).catch(() => undefined)
  }
  if (!durable) return { dirSynced: false }
  // The new file is in place from here on; failing now would report a save that happened as lost.
  try {
    await files.syncDir(dirname(path))
    return { dirSynced: true }
  } catch {
    return { dirSynced: false }
  }
}

/** A small file written whole, durably and atomically. */
export async function writeFileAtomic(path: string, data: string | Uint8Array, files: FilePort = nodeFiles): Promise<void> {
  await writeAtomically(files, path, [typeof data === 'string' ? Buffer.from(data, 'utf8') : data])
}

/** Removes temp files a crash left behind beside `path`. */
export async function removeStaleTemps(files: FilePort, path: string): Promise<number> {
  const prefix = tempPrefix(path)
  let names: string[]
  try {
    names = await files.readdir(dirname(path))
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    if (!name.startsWith(prefix)) continue
    await files.unlink(join(dirname(path), name)).then(
      () => removed++,
      () => undefined,
    )
  }
  return removed
}
