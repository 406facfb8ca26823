import { open, stat } from 'node:fs/promises'
import { userText, type UserText } from '@shared/i18n/user-text'

/**
 * Where a story's media comes from. A local file is read (and encoded) while it is being
 * sent, never held in memory whole; `path` must be one main has granted.
 */
export type MediaSource =
  | { kind: 'file'; path: string; mimeType: string }
  | { kind: 'bytes'; bytes: Uint8Array; mimeType: string }
  | { kind: 'url'; url: string; mimeType?: string }
  | { kind: 'media-id'; id: string }

/** Bytes of known length that can be read from the start again for each attempt. */
export interface ByteSource {
  readonly size: number
  /** A chunk is only valid until the next one is asked for: sources may reuse one buffer. */
  chunks(chunkSize: number): AsyncIterable<Uint8Array>
}

/** The file was not what it was when the upload started (or could not be read at all). */
export class MediaReadError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'changed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'changed' ? 'media file changed while being sent' : 'media file unreadable', options)
    this.name = 'MediaReadError'
  }

  /** What the user reads. */
  get text(): UserText {
    return userText(this.reason === 'changed' ? 'apiErrors.media.changed' : 'apiErrors.media.unreadable')
  }
}

/** What the user reads when opening or reading media failed with `error`. */
export function mediaReadText(error: unknown): UserText {
  return error instanceof MediaReadError ? error.text : userText('apiErrors.media.unreadable')
}

export async function fileByteSource(path: string): Promise<ByteSource> {
  let size: number
  try {
    const info = await stat(path)
    if (!info.isFile()) throw new Error('not a regular file')
    size = info.size
  } catch (cause) {
    throw new MediaReadError('unreadable', { cause })
  }
  return {
    size,
    async *chunks(chunkSize) {
      let handle
      try {
        handle = await open(path, 'r')
      } catch (cause) {
        throw new MediaReadError('unreadable', { cause })
      }
      try {
        // One buffer for the whole file: each chunk is encoded before the next read.
        const buffer = Buffer.allocUnsafe(chunkSize)
        let read = 0
        for (;;) {
          let bytesRead: number
          try {
            ;({ bytesRead } = await handle.read(buffer, 0, chunkSize, read))
          } catch (cause) {
            throw new MediaReadError('unreadable', { cause })
          }
          if (bytesRead === 0) break
          read += bytesRead
          // Content-Length was promised from the size at the start; a changed file breaks it.
          if (read > size) break
          yield buffer.subarray(0, bytesRead)
        }
        if (read !== size) throw new MediaReadError('changed')
      } finally {
        await handle.close()
      }
    },
  }
}

export function memoryByteSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    async *chunks(chunkSize) {
      for (let at = 0; at < bytes.byteLength; at += chunkSize) yield bytes.subarray(at, at + chunkSize)
    },
  }
}
