/**
 * The names a stored picture goes by, and where each one's bytes are. A group's thumbnail is
 * a record in a pack, a file appended to (tens of thousands of thumbnails at a big account's
 * first sync: creating a file each cost the kernel more than downloading it); a full picture,
 * fetched one at a time when shown, is a file of its own, as thumbnails of earlier versions
 * are. Either name says the bytes it stands for and never stands for others: a pack's record
 * is never written over, so the renderer may keep what a name served for as long as it likes.
 * Read by main and the picture worker alike: nothing here loads more than a regular expression.
 */

/** A picture in a file of its own: the group's hash, the content's hash, the format. */
export const PICTURE_FILE = /^[a-f0-9]{24}-([a-f0-9]{16})\.(jpg|png|webp|gif)$/
/** A record in a pack: the pack's number, its offset and length there (hex), the content's hash, the format. */
const PACKED_PICTURE = /^p(\d{1,6})-([0-9a-f]{1,9})-([0-9a-f]{1,6})-([a-f0-9]{16})\.(jpg|png|webp|gif)$/
/** A pack file. */
export const PACK_FILE = /^pack-(\d{1,6})\.bin$/

/** A pack takes no more records once this long: a folder's space comes back a pack at a time. */
export const MAX_PACK_BYTES = 32 * 1024 * 1024
/** The largest record a name may say: far above any thumbnail's cap. */
const MAX_RECORD_BYTES = 16 * 1024 * 1024

/** Where a stored picture's bytes are: a file of the folder, from `start`, `length` of them (null: the whole file). */
export interface PicturePlace {
  file: string
  start: number
  length: number | null
  extension: string
  /** The hash of the picture's bytes its name carries. */
  contentHash: string
}

export const packFile = (pack: number): string => `pack-${pack}.bin`

export function packedName(place: { pack: number; offset: number; length: number }, contentHash: string, extension: string): string {
  return `p${place.pack}-${place.offset.toString(16)}-${place.length.toString(16)}-${contentHash}.${extension}`
}

/** Where the picture a name stands for is, or null for a name no version of the app writes. */
export function placeOf(name: string): PicturePlace | null {
  const single = PICTURE_FILE.exec(name)
  if (single) return { file: name, start: 0, length: null, extension: single[2] as string, contentHash: single[1] as string }
  const packed = PACKED_PICTURE.exec(name)
  if (!packed) return null
  const start = parseInt(packed[2] as string, 16)
  const length = parseInt(packed[3] as string, 16)
  // A record starts inside its pack (the last one may run past the pack's bound) and holds some bytes.
  if (start >= MAX_PACK_BYTES || length === 0 || length > MAX_RECORD_BYTES) return null
  return { file: packFile(Number(packed[1])), start, length, extension: packed[5] as string, contentHash: packed[4] as string }
}

export const isPictureName = (name: string): boolean => placeOf(name) !== null
