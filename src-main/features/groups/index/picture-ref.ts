import type { Group } from '@shared/domain'
import { SLOT, textAt, type GroupColumns } from './group-columns'

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
