import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StoryDraftSchema } from '@shared/story/draft'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountSession } from '../../../../../../src-main/account/workspace/account-session'
import { AccountWorkspace } from '../../../../../../src-main/account/workspace/account-workspace'
import { Workspaces } from '../../../../../../src-main/account/workspace/workspaces'
import { silentLogger } from '../../../../../../src-main/platform/log/log'
import { DraftsService } from '../../../../../../src-main/features/stories/drafts/drafts-service'

/** The one window these tests switch. */
const WINDOW = 'window:1'
let root: string
let workspaces: Workspaces
let setAside: string[]
const session = (id: string): AccountSession => ({
  id,
  baseUrl: 'http://127.0.0.1:1',
  isDemo: false,
  dir: join(root, id),
  client: {} as AccountSession['client'],
})
const draft = (body: string) => StoryDraftSchema.parse({ text: { body } })

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-saved-drafts-'))
  setAside = []
  workspaces = new Workspaces(
    (id) =>
      new AccountWorkspace({
        id,
        dir: join(root, id),
        log: silentLogger,
        label: () => id,
        openSession: async () => null,
        onSetAside: (_workspace, _decl, path) => setAside.push(path),
      }),
    silentLogger,
  )
  await workspaces.show(WINDOW, 'a', session('a'))
})
afterEach(async () => {
  await workspaces.closeAll()
  await rm(root, { recursive: true, force: true })
})

/** Each account's saved drafts through its workspace, as the library handlers reach them. */
const drafts = () => new DraftsService(workspaces)

describe('saved drafts', () => {
  it('keeps several drafts per account, newest first, each account its own', async () => {
    const store = drafts()
    await store.savedSave('a', draft('first'))
    await new Promise((resolve) => setTimeout(resolve, 2))
    const list = await store.savedSave('a', draft('second'))
    expect(list.map((d) => d.draft.text.body)).toEqual(['second', 'first'])
    await workspaces.show(WINDOW, 'b', session('b'))
    expect(await store.savedList('b')).toEqual([])
    await store.savedSave('b', draft('other account'))
    await workspaces.show(WINDOW, 'a', session('a'))
    expect((await drafts().savedList('a')).map((d) => d.draft.text.body)).toEqual(['second', 'first'])
    // An account off screen keeps its drafts: they are its own, not the screen's.
    expect((await drafts().savedList('b')).map((d) => d.draft.text.body)).toEqual(['other account'])
  })

  it('replaces a draft by id and deletes one', async () => {
    const store = drafts()
    const [saved] = await store.savedSave('a', draft('old'))
    const replaced = await store.savedSave('a', draft('new'), saved!.id)
    expect(replaced.map((d) => [d.id, d.draft.text.body])).toEqual([[saved!.id, 'new']])
    expect(await store.savedDelete('a', saved!.id)).toEqual([])
    await expect(store.savedSave('a', draft('x'), 'missing')).rejects.toMatchObject({
      code: 'not-found',
      text: { key: 'mediaErrors.drafts.draftGone' },
    })
  })

  it('a damaged drafts file is set aside and reported; nothing else is lost', async () => {
    await mkdir(join(root, 'c', 'drafts'), { recursive: true })
    await writeFile(join(root, 'c', 'drafts', 'saved.json'), 'not json')
    await workspaces.show(WINDOW, 'c', session('c'))
    expect(await drafts().savedList('c')).toEqual([])
    expect(setAside[0]).toMatch(/saved\.json\.corrupt-/)
  })

  it('an account that is not open lists nothing and takes no save; one no screen shows keeps its own', async () => {
    const store = drafts()
    await store.savedSave('a', draft('kept'))
    await workspaces.hide(WINDOW)
    expect((await store.savedList('a')).map((d) => d.draft.text.body)).toEqual(['kept'])
    const closed = { code: 'not-found', text: { key: 'mediaErrors.drafts.accountClosed' } }
    await expect(store.savedList('never-opened')).rejects.toMatchObject(closed)
    await expect(store.savedSave('never-opened', draft('x'))).rejects.toMatchObject(closed)
    await workspaces.close('a')
    await expect(store.savedSave('a', draft('x'))).rejects.toMatchObject(closed)
    await expect(store.savedDelete('a', 'any')).rejects.toMatchObject(closed)
  })
})
