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
  await workspaces.activate('a', session('a'))
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
    await store.savedSave(draft('first'))
    await new Promise((resolve) => setTimeout(resolve, 2))
    const list = await store.savedSave(draft('second'))
    expect(list.map((d) => d.draft.text.body)).toEqual(['second', 'first'])
    await workspaces.activate('b', session('b'))
    expect(await store.savedList()).toEqual([])
    await store.savedSave(draft('other account'))
    await workspaces.activate('a', session('a'))
    expect((await drafts().savedList()).map((d) => d.draft.text.body)).toEqual(['second', 'first'])
  })

  it('replaces a draft by id and deletes one', async () => {
    const store = drafts()
    const [saved] = await store.savedSave(draft('old'))
    const replaced = await store.savedSave(draft('new'), saved!.id)
    expect(replaced.map((d) => [d.id, d.draft.text.body])).toEqual([[saved!.id, 'new']])
    expect(await store.savedDelete(saved!.id)).toEqual([])
    await expect(store.savedSave(draft('x'), 'missing')).rejects.toMatchObject({
      code: 'not-found',
      text: { key: 'mediaErrors.drafts.draftGone' },
    })
  })

  it('a damaged drafts file is set aside and reported; nothing else is lost', async () => {
    await mkdir(join(root, 'c', 'drafts'), { recursive: true })
    await writeFile(join(root, 'c', 'drafts', 'saved.json'), 'not json')
    await workspaces.activate('c', session('c'))
    expect(await drafts().savedList()).toEqual([])
    expect(setAside[0]).toMatch(/saved\.json\.corrupt-/)
  })

  it('without an account nothing is listed and a save says to connect first', async () => {
    await workspaces.clearActive()
    const store = drafts()
    expect(await store.savedList()).toEqual([])
    await expect(store.savedSave(draft('x'))).rejects.toMatchObject({ code: 'unauthorized', text: { key: 'mediaErrors.drafts.noAccount' } })
  })
})
