import en from '@shared/i18n/en/notices'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_FILE_LIST, ACCOUNT_FILES } from '../../../../../src-main/account/files/account-files'
import { APP_FILE_LIST, APP_FILES } from '../../../../../src-main/account/files/app-files'
import { classify, setAsideNotice } from '../../../../../src-main/account/files/file-registry'

const role = (path: string) => classify(ACCOUNT_FILE_LIST, path)?.role ?? null
const decl = (path: string) => classify(ACCOUNT_FILE_LIST, path)?.decl.path ?? null

describe('the account files as declared', () => {
  it('name each file, its temps and its set-aside copies', () => {
    expect(role('history.json')).toBe('file')
    expect(role(`.history.json.tmp-42-0123456789ab`)).toBe('temp')
    expect(role('.history.json.0123456789ab.tmp')).toBe('temp')
    expect(role('history.json.corrupt-2026-01-01T10-20-30-123Z')).toBe('set-aside')
    expect(role('groups.snapshot.unreadable-2026-01-01T10-20-30-123Z')).toBe('set-aside')
    expect(role('drafts/saved.json')).toBe('file')
    expect(decl('.groups.snapshot.tmp-7-0123456789ab')).toBe('groups.snapshot')
  })

  it('name the items of their folders and nothing else there', () => {
    expect(role('outbox/abcdefgh1234/item.json')).toBe('item')
    expect(role('outbox/abcdefgh1234/media')).toBe('item')
    expect(role('outbox/abcdefgh1234/.item.json.tmp-9-0123456789ab')).toBe('temp')
    expect(role('outbox/abcdefgh1234.corrupt-2026-01-01T10-20-30-123Z/item.json')).toBe('set-aside')
    expect(role('outbox/abcdefgh1234/notes.txt')).toBeNull()
    expect(role('outbox/../history.json')).toBeNull()
    expect(role('pictures/manifest.json')).toBe('item')
    expect(role('pictures/0123456789abcdef01234567-0123456789abcdef.jpg')).toBe('item')
    expect(role('pictures/evil.exe')).toBeNull()
  })

  it('refuse what only looks like theirs', () => {
    expect(role('history.json.corrupt-yesterday')).toBeNull()
    expect(role('history.json.bak')).toBeNull()
    expect(role('drafts/history.json')).toBeNull()
    expect(role('.notes.txt.tmp-1-0123456789ab')).toBeNull()
    // The groups index is rebuilt, never set aside: a copy of it is not something the app makes.
    expect(role('groups.index.corrupt-2026-01-01T10-20-30-123Z')).toBeNull()
  })

  it('say what a set-aside copy means for the user, by its declaration', () => {
    expect(setAsideNotice(ACCOUNT_FILES.history)).toEqual({ key: 'notices.setAside.history' })
    expect(setAsideNotice(ACCOUNT_FILES.storiesFeed)).toEqual({ key: 'notices.setAside.storiesFeed' })
    expect(setAsideNotice(APP_FILES.updateFeeds)).toEqual({ key: 'notices.setAside.updateFeeds' })
    expect(setAsideNotice(ACCOUNT_FILES.groupsIndex)).toEqual({ key: 'notices.setAside.file' })
  })

  it('give each set-aside file its own notice, which says what happens next as its rule does', () => {
    const sentences = en.notices.setAside as Record<string, string>
    const named = new Set<string>()
    for (const item of [...ACCOUNT_FILE_LIST, ...APP_FILE_LIST]) {
      const notice = item.setAside?.notice
      if (!notice) continue
      expect(named.has(notice), notice).toBe(false)
      named.add(notice)
      const sentence = sentences[notice.slice('notices.setAside.'.length)]!
      // What can be restored points to the Set-aside view; a cache is fetched again; the rest starts empty.
      expect(sentence.includes('Open Outbox › Set-aside files'), notice).toBe(item.setAside!.restorable)
      expect(sentence.includes('read again from the server'), notice).toBe(item.kind === 'cache')
      if (!item.setAside!.restorable && item.kind !== 'cache') expect(sentence, notice).toMatch(/starts empty/)
    }
    // The settings and accounts stores are told by the start-up recovery notice instead.
    expect(APP_FILES.settings.setAside).toMatchObject({ notice: null })
    expect(APP_FILES.accounts.setAside).toMatchObject({ notice: null })
    expect([...named, 'notices.setAside.file'].sort()).toEqual(
      Object.keys(sentences)
        .map((key) => `notices.setAside.${key}`)
        .sort(),
    )
  })

  it('give every file one declaration, with nothing declared twice', () => {
    for (const list of [ACCOUNT_FILE_LIST, APP_FILE_LIST]) {
      const paths = list.map((item) => item.path)
      expect(new Set(paths).size).toBe(paths.length)
    }
  })
})
