import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { pictureExtension } from './download'
import { placeOf } from './picture-names'

/** Enough for the signatures of JPEG, PNG, WebP and GIF. */
const HEAD_BYTES = 256

/**
 * True when the stored picture `name` in `dir` is all there and still starts the way its
 * format does. A file or pack cut short or overwritten on disk would otherwise be served as an
 * image forever: its URL has not changed, so nothing would fetch it again.
 */
export async function pictureIntact(dir: string, name: string): Promise<boolean> {
  const place = placeOf(name)
  if (place === null) return false
  let handle
  try {
    handle = await open(join(dir, place.file), 'r')
  } catch {
    return false
  }
  try {
    if (place.length !== null && (await handle.stat()).size < place.start + place.length) return false
    const head = Buffer.alloc(Math.min(HEAD_BYTES, place.length ?? HEAD_BYTES))
    const { bytesRead } = await handle.read(head, 0, head.byteLength, place.start)
    return (await pictureExtension(head.subarray(0, bytesRead))) === place.extension
  } catch {
    return false
  } finally {
    await handle.close()
  }
}
