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
})
