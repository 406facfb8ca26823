import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StoryDraftSchema } from '@shared/story/draft'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountSession } from '../../../../../../src-main/account/workspace/account-session'
import { SavedDrafts } from '../../../../../../src-main/features/stories/drafts/saved-drafts'

let root: string
let active: AccountSession | null
let clock = 0
const session = (id: string): AccountSession => ({ id, baseUrl: 'http://127.0.0.1:1', isDemo: false, dir: join(root, id), client: {} })
const draft = (body: string) => StoryDraftSchema.parse({ text: { body } })

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-saved-drafts-'))
  active = session('a')
})
afterEach(() => rm(root, { recursive: true, force: true }))

function drafts() {
  return new SavedDrafts({ active: () => active, onActiveChange: () => () => {} }, { now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, ++clock)) })
}

describe('SavedDrafts', () => {
  it('keeps several drafts per account, newest first, each account its own', async () => {
    const store = drafts()
    await store.save(draft('first'))
    const list = await store.save(draft('second'))
    expect(list.map((d) => d.draft.text.body)).toEqual(['second', 'first'])
    active = session('b')
    expect(await store.list()).toEqual([])
    await store.save(draft('other account'))
    active = session('a')
    expect((await drafts().list()).map((d) => d.draft.text.body)).toEqual(['second', 'first'])
  })

  it('replaces a draft by id and deletes one', async () => {
    const store = drafts()
    const [saved] = await store.save(draft('old'))
    const replaced = await store.save(draft('new'), saved!.id)
    expect(replaced.map((d) => [d.id, d.draft.text.body])).toEqual([[saved!.id, 'new']])
    expect(await store.delete(saved!.id)).toEqual([])
    await expect(store.save(draft('x'), 'missing')).rejects.toMatchObject({ code: 'not-found' })
  })

  it('a damaged drafts file is set aside and reported; nothing else is lost', async () => {
    await mkdir(join(root, 'a', 'drafts'), { recursive: true })
    await writeFile(join(root, 'a', 'drafts', 'saved.json'), 'not json')
    const setAside: string[] = []
    const store = new SavedDrafts({ active: () => active, onActiveChange: () => () => {} }, { onSetAside: (p) => setAside.push(p) })
    expect(await store.list()).toEqual([])
    expect(setAside[0]).toMatch(/saved\.json\.corrupt-/)
  })

  it('without an account nothing is listed and a save says to connect first', async () => {
    active = null
    const store = drafts()
    expect(await store.list()).toEqual([])
    await expect(store.save(draft('x'))).rejects.toMatchObject({ code: 'unauthorized' })
  })
})
