import { open } from 'node:fs/promises'
import { extname } from 'node:path'
import { fileTypeOf, PICTURE_TYPES } from './download'

/** Enough for the signatures of JPEG, PNG, WebP and GIF. */
const HEAD_BYTES = 256

/**
 * True when a stored picture still starts the way its format does. A file cut short or
 * overwritten on disk would otherwise be served as an image forever: its URL has not
 * changed, so nothing would fetch it again.
 */
export async function pictureIntact(path: string): Promise<boolean> {
  let handle
  try {
    handle = await open(path, 'r')
  } catch {
    return false
  }
  try {
    const head = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0)
    const type = await fileTypeOf(head.subarray(0, bytesRead))
    return type !== undefined && PICTURE_TYPES[type.mime] === extname(path).slice(1)
  } catch {
    return false
  } finally {
    await handle.close()
  }
}
