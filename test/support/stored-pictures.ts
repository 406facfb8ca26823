import { open, readFile, truncate } from 'node:fs/promises'
import { join } from 'node:path'
import { placeOf } from '../../src-main/features/groups/pictures/picture-names'

/** Where the stored picture a name stands for is, in the pictures folder `dir`. */
function placed(dir: string, name: string) {
  const place = placeOf(name)
  if (place === null) throw new Error(`not a stored picture's name: ${name}`)
  return { ...place, path: join(dir, place.file) }
}

/** The bytes a stored picture's name stands for: its file, or its record in a pack. */
export async function storedBytes(dir: string, name: string): Promise<Buffer> {
  const place = placed(dir, name)
  const bytes = await readFile(place.path)
  return place.length === null ? bytes : bytes.subarray(place.start, place.start + place.length)
}

/** Writes `bytes` over the start of a stored picture, as a disk or a crash could. */
export async function overwriteStored(dir: string, name: string, bytes: Buffer): Promise<void> {
  const place = placed(dir, name)
  const file = await open(place.path, 'r+')
  try {
    await file.write(bytes, 0, bytes.byteLength, place.start)
  } finally {
    await file.close()
  }
}

/** Cuts the file holding a stored picture `kept` bytes into it, as a crash could. */
export async function cutStored(dir: string, name: string, kept: number): Promise<void> {
  const place = placed(dir, name)
  await truncate(place.path, place.start + kept)
}
