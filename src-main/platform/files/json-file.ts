import { randomBytes } from 'node:crypto'
import { open, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { z } from 'zod'

/**
 * Writes a file so that a crash at any moment leaves either the old content or the new,
 * never a torn mix: write a temp file beside it, flush it to disk, rename it over the
 * target, then flush the folder so the rename itself survives a power cut.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await open(temp, 'w', 0o600)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } catch (error) {
    await handle.close()
    await rm(temp, { force: true })
    throw error
  }
  await handle.close()
  try {
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  await syncDirectory(dirname(path))
}

async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open a folder for flushing; its rename is already durable enough.
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  return writeFileAtomic(path, JSON.stringify(value, null, 1))
}

export type JsonRead<T> = { status: 'ok'; value: T } | { status: 'missing' } | { status: 'corrupt'; reason: string }

/** Reads and parses a JSON file with its schema; a file that fails either is reported, not thrown. */
export async function readJsonFile<S extends z.ZodType>(path: string, schema: S): Promise<JsonRead<z.output<S>>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' }
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { status: 'corrupt', reason: 'not JSON' }
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) return { status: 'corrupt', reason: parsed.error.issues[0]?.message ?? 'invalid' }
  return { status: 'ok', value: parsed.data }
}

/** Moves a file that could not be read out of the way, keeping it for inspection. */
export async function setAside(path: string, now = new Date()): Promise<string> {
  const target = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`
  await rename(path, target)
  return target
}
