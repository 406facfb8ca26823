import type { Group } from '@shared/domain'

/** What a group's pictures are known by. */
export type PictureRef = Pick<Group, 'id' | 'chat_pic' | 'chat_pic_full'>
