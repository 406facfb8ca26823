import { mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppError } from '@shared/errors'
import { StoryDraftSchema } from '@shared/story/draft'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import type { AccountSession } from '../../../../../../src-main/account/workspace/account-session'
import { tokenNeededClient } from '../../../../../../src-main/account/accounts/token-needed-client'
import { ApiClient } from '../../../../../../src-main/platform/api'
import { MediaStore } from '../../../../../../src-main/features/stories/media/media-store'
import type { StoryPublisher } from '../../../../../../src-main/features/stories/outbox/outbox'
import { StoriesHarness } from './stories-harness'

let emulator: Emulator
let root: string
let service: StoriesHarness
let listener: ((session: AccountSession<StoryPublisher> | null) => void) | null = null
let session: AccountSession<StoryPublisher>

const textDraft = (body: string) =>
  StoryDraftSchema.parse({ kind: 'text', text: { body, background: '#FF0B6E4F', color: '#FFFFFFFF', font: 'SYSTEM' } })
let seq = 0
const rid = () => `request-${++seq}-${Date.now()}`

function start(first: AccountSession<StoryPublisher>): Promise<void> {
  session = first
  service = new StoriesHarness({
    accounts: {
      active: () => session,
      onActiveChange: (next) => {
        listener = next
        return () => (listener = null)
      },
    },
    media: new MediaStore({ dir: join(root, 'media'), limits: () => DEFAULT_STORY_LIMITS, fetch: globalThis.fetch }),
    limits: () => DEFAULT_STORY_LIMITS,
    labelOf: () => 'Shop',
    events: { progress: () => {}, outboxChanged: () => {}, historyChanged: () => {}, notice: () => {} },
  })
  return service.start()
}

const withToken = (): AccountSession<StoryPublisher> => ({
  id: 'acc1',
  baseUrl: emulator.baseUrl,
  isDemo: false,
  dir: join(root, 'acc1'),
  client: new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch }),
})
const withoutToken = (): AccountSession<StoryPublisher> => ({ ...withToken(), client: tokenNeededClient('Shop'), tokenNeeded: true })

beforeEach(async () => {
  emulator = await startEmulator({ groups: 3 })
  root = await mkdtemp(join(tmpdir(), 'statusdesk-token-needed-'))
})
afterEach(async () => {
  await service.dispose()
  await emulator.stop()
  await rm(root, { recursive: true, force: true })
})

describe('an account whose token is not at hand', () => {
  it('shows its history and queued stories, sends nothing, and sends them once the token is entered', async () => {
    // A first run queues a story while the server is down, and publishes one.
    await start(withToken())
    expect((await service.publish(rid(), textDraft('Already out'))).state).toBe('sent')
    const port = Number(new URL(emulator.baseUrl).port)
    await emulator.stop()
    expect((await service.publish(rid(), textDraft('Waiting in the outbox'))).state).toBe('queued')
    await service.dispose()

    // The next run starts without the token (session-only), with the server back.
    emulator = await startEmulator({ groups: 3, port })
    await start(withoutToken())
    expect((await service.historyList()).map((entry) => entry.summary.text)).toEqual(['Already out'])
    expect(await service.outboxList()).toMatchObject([{ state: 'queued', summary: { text: 'Waiting in the outbox' } }])
    const refused = await service.publish(rid(), textDraft('Needs the token')).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toMatchObject({ code: 'unauthorized', details: { reason: 'token-needed' } })
    expect((refused as AppError).text).toEqual({ key: 'accountErrors.tokenNeeded.named', params: { label: 'Shop' } })
    const id = (await service.outboxList())[0]!.id
    await expect(service.outboxAct(id, 'send-now')).rejects.toMatchObject({ details: { reason: 'token-needed' } })
    expect(emulator.control.stories.list()).toEqual([])
    expect(await service.outboxList()).toMatchObject([{ state: 'queued' }])

    // The token is entered again: the same account, now with a working client.
    session = withToken()
    listener?.(session)
    await service.idle()
    await expect.poll(() => emulator.control.stories.list().map((story) => story.caption)).toEqual(['Waiting in the outbox'])
    expect(await service.outboxList()).toEqual([])
  })
})

describe('publishing onto a data folder that refuses writes', () => {
  it('says nothing was sent because of the disk, and keeps the saved draft', async () => {
    await start(withToken())
    const draft = textDraft('Keep me')
    await service.draftSave(draft)
    await writeFile(join(root, 'acc1', 'outbox'), 'in the way')
    const error = await service.publish(rid(), draft).then(
      () => null,
      (reason: unknown) => reason,
    )
    expect(error).toMatchObject({ code: 'storage', details: { reason: 'disk' } })
    expect((error as AppError).text).toEqual({ key: 'storyErrors.outbox.notWritten.refused', params: { errno: 'ENOTDIR' } })
    expect(await service.draftGet()).toEqual(draft)
    expect(emulator.control.stories.list()).toEqual([])
  })
})

describe('an outbox story that could not be read', () => {
  it('is set aside, and restored as unknown for the user to decide, never sent on its own', async () => {
    await start(withToken())
    const port = Number(new URL(emulator.baseUrl).port)
    await emulator.stop()
    expect((await service.publish(rid(), textDraft('Damaged in the outbox'))).state).toBe('queued')
    await service.dispose()
    const outbox = join(root, 'acc1', 'outbox')
    const [name] = await readdir(outbox)
    // A folder whose name no longer matches its story (renamed by hand or by a broken copy).
    await rename(join(outbox, name!), join(outbox, 'renamed-by-hand'))

    emulator = await startEmulator({ groups: 3, port })
    await start(withToken())
    expect(await service.outboxList()).toEqual([])
    const [item] = await service.setAsideList()
    expect(item).toMatchObject({ kind: 'outbox', restorable: true, preview: expect.stringContaining('Damaged in the outbox') })
    await service.setAsideAct(item!.id, 'restore')
    expect(await service.outboxList()).toMatchObject([
      { id: 'renamed-by-hand', state: 'unknown', summary: { text: 'Damaged in the outbox' } },
    ])
    expect(await service.setAsideList()).toEqual([])
    await service.idle()
    expect(emulator.control.stories.list()).toEqual([])
  })
})

describe('a draft save that arrives after an account switch', () => {
  it('lands in the account it was written for, not the new active one', async () => {
    await start(withToken())
    session = { ...withToken(), id: 'acc2', dir: join(root, 'acc2') }
    listener?.(session)
    await service.outboxList()
    await service.draftSave(textDraft('Written for the first account'), 'acc1')
    expect(await service.draftGet()).toBeNull()
    session = withToken()
    listener?.(session)
    expect((await service.draftGet())?.text.body).toBe('Written for the first account')
    await expect(service.draftSave(textDraft('Nowhere'), 'never-opened')).rejects.toMatchObject({ code: 'not-found' })
  })
})
