import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StoryDraftSchema, type StoryDraftInput } from '@shared/story/draft'
import type { UserText } from '@shared/i18n/user-text'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import type { AccountSession } from '../../../../../../src-main/account/workspace/account-session'
import { tokenNeededClient } from '../../../../../../src-main/account/accounts/token-needed-client'
import { ApiClient } from '../../../../../../src-main/platform/api'
import { MediaStore } from '../../../../../../src-main/features/stories/media/media-store'
import type { StoryPublisher } from '../../../../../../src-main/features/stories/outbox/outbox'
import { StoriesHarness } from './stories-harness'

const JPEG = join(import.meta.dirname, '../../../../../fixtures/media/photo-360x640.jpg')
const PREVIEW = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcg'

let first: Emulator
let second: Emulator
let root: string
let media: MediaStore
let service: StoriesHarness
const sessions = new Map<string, AccountSession<StoryPublisher>>()

function sessionFor(id: string, emulator: Emulator): AccountSession<StoryPublisher> {
  const client = new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch, retry: { maxAttempts: 1 } })
  return { id, baseUrl: emulator.baseUrl, isDemo: false, dir: join(root, id), client }
}

const draft = (input: StoryDraftInput) => StoryDraftSchema.parse(input)
let seq = 0
const rid = () => `broadcast-${++seq}-${Date.now()}`
const stories = (emulator: Emulator, caption: string) => emulator.control.stories.list().filter((s) => s.caption === caption)

beforeEach(async () => {
  first = await startEmulator({ groups: 2 })
  second = await startEmulator({ groups: 2, token: 'second-token' })
  root = await mkdtemp(join(tmpdir(), 'statusdesk-broadcast-'))
  media = new MediaStore({ dir: join(root, 'media'), limits: () => DEFAULT_STORY_LIMITS, fetch: globalThis.fetch })
  sessions.set('one', sessionFor('one', first))
  sessions.set('two', sessionFor('two', second))
  service = newService()
  await service.start()
})

/** The stories service as the app builds it, over both accounts, the first one open. */
function newService(notices: UserText[] = []): StoriesHarness {
  return new StoriesHarness({
    accounts: { active: () => sessions.get('one')!, onActiveChange: () => () => {} },
    listedAccounts: () => [...sessions.keys()],
    sessionOf: async (id) => sessions.get(id) ?? null,
    labelOf: (id) => `Account ${id}`,
    media,
    limits: () => DEFAULT_STORY_LIMITS,
    retry: { firstMs: 50, maxMs: 200 },
    events: { progress: () => {}, outboxChanged: () => {}, historyChanged: () => {}, notice: (_level, text) => notices.push(text) },
  })
}

afterEach(async () => {
  await service.dispose()
  await first.stop()
  await second.stop().catch(() => undefined)
  await rm(root, { recursive: true, force: true })
  sessions.clear()
})

