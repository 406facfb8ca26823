import type { Handlers } from './dispatch'
import type { NoticeBoard } from '../platform/notice-board'

export function noticesHandlers(board: NoticeBoard): Pick<Handlers, 'app:notices' | 'app:notices-read'> {
  return {
    'app:notices': () => board.unread(),
    'app:notices-read': ({ ids }) => board.markRead(ids),
  }
}
