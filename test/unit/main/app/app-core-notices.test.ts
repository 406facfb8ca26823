import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StoryDraftSchema } from '@shared/story/draft'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../../src-main/app/app-core'
import { testCores } from '../../../support/app-core'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'

const ctx = { transport: 'web' as const, client: 'web:first-tab' }
let emulator: Emulator

beforeAll(async () => {
  emulator = await startEmulator({ groups: 5 })
})
afterAll(async () => {
  await emulator.stop()
})
const cores = testCores('statusdesk-core-')
const startCore = (): Promise<AppCore> => cores.start()

describe('damage found at start-up', () => {
  it('is kept as a notice until a page reads it, and the set-aside file can be looked at and discarded', async () => {
    const first = await startCore()
    const account = await first.handlers['accounts:connect']({ baseUrl: emulator.baseUrl, token: emulator.token, storage: 'weak' }, ctx)
    await first.dispose()
    const dir = join(cores.dataDir, 'accounts', account.id)
    await writeFile(join(dir, 'history.json'), '{"version":1,"entries":[{"id":')
    await mkdir(join(dir, 'drafts'), { recursive: true })
    await writeFile(join(dir, 'drafts', 'composer.json'), 'not json at all')

    // No page is listening while the next run starts and reads the damaged files.
    const core = await startCore()
    await core.handlers['stories:history-list'](undefined, ctx)
    await core.handlers['stories:draft-get']({ accountId: account.id }, ctx)
    const unread = await core.handlers['app:notices'](undefined, ctx)
    expect(unread.map((notice) => [notice.level, notice.text.key]).sort()).toEqual([
      ['warning', 'notices.setAside.composerDraft'],
      ['warning', 'notices.setAside.history'],
    ])
    await core.handlers['app:notices-read']({ ids: unread.map((notice) => notice.id!) }, ctx)
    expect(await core.handlers['app:notices'](undefined, ctx)).toEqual([])
    // Each client reads for itself: a second window still shows what the first read.
    const second = { transport: 'ipc' as const, client: 'window:2' }
    expect((await core.handlers['app:notices'](undefined, second)).map((notice) => notice.id)).toEqual(unread.map((notice) => notice.id))

    const items = await core.handlers['stories:set-aside-list'](undefined, ctx)
    expect(items.map((item) => item.kind).sort()).toEqual(['draft', 'history'])
    const history = items.find((item) => item.kind === 'history')!
    expect(history.preview).toBe('{"version":1,"entries":[{"id":')
    await expect(
      core.handlers['stories:set-aside-act']({ accountId: history.accountId, id: history.id, action: 'restore' }, ctx),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
      text: { key: 'storyErrors.setAside.notReadable' },
    })
    const left = await core.handlers['stories:set-aside-act']({ accountId: history.accountId, id: history.id, action: 'discard' }, ctx)
    expect(left.map((item) => item.kind)).toEqual(['draft'])
    await expect(
      core.handlers['stories:set-aside-act']({ accountId: history.accountId, id: '../../accounts.json', action: 'discard' }, ctx),
    ).rejects.toMatchObject({ code: 'not-found' })
  })

  it('tells of a settings file set aside before any page listened, naming the copy kept', async () => {
    await writeFile(join(cores.dataDir, 'settings.json'), '{"theme": "dark",')
    const core = await startCore()
    const unread = await core.handlers['app:notices'](undefined, ctx)
    const [recovered] = core.settings.status().recovered
    expect(recovered?.movedTo).toMatch(/^settings\.json\.unreadable-/)
    expect(unread).toEqual([
      expect.objectContaining({ level: 'warning', text: { key: 'notices.recovery.settingsCopied', params: { file: recovered!.movedTo } } }),
    ])
  })

  it('restores the readable entries of a damaged history', async () => {
    const first = await startCore()
    const account = await first.handlers['accounts:connect']({ baseUrl: emulator.baseUrl, token: emulator.token, storage: 'weak' }, ctx)
    const draft = {
      kind: 'text' as const,
      text: { body: 'Kept story', background: '#FF0B6E4F', color: '#FFFFFFFF', font: 'SYSTEM' as const },
    }
    const sent = await first.handlers['stories:publish'](
      { requestId: 'req-restore-1', draft: StoryDraftSchema.parse(draft), accountIds: [account.id] },
      ctx,
    )
    expect(sent.targets[0]!.outcome.state).toBe('sent')
    await first.dispose()
    const dir = join(cores.dataDir, 'accounts', account.id)
    // One good entry survives beside a torn one.
    const good = JSON.parse(await readFile(join(dir, 'history.json'), 'utf8')) as { entries: unknown[] }
    await writeFile(join(dir, 'history.json'), JSON.stringify({ version: 2, entries: [...good.entries, { id: 'torn' }] }))

    const core = await startCore()
    expect(await core.handlers['stories:history-list'](undefined, ctx)).toEqual([])
    const [item] = await core.handlers['stories:set-aside-list'](undefined, ctx)
    await core.handlers['stories:set-aside-act']({ accountId: item!.accountId, id: item!.id, action: 'restore' }, ctx)
    expect((await core.handlers['stories:history-list'](undefined, ctx)).map((entry) => entry.summary.text)).toEqual(['Kept story'])
    expect(await core.handlers['stories:set-aside-list'](undefined, ctx)).toEqual([])
    expect(emulator.control.stories.list().filter((story) => story.caption === 'Kept story')).toHaveLength(1)
  })

  it('sweeps stale temp files of killed writes, and leaves a write in progress alone', async () => {
    const first = await startCore()
    const account = await first.handlers['accounts:connect']({ baseUrl: emulator.baseUrl, token: emulator.token, storage: 'weak' }, ctx)
    await first.dispose()
    const drafts = join(cores.dataDir, 'accounts', account.id, 'drafts')
    await mkdir(drafts, { recursive: true })
    const stale = join(drafts, '.composer.json.0123456789ab.tmp')
    const fresh = join(drafts, '.composer.json.ba9876543210.tmp')
    const foreign = join(drafts, 'notes.tmp')
    for (const path of [stale, fresh, foreign]) await writeFile(path, '{}')
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
    await utimes(stale, hourAgo, hourAgo)
    await utimes(foreign, hourAgo, hourAgo)

    const core = await startCore()
    await core.handlers['stories:outbox-list'](undefined, ctx)
    expect((await readdir(drafts)).sort()).toEqual(['.composer.json.ba9876543210.tmp', 'notes.tmp'])
  })
})