describe('StoriesService.broadcast', () => {
  it('publishes one story to each account exactly once, each with its own outcome and history', async () => {
    const result = await service.broadcast(rid(), draft({ text: { body: 'To both' } }), ['one', 'two'])
    expect(result.targets.map((t) => [t.accountId, t.label, t.outcome.state])).toEqual([
      ['one', 'Account one', 'sent'],
      ['two', 'Account two', 'sent'],
    ])
    expect(stories(first, 'To both')).toHaveLength(1)
    expect(stories(second, 'To both')).toHaveLength(1)
    expect(await service.historyList()).toMatchObject([{ summary: { text: 'To both' } }])
    // The other account's history is its own file.
    expect(await readdir(join(root, 'two'))).toContain('history.json')
  })

  it('"Publish at…" to several accounts plans one item in each, and each goes out once at its time', async () => {
    const dueAt = Date.now() + 1_500
    const result = await service.broadcast(rid(), draft({ text: { body: 'Both at noon' } }), ['one', 'two'], dueAt)
    expect(result.targets.map((t) => [t.accountId, t.outcome.state])).toEqual([
      ['one', 'scheduled'],
      ['two', 'scheduled'],
    ])
    for (const target of result.targets) expect(target.outcome).toMatchObject({ state: 'scheduled', dueAt: new Date(dueAt).toISOString() })
    expect(stories(first, 'Both at noon')).toHaveLength(0)
    expect(stories(second, 'Both at noon')).toHaveLength(0)
    expect(service.nextDue()).toMatchObject({ dueAt: new Date(dueAt).toISOString(), summary: { text: 'Both at noon' } })
    await vi.waitFor(
      () => {
        expect(stories(first, 'Both at noon')).toHaveLength(1)
        expect(stories(second, 'Both at noon')).toHaveLength(1)
      },
      { timeout: 15_000, interval: 100 },
    )
    for (const emulator of [first, second]) expect(stories(emulator, 'Both at noon')[0]!.receivedAt).toBeGreaterThanOrEqual(dueAt)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(stories(first, 'Both at noon')).toHaveLength(1)
    expect(stories(second, 'Both at noon')).toHaveLength(1)
  })

  it('after a restart, the other account’s planned story still goes at its time, once', async () => {
    const dueAt = Date.now() + 2_500
    await service.broadcast(rid(), draft({ text: { body: 'Planned, then restarted' } }), ['two'], dueAt)
    await service.dispose()
    service = newService()
    await service.start()
    // Only the other account has it: the tray and the quit question still know it is planned.
    expect(service.nextDue()).toMatchObject({ dueAt: new Date(dueAt).toISOString() })
    await vi.waitFor(() => expect(stories(second, 'Planned, then restarted')).toHaveLength(1), { timeout: 15_000, interval: 100 })
    expect(stories(first, 'Planned, then restarted')).toHaveLength(0)
    expect(stories(second, 'Planned, then restarted')[0]!.receivedAt).toBeGreaterThanOrEqual(dueAt)
  })

  it('after a restart past its time, the other account’s planned story is not sent late: it waits as missed', async () => {
    const dueAt = Date.now() + 600
    await service.broadcast(rid(), draft({ text: { body: 'Missed while closed' } }), ['two'], dueAt)
    await service.dispose()
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    const notices: UserText[] = []
    service = newService(notices)
    await service.start()
    await vi.waitFor(() =>
      expect(notices).toContainEqual({ key: 'storyErrors.notices.missed', params: { count: 1, account: 'Account two' } }),
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(stories(second, 'Missed while closed')).toHaveLength(0)
  })

  it('refuses a time already past for every account, before anything is written', async () => {
    const result = await service.broadcast(rid(), draft({ text: { body: 'Too late' } }), ['one', 'two'], Date.now() - 5 * 60_000)
    expect(result.targets.map((t) => t.outcome.state)).toEqual(['refused', 'refused'])
    expect(stories(first, 'Too late')).toHaveLength(0)
    expect(stories(second, 'Too late')).toHaveLength(0)
  })

  it('a repeated press gets the first answer, and nothing is sent twice', async () => {
    const id = rid()
    const [a, b] = await Promise.all([
      service.broadcast(id, draft({ text: { body: 'Once' } }), ['one', 'two']),
      service.broadcast(id, draft({ text: { body: 'Once' } }), ['one', 'two']),
    ])
    expect(b).toBe(a)
    expect(await service.broadcast(id, draft({ text: { body: 'Once' } }), ['one', 'two'])).toBe(a)
    expect(stories(first, 'Once')).toHaveLength(1)
    expect(stories(second, 'Once')).toHaveLength(1)
  })

  it('uploads the file once to each account and publishes each with its own media id', async () => {
    const grant = await media.importFile(JPEG)
    const result = await service.broadcast(
      rid(),
      draft({ kind: 'media', media: { grantId: grant.id, caption: 'Photo for both', preview: PREVIEW } }),
      ['one', 'two'],
    )
    expect(result.targets.map((t) => t.outcome.state)).toEqual(['sent', 'sent'])
    for (const emulator of [first, second]) {
      expect(emulator.control.requests.list().filter((r) => r.route === 'media')).toHaveLength(1)
      expect(stories(emulator, 'Photo for both')).toHaveLength(1)
    }
    // Published everywhere: the granted file is released.
    expect(await media.get(grant.id)).toBeNull()
  })

  it('with one server down the other publishes, and the first follows once it is back, exactly once', async () => {
    const port = Number(new URL(second.baseUrl).port)
    await second.stop()
    const result = await service.broadcast(rid(), draft({ text: { body: 'Second is down' } }), ['one', 'two'])
    expect(result.targets.map((t) => t.outcome.state)).toEqual(['sent', 'queued'])
    expect(stories(first, 'Second is down')).toHaveLength(1)
    // The other server being down does not make the first account offline: each account has its own view of its server.
    expect(service.connectivityOf('two').online).toBe(false)
    expect(service.connectivityOf('one').online).toBe(true)

    second = await startEmulator({ groups: 2, token: 'second-token', port })
    await expect.poll(() => stories(second, 'Second is down').length, { timeout: 10_000 }).toBe(1)
    await expect
      .poll(async () => readdir(join(root, 'two', 'outbox')).then((names) => names.filter((n) => !n.startsWith('.'))), { timeout: 5_000 })
      .toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(stories(second, 'Second is down')).toHaveLength(1)
    expect(stories(first, 'Second is down')).toHaveLength(1)
  })

  it('an account whose token is missing refuses its part, keeps nothing, and the draft stays', async () => {
    sessions.set('two', { ...sessions.get('two')!, client: tokenNeededClient('Account two'), tokenNeeded: true })
    await service.draftSave(draft({ text: { body: 'Kept draft' } }))
    const result = await service.broadcast(rid(), draft({ text: { body: 'Kept draft' } }), ['one', 'two'])
    expect(result.targets.map((t) => t.outcome.state)).toEqual(['sent', 'refused'])
    expect(result.targets[1]!.outcome).toMatchObject({ error: { code: 'unauthorized' } })
    expect(stories(second, 'Kept draft')).toHaveLength(0)
    expect(await service.draftGet()).toMatchObject({ text: { body: 'Kept draft' } })
  })

  it('an invalid story is refused before any account is tried', async () => {
    await expect(service.broadcast(rid(), draft({ text: { body: ' ' } }), ['one', 'two'])).rejects.toMatchObject({
      code: 'invalid-argument',
    })
    expect(first.control.requests.list().filter((r) => r.route === 'stories')).toEqual([])
    expect(second.control.requests.list().filter((r) => r.route === 'stories')).toEqual([])
  })

  it('an account no longer listed is refused on its own', async () => {
    const result = await service.broadcast(rid(), draft({ text: { body: 'Gone' } }), ['one', 'gone'])
    expect(result.targets.map((t) => t.outcome.state)).toEqual(['sent', 'refused'])
  })
  it('an account signed out stops sending what waits for it', async () => {
    const port = Number(new URL(second.baseUrl).port)
    await second.stop()
    const result = await service.broadcast(rid(), draft({ text: { body: 'Signed out meanwhile' } }), ['one', 'two'])
    expect(result.targets.map((t) => t.outcome.state)).toEqual(['sent', 'queued'])
    service.accountsListed(new Set(['one']))
    second = await startEmulator({ groups: 2, token: 'second-token', port })
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(stories(second, 'Signed out meanwhile')).toHaveLength(0)
  })
  it('keeps the file of a media story a saved draft still shows', async () => {
    const grant = await media.importFile(JPEG)
    await service.module!.drafts.savedSave(
      'one',
      draft({ kind: 'media', media: { grantId: grant.id, caption: 'Saved for later', preview: PREVIEW } }),
    )
    const result = await service.broadcast(
      rid(),
      draft({ kind: 'media', media: { grantId: grant.id, caption: 'Draft keeps it', preview: PREVIEW } }),
      ['one', 'two'],
    )
    expect(result.targets.map((t) => t.outcome.state)).toEqual(['sent', 'sent'])
    expect(await media.get(grant.id)).not.toBeNull()
  })
})
