import type { Group } from '@shared/domain'
import { SLOT, TEXT_SLOTS, textAt, type GroupColumns } from './group-columns'
import { REF_FIELDS, type PackedRefs } from './packed-refs'

/** What a group's pictures are known by. */
export type PictureRef = Pick<Group, 'id' | 'chat_pic' | 'chat_pic_full'>

/** Where a group's cached pictures are served on our own origin, if they are. */
export interface PictureLookup {
  thumb(group: PictureRef): string | null
  full(group: PictureRef): string | null
}

/** The pictures of the group at `at`. */
export function pictureRefAt(columns: GroupColumns, at: number): PictureRef {
  const picture = textAt(columns, at, SLOT.picture)
  const full = textAt(columns, at, SLOT.pictureFull)
  return {
    id: textAt(columns, at, SLOT.id),
    ...(picture !== '' && { chat_pic: picture }),
    ...(full !== '' && { chat_pic_full: full }),
  }
}

const PACKED_SLOTS = [SLOT.id, SLOT.picture] as const

/** The columns' groups as PackedRefs: their bytes copied as the columns hold them, no string made, in one buffer of its own. */
export function packColumnRefs(columns: GroupColumns): PackedRefs {
  const { count, textStarts } = columns
  const slots = TEXT_SLOTS.length
  const ends = new Uint32Array(count * REF_FIELDS)
  const full = new Uint8Array(count)
  let size = 0
  for (let at = 0; at < count; at++) {
    for (let f = 0; f < REF_FIELDS; f++) {
      const i = at * slots + (PACKED_SLOTS[f] as number)
      size += (textStarts[i + 1] as number) - (textStarts[i] as number)
      ends[at * REF_FIELDS + f] = size
    }
    const i = at * slots + SLOT.pictureFull
    full[at] = textStarts[i + 1] === textStarts[i] ? 0 : 1
  }
  const text = Buffer.from(columns.text.buffer, columns.text.byteOffset, columns.text.byteLength)
  const bytes = Buffer.allocUnsafeSlow(size)
  let to = 0
  for (let at = 0; at < count; at++) {
    for (let f = 0; f < REF_FIELDS; f++) {
      const i = at * slots + (PACKED_SLOTS[f] as number)
      to += text.copy(bytes, to, textStarts[i] as number, textStarts[i + 1] as number)
    }
  }
  return { count, bytes, ends, full }
}
