import { HttpError } from '../protocol/http'
import { parsePictureName, renderPicture } from '../data/pictures'

const cache = new Map<string, Buffer>()
const CACHE_CAP = 256

/** GET /__emulator/pictures/<digits>.png or <digits>-full.png: a picture drawn from the id. */
export function picture(name: string): Buffer {
  const parsed = parsePictureName(name)
  if (parsed === undefined) throw new HttpError(404, 'Picture not found')
  const key = `${parsed.key}/${parsed.size}`
  let png = cache.get(key)
  if (png === undefined) {
    png = renderPicture(parsed.key, parsed.size)
    if (cache.size >= CACHE_CAP) cache.delete(cache.keys().next().value as string)
    cache.set(key, png)
  }
  return png
}
