import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs'
import { lstat, open, type FileHandle } from 'node:fs/promises'

/**
 * Reads inside the data folder: of plain files only, never through a link, sized before read.
 * A link there (to a file elsewhere, to /dev/zero) was not made by the app, nor was a pipe or
 * a device: each is refused, not followed, and a file larger than its reader's bound is refused
 * from its size alone, never read into memory first. O_NOFOLLOW refuses a link where the
 * system has it; elsewhere (Windows) the path is looked at first. O_NONBLOCK keeps a pipe from
 * holding the open until someone writes to it; a plain file reads the same with it.
 */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0
const READ_FLAGS = constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0)

/** The path is a link, a folder, a pipe or a device: not a file the app wrote. */
export class NotAPlainFile extends Error {
  constructor() {
    // developer-only: callers turn it into their own set-aside or refusal
    super('not a plain file')
    this.name = 'NotAPlainFile'
  }
}

/** The file is larger than its reader takes: not a file the app wrote. */
export class FileTooLarge extends Error {
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    // developer-only: callers turn it into their own set-aside or refusal
    super(`file of ${size} bytes, past ${maxBytes}`)
    this.name = 'FileTooLarge'
  }
}

/** Opens a plain file for reading, not through a link; the handle and its size. ENOENT as the system says it. */
export async function openPlainFile(path: string): Promise<{ handle: FileHandle; size: number }> {
  if (NO_FOLLOW === 0 && (await lstat(path)).isSymbolicLink()) throw new NotAPlainFile()
  let handle: FileHandle
  try {
    handle = await open(path, READ_FLAGS)
  } catch (error) {
    // What O_NOFOLLOW answers for a link: ELOOP (Linux, macOS), EMLINK (FreeBSD).
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ELOOP' || code === 'EMLINK') throw new NotAPlainFile()
    throw error
  }
  const info = await handle.stat().catch(async (error: unknown) => {
    await handle.close()
    throw error
  })
  if (!info.isFile()) {
    await handle.close()
    throw new NotAPlainFile()
  }
  return { handle, size: info.size }
}

/** readPlainFile for the few reads that must be synchronous (the store files and account folders read at start). */
export function readPlainFileSync(path: string, maxBytes: number): Buffer {
  if (NO_FOLLOW === 0 && lstatSync(path).isSymbolicLink()) throw new NotAPlainFile()
  let fd: number
  try {
    fd = openSync(path, READ_FLAGS)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ELOOP' || code === 'EMLINK') throw new NotAPlainFile()
    throw error
  }
  try {
    const info = fstatSync(fd)
    if (!info.isFile()) throw new NotAPlainFile()
    if (info.size > maxBytes) throw new FileTooLarge(info.size, maxBytes)
    const buffer = Buffer.allocUnsafe(info.size)
    let filled = 0
    while (filled < info.size) {
      const read = readSync(fd, buffer, filled, info.size - filled, filled)
      if (read === 0) break
      filled += read
    }
    return buffer.subarray(0, filled)
  } finally {
    closeSync(fd)
  }
}

/** A plain file's bytes (see openPlainFile), refused before any is read when it is larger than `maxBytes`. */
export async function readPlainFile(path: string, maxBytes = Number.MAX_SAFE_INTEGER): Promise<Buffer> {
  const { handle, size } = await openPlainFile(path)
  try {
    if (size > maxBytes) throw new FileTooLarge(size, maxBytes)
    const buffer = Buffer.allocUnsafe(size)
    let filled = 0
    // Its size when opened, and no more: a file that grows meanwhile is read as it was.
    while (filled < size) {
      const { bytesRead } = await handle.read(buffer, filled, size - filled, filled)
      if (bytesRead === 0) break
      filled += bytesRead
    }
    return filled === size ? buffer : buffer.subarray(0, filled)
  } finally {
    await handle.close()
  }
}
