import { rename } from 'node:fs/promises'
import type { z } from 'zod'
import { writeFileAtomic } from './atomic-write'
import { FileTooLarge, NotAPlainFile, readPlainFile } from './plain-file'

/** Files past this are not JSON the app wrote: one someone filled is refused from its size, never read. */
const MAX_JSON_BYTES = 64 * 1024 * 1024

/**
 * Writes `value` as the JSON file `path`, atomically, once `schema` (the one it is read back
 * with) accepts it: a value that would not read back is refused here and the file on disk
 * stays as it was, rather than be written and set aside, with all it held, at the next read.
 */
export function writeJsonAtomic(path: string, value: unknown, schema: z.ZodType): Promise<void> {
  const checked = schema.safeParse(value)
  if (!checked.success) {
    const issue = checked.error.issues[0]
    // developer-only: a value that escaped its checks; the log says which field
    return Promise.reject(new Error(`not written, its schema refuses ${issue?.path.join('.') || 'it'}: ${issue?.message ?? 'invalid'}`))
  }
  return writeFileAtomic(path, JSON.stringify(value, null, 1))
}

export type JsonRead<T> = { status: 'ok'; value: T } | { status: 'missing' } | { status: 'corrupt'; reason: string }

/**
 * Reads and parses a JSON file with its schema; a file that fails either is reported, not
 * thrown. So is one that is not a plain file (a link is not followed) or is past the cap.
 */
export async function readJsonFile<S extends z.ZodType>(path: string, schema: S): Promise<JsonRead<z.output<S>>> {
  let bytes: Buffer
  try {
    bytes = await readPlainFile(path, MAX_JSON_BYTES)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' }
    if (error instanceof FileTooLarge) return { status: 'corrupt', reason: 'too large' }
    // developer-only: a reason goes to the log; the user reads the file's set-aside notice
    if (error instanceof NotAPlainFile) return { status: 'corrupt', reason: 'not a plain file' }
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    return { status: 'corrupt', reason: 'not JSON' }
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) return { status: 'corrupt', reason: parsed.error.issues[0]?.message ?? 'invalid' }
  return { status: 'ok', value: parsed.data }
}

/** The stamp set-aside copies carry, `2025-03-01T10-20-30-123Z`: sortable, and valid in a file name on every platform. */
export function setAsideStamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-')
}

/** Moves a file that could not be read out of the way, keeping it for inspection. */
export async function setAside(path: string, now = new Date()): Promise<string> {
  const target = `${path}.corrupt-${setAsideStamp(now)}`
  await rename(path, target)
  return target
}
