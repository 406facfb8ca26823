import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { join } from 'node:path'
import type { PictureEntry } from './manifest-lines'
import type { PackWriter } from './pack-writer'
import { PACK_FILE, packedName, placeOf } from './picture-names'

/** Packs folded at most at one plan: a folder's space comes back over a few syncs, never in one long stop. */
const FOLDS_PER_PLAN = 2

/**
 * Gives back the space of packs mostly dead (pictures changed or groups gone): a pack whose
 * records still named take under half its size has them copied to the pack being written,
 * and the copies' names replace theirs (returned, for the manifest and main's lookup); the old
 * pack, named by nothing any more, goes at the run's sweep. The newest pack is never folded
 * (records would be copied into it), nor one that cannot be read whole: its records stay as
 * they are, and a damaged one is fetched again when shown.
 */
export function foldSparsePacks(
  dir: string,
  thumbs: Iterable<[string, PictureEntry]>,
  writer: PackWriter,
  names: readonly string[],
): Array<[string, PictureEntry]> {
  const numbers = names.flatMap((name) => {
    const pack = PACK_FILE.exec(name)
    return pack ? [Number(pack[1])] : []
  })
  const newest = Math.max(-1, ...numbers)
  const named = new Map<string, Array<[string, PictureEntry]>>()
  for (const [id, entry] of thumbs) {
    const place = placeOf(entry.file)
    if (place?.length === null || place === null) continue
    const list = named.get(place.file) ?? []
    list.push([id, entry])
    named.set(place.file, list)
  }
  const moved: Array<[string, PictureEntry]> = []
  let folds = 0
  for (const pack of numbers.sort((a, b) => a - b)) {
    if (folds >= FOLDS_PER_PLAN || pack === newest) continue
    const file = `pack-${pack}.bin`
    const records = named.get(file) ?? []
    const copied = copyIfSparse(join(dir, file), records, writer)
    if (copied === null) continue
    folds++
    moved.push(...copied)
  }
  return moved
}

/** The records of a pack copied to the writer's, when they take under half of it; null when it is left. */
function copyIfSparse(path: string, records: Array<[string, PictureEntry]>, writer: PackWriter): Array<[string, PictureEntry]> | null {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  try {
    const size = fstatSync(fd).size
    const places = records.map(([, entry]) => placeOf(entry.file)!)
    const live = places.reduce((sum, place) => sum + (place.length ?? 0), 0)
    if (live * 2 >= size || places.some((place) => place.start + (place.length ?? 0) > size)) return null
    return records.map(([id, entry], index) => {
      const place = places[index]!
      const bytes = Buffer.allocUnsafe(place.length!)
      if (readSync(fd, bytes, 0, bytes.byteLength, place.start) !== bytes.byteLength) throw new Error('pack cut short')
      return [id, { ...entry, file: packedName(writer.append(bytes), place.contentHash, place.extension) }]
    })
  } catch {
    return null
  } finally {
    closeSync(fd)
  }
}
