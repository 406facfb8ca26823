import { describe, expect, it } from 'vitest'
import { userText } from '@shared/i18n/user-text'
import { EventHub } from '../../../../src-main/platform/events'
import { NoticeBoard, NoticeKeepingHub } from '../../../../src-main/platform/notice-board'

const notice = (n: number) => ({ level: 'warning' as const, text: userText('notices.recovery.settingsCopied', { file: `copy-${n}` }) })
const ids = (items: readonly { id: number }[]) => items.map((item) => item.id)

describe('NoticeBoard: each client reads for itself', () => {
  it('keeps a notice for every client until that client says it showed it', () => {
    const board = new NoticeBoard(() => new Date('2026-03-01T10:00:00Z'))
    const first = board.add(notice(1))
    const second = board.add(notice(2))
    expect(first).toMatchObject({ id: 1, at: '2026-03-01T10:00:00.000Z', level: 'warning' })

    board.markRead('window:1', [first.id])
    expect(ids(board.unread('window:1'))).toEqual([second.id])
    // Another window, and a page, still show both.
    expect(ids(board.unread('window:2'))).toEqual([first.id, second.id])
    expect(ids(board.unread('web:tab'))).toEqual([first.id, second.id])
    board.markRead('web:tab', [first.id, second.id])
    expect(board.unread('web:tab')).toEqual([])
    expect(ids(board.unread('window:1'))).toEqual([second.id])
  })

  it('hands out copies: a caller that changes what it got changes nothing kept', () => {
    const board = new NoticeBoard()
    board.add(notice(1))
    const [got] = board.unread('window:1')
    got!.level = 'error'
    expect(board.unread('window:1')[0]!.level).toBe('warning')
  })

  it('ignores ids it never kept, however many a client sends', () => {
    const board = new NoticeBoard()
    const kept = board.add(notice(1))
    board.markRead('web:tab', [kept.id + 1, -5, 1e9, ...Array.from({ length: 10_000 }, (_, i) => 1000 + i)])
    expect(ids(board.unread('web:tab'))).toEqual([kept.id])
    // A later notice that takes one of those ids' place is not read already.
    for (let n = 2; n <= 5; n++) board.add(notice(n))
    expect(board.unread('web:tab')).toHaveLength(5)
  })

  it('keeps the last 50 notices: the oldest go, for every client', () => {
    const board = new NoticeBoard()
    for (let n = 1; n <= 60; n++) board.add(notice(n))
    const unread = board.unread('window:1')
    expect(unread).toHaveLength(50)
    expect(unread[0]!.id).toBe(11)
    expect(unread.at(-1)!.id).toBe(60)
  })

  it('remembers the reading of a bounded number of clients, forgetting the one heard from longest ago', () => {
    const board = new NoticeBoard()
    const kept = board.add(notice(1))
    board.markRead('web:oldest', [kept.id])
    board.markRead('window:1', [kept.id])
    for (let n = 0; n < 63; n++) board.markRead(`web:page-${n}`, [kept.id])
    // 65 clients: the one heard from longest ago sees the kept notice again; the others do not.
    expect(ids(board.unread('web:oldest'))).toEqual([kept.id])
    expect(board.unread('window:1')).toEqual([])
    expect(board.unread('web:page-62')).toEqual([])
  })

  it('counts a client that read again as heard from last', () => {
    const board = new NoticeBoard()
    const kept = board.add(notice(1))
    board.markRead('window:1', [kept.id])
    for (let n = 0; n < 63; n++) board.markRead(`web:page-${n}`, [kept.id])
    board.markRead('window:1', [])
    board.markRead('web:one-more', [kept.id])
    expect(board.unread('window:1')).toEqual([])
    expect(ids(board.unread('web:page-0'))).toEqual([kept.id])
  })
})

describe('NoticeKeepingHub', () => {
  it('keeps each notice on the board with its id and passes every event on', () => {
    const board = new NoticeBoard()
    const inner = new EventHub()
    const heard: [string, unknown][] = []
    inner.subscribe((name, payload) => heard.push([name, payload]))
    const hub = new NoticeKeepingHub(inner, board)
    hub.emit('app:notice', notice(1))
    hub.emit('groups:changed', { accountId: 'acc' })
    expect(heard).toEqual([
      ['app:notice', expect.objectContaining({ id: 1, level: 'warning' })],
      ['groups:changed', { accountId: 'acc' }],
    ])
    expect(ids(board.unread('web:tab'))).toEqual([1])
  })
})
