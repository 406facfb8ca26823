import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StoryDraftSchema } from '@shared/story/draft'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DraftStore } from '../../../../../../src-main/features/stories/drafts/draft-store'
import { accountFile } from '../../../../../support/declared-files'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-drafts-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('DraftStore', () => {
  it('restores exactly what was saved, half-typed values included, across instances', async () => {
    const draft = StoryDraftSchema.parse({
      kind: 'text',
      text: { body: 'Hello مرحبا 你好', background: '#FF12', font: 'FB_SCRIPT' },
      audience: { mode: 'contacts', contacts: ['15550100001', '12'] },
    })
    await new DraftStore(accountFile(dir, 'composerDraft')).save(draft)
    expect(await new DraftStore(accountFile(dir, 'composerDraft')).load()).toEqual(draft)
  })

  it('keeps the last of rapid saves', async () => {
    const store = new DraftStore(accountFile(dir, 'composerDraft'))
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.save(StoryDraftSchema.parse({ text: { body: `v${i}` } }))))
    expect((await store.load())?.text.body).toBe('v19')
  })

  it('sets a damaged draft aside instead of failing or half-using it', async () => {
    const store = new DraftStore(accountFile(dir, 'composerDraft'))
    await store.save(StoryDraftSchema.parse({}))
    await writeFile(join(dir, 'drafts', 'composer.json'), '{"kind": "poem"')
    expect(await store.load()).toBeNull()
    const names = await readdir(join(dir, 'drafts'))
    expect(names.some((n) => n.startsWith('composer.json.corrupt-'))).toBe(true)
    await store.clear()
    expect(await store.load()).toBeNull()
  })
  it("keeps another window's story in progress on disk when one window's story is published", async () => {
    const store = new DraftStore(accountFile(dir, 'composerDraft'))
    await store.save(StoryDraftSchema.parse({ text: { body: 'first window' } }), 'window-1')
    await store.save(StoryDraftSchema.parse({ text: { body: 'second window, still typing' } }), 'window-2')
    await store.clear('window-1')
    expect(await store.load('window-1')).toBeNull()
    // After a restart the story in progress is still there to start from.
    expect((await new DraftStore(accountFile(dir, 'composerDraft')).load())?.text.body).toBe('second window, still typing')

    await store.clear('window-2')
    expect(await new DraftStore(accountFile(dir, 'composerDraft')).load()).toBeNull()
  })

  it('clears the copy the app started with when the window that began from it publishes', async () => {
    await new DraftStore(accountFile(dir, 'composerDraft')).save(StoryDraftSchema.parse({ text: { body: 'from yesterday' } }))
    const store = new DraftStore(accountFile(dir, 'composerDraft'))
    expect((await store.load('window-1'))?.text.body).toBe('from yesterday')
    await store.clear('window-1')
    expect(await new DraftStore(accountFile(dir, 'composerDraft')).load()).toBeNull()
  })
})
