import { open, readdir, mkdir, rename, unlink } from 'node:fs/promises'
import { readPlainFile } from './plain-file'

/** An open file being written. */
export interface WritableFile {
  write(data: Uint8Array): Promise<unknown>
  /** Flushes the file's data to the disk (fsync). */
  sync(): Promise<void>
  close(): Promise<void>
}

/**
 * The file operations the cache needs. The app uses the real file system; tests hand in
 * one that fails at a chosen step to prove a crash between two steps loses nothing.
 */
export interface FilePort {
  /**
   * A plain file's bytes: a link, a pipe or a device is refused (NotAPlainFile), and a file
   * past `maxBytes` is refused from its size (FileTooLarge), never read (see plain-file.ts).
   */
  readFile(path: string, options?: { maxBytes?: number }): Promise<Buffer>
  /** Creates (or truncates) a file for writing, readable by its owner only. */
  create(path: string): Promise<WritableFile>
  /** Opens a file to write at its end, created (readable by its owner only) when it is not there. */
  append(path: string): Promise<WritableFile>
  rename(from: string, to: string): Promise<void>
  unlink(path: string): Promise<void>
  readdir(path: string): Promise<string[]>
  /**
   * Creates one folder if it is not there. Never its parents: an account folder deleted at
   * sign-out must not be brought back by a write still under way.
   */
  mkdir(path: string): Promise<void>
  /** Flushes a folder's entries, so a rename inside it survives a power cut. */
  syncDir(path: string): Promise<void>
}

async function writable(path: string, flags: 'w' | 'a'): Promise<WritableFile> {
  const handle = await open(path, flags, 0o600)
  return {
    write: (data) => handle.write(data),
    sync: () => handle.sync(),
    close: () => handle.close(),
  }
}

/** Folder fsync is a POSIX idea: Windows cannot open a folder for it, some file systems refuse it. */
const DIR_SYNC_UNSUPPORTED = new Set(['EINVAL', 'EPERM', 'EISDIR', 'ENOTSUP', 'EBADF', 'EACCES'])

export const nodeFiles: FilePort = {
  readFile: (path, options) => readPlainFile(path, options?.maxBytes),
  create: (path) => writable(path, 'w'),
  append: (path) => writable(path, 'a'),
  rename: (from, to) => rename(from, to),
  unlink: (path) => unlink(path),
  readdir: (path) => readdir(path),
  mkdir: async (path) => {
    try {
      await mkdir(path, { mode: 0o700 })
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') throw error
    }
  },
  syncDir: async (path) => {
    if (process.platform === 'win32') return
    let handle
    try {
      handle = await open(path, 'r')
      await handle.sync()
    } catch (error) {
      if (!DIR_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error
    } finally {
      await handle?.close()
    }
  },
}

export function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}
