import { mkdir, open, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { Sql } from '../../../../platform/db/database'
import { writeFileAtomic } from '../../../../platform/files/atomic-write'
import { SQL } from './pg-sql'

/** Account ids are folder names (AccountIdSchema); anything else never becomes a path. */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/

function tooLarge(maxBytes: number): AppError {
  return new AppError('too-large', userText('mediaErrors.file.tooLarge', { limit: maxBytes }))
}

/** The file's bytes, refused past `maxBytes` (checked before reading, and again as it is read: it may grow meanwhile). */
export async function readMedia(path: string, maxBytes: number): Promise<Buffer> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    if (size > maxBytes) throw tooLarge(maxBytes)
    const buffer = Buffer.alloc(size + 1)
    let length = 0
    for (;;) {
      const { bytesRead } = await file.read(buffer, length, buffer.length - length, length)
      if (bytesRead === 0) break
      length += bytesRead
      if (length > size) throw tooLarge(maxBytes)
    }
    return buffer.subarray(0, length)
  } finally {
    await file.close()
  }
}

function bytesOf(value: unknown): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  throw new Error('outbox store: a media row holds no bytes')
}

/**
 * Media kept in the database, copied out to a local folder when an upload needs a file: each
 * engine has its own copies, written atomically and checked against the stored size, so a copy
 * cut short by a crash is written again.
 */
export class MediaCache {
  readonly #root: string
  readonly #maxBytes: number

  constructor(root: string, maxBytes: number) {
    this.#root = root
    this.#maxBytes = maxBytes
  }

  #path(accountId: string, id: string): string {
    if (!SAFE_NAME.test(accountId) || !SAFE_NAME.test(id)) throw new Error('outbox store: not a name for a media copy')
    return join(this.#root, accountId, id)
  }

  /** A local file with the item's media, copied out of the database unless an intact copy is there. */
  async materialise(db: Sql, accountId: string, id: string): Promise<string> {
    const path = this.#path(accountId, id)
    const [row] = await db.query<{ size: number }>(SQL.mediaSize, [accountId, id])
    if (!row) throw Object.assign(new Error('outbox store: the item has no media'), { code: 'ENOENT' })
    const size = Number(row.size)
    // A row larger than any story may carry was not written by this store: not copied onto the disk.
    if (size > this.#maxBytes) throw tooLarge(this.#maxBytes)
    const existing = await stat(path).catch(() => null)
    if (existing?.isFile() && existing.size === size) return path
    const [media] = await db.query<{ bytes: unknown }>(SQL.mediaBytes, [accountId, id])
    if (!media) throw Object.assign(new Error('outbox store: the item has no media'), { code: 'ENOENT' })
    await mkdir(join(this.#root, accountId), { recursive: true, mode: 0o700 })
    await writeFileAtomic(path, bytesOf(media.bytes))
    return path
  }

  async forget(accountId: string, id: string): Promise<void> {
    await rm(this.#path(accountId, id), { force: true })
  }
}
