import type { Handlers } from './dispatch'
import type { NoticeBoard } from '../platform/notice-board'

export function noticesHandlers(board: NoticeBoard): Pick<Handlers, 'app:notices' | 'app:notices-read'> {
  return {
    'app:notices': (_arg, { client }) => board.unread(client),
    'app:notices-read': ({ ids }, { client }) => board.markRead(client, ids),
  }
}
