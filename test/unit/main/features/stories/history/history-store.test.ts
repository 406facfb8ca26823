import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HistoryEntry } from '@shared/story/records'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HistoryStore } from '../../../../../../src-main/features/stories/history/history-store'
import { accountFile } from '../../../../../support/declared-files'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-history-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const entry = (id: string): HistoryEntry => ({
  id,
  publishedAt: new Date().toISOString(),
  summary: {
    kind: 'image',
    text: 'caption',
    thumbnail: 'data:image/jpeg;base64,AA==',
    background: null,
    color: null,
    font: null,
    audience: { mode: 'contacts', count: 2, excluded: 0 },
    mediaBytes: 1234,
  },
  messageId: `msg-${id}`,
  messageStatus: 'pending',
  confirmation: 'confirmed',
})

describe('HistoryStore', () => {
  it('settles a pending entry to the status the server lists, on disk, and says whether anything changed', async () => {
    const store = new HistoryStore(accountFile(dir, 'history'))
    await store.add(entry('a'))
    await store.add(entry('b'))
    expect(
      await store.settle(
        new Map([
          ['msg-a', 'sent'],
          ['msg-x', 'read'],
        ]),
      ),
    ).toBe(true)
    expect(await store.settle(new Map([['msg-a', 'sent']]))).toBe(false)
    const reread = await new HistoryStore(accountFile(dir, 'history')).list()
    expect(reread.map((e) => [e.id, e.messageStatus])).toEqual([
      ['b', 'pending'],
      ['a', 'sent'],
    ])
  })

  it('lists newest first, persists, and records an id only once', async () => {
    const store = new HistoryStore(accountFile(dir, 'history'))
    expect(await store.add(entry('a'))).toBe(true)
    expect(await store.add(entry('b'))).toBe(true)
    expect(await store.add(entry('a'))).toBe(false)
    expect((await new HistoryStore(accountFile(dir, 'history')).list()).map((e) => e.id)).toEqual(['b', 'a'])
  })

  it('keeps only the newest entries past its limit', async () => {
    const store = new HistoryStore(accountFile(dir, 'history'), { limit: 3 })
    for (const id of ['1', '2', '3', '4', '5']) await store.add(entry(id))
    expect((await store.list()).map((e) => e.id)).toEqual(['5', '4', '3'])
  })

  it('starts afresh from a damaged file, keeping it aside', async () => {
    await writeFile(join(dir, 'history.json'), 'garbage')
    const store = new HistoryStore(accountFile(dir, 'history'))
    expect(await store.list()).toEqual([])
    await store.add(entry('x'))
    expect(await new HistoryStore(accountFile(dir, 'history')).list()).toHaveLength(1)
  })
})
