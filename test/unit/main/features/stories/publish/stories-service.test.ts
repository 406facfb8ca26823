import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { UploadProgressEvent } from '@shared/channels/outbox'
import { targetRequestId } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { StoryDraftSchema, type StoryDraftInput } from '@shared/story/draft'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import type { AccountSession } from '../../../../../../src-main/account/workspace/account-session'
import { ApiClient } from '../../../../../../src-main/platform/api'
import { MediaStore } from '../../../../../../src-main/features/stories/media/media-store'
import type { StoryPublisher } from '../../../../../../src-main/features/stories/outbox/outbox'
import { StoriesHarness } from './stories-harness'

const JPEG = join(import.meta.dirname, '../../../../../fixtures/media/photo-360x640.jpg')
const PREVIEW = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcg'

let emulator: Emulator
let root: string
let media: MediaStore
let service: StoriesHarness
const progress: UploadProgressEvent[] = []

function startService(client: StoryPublisher) {
  const session: AccountSession<StoryPublisher> = { id: 'acc1', baseUrl: emulator.baseUrl, isDemo: true, dir: join(root, 'acc1'), client }
  service = new StoriesHarness({
    accounts: { active: () => session, onActiveChange: () => () => {} },
    media,
    limits: () => DEFAULT_STORY_LIMITS,
    events: {
      progress: (event) => progress.push(event),
      outboxChanged: () => {},
      historyChanged: () => {},
      notice: () => {},
    },
  })
  return service.start()
}

const draft = (input: StoryDraftInput) => StoryDraftSchema.parse(input)
let seq = 0
const rid = () => `request-${++seq}-${Date.now()}`

beforeEach(async () => {
  emulator = await startEmulator({ groups: 3 })
  root = await mkdtemp(join(tmpdir(), 'statusdesk-stories-'))
  media = new MediaStore({ dir: join(root, 'media'), limits: () => DEFAULT_STORY_LIMITS, fetch: globalThis.fetch })
  await startService(new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch }))
})
afterEach(async () => {
  await service.dispose()
  await emulator.stop()
  await rm(root, { recursive: true, force: true })
  progress.length = 0
})

describe('StoriesService', () => {
  it('refuses an invalid story before any request, naming each field', async () => {
    const error = (await service
      .publish(rid(), draft({ text: { body: ' ', background: '#00000000' }, audience: { mode: 'contacts', contacts: ['12'] } }))
      .catch((e: unknown) => e)) as AppError
    expect(error).toBeInstanceOf(AppError)
    expect(error.code).toBe('invalid-argument')
    expect((error.details!['issues'] as { code: string }[]).map((i) => i.code)).toEqual([
      'text-empty',
      'background-transparent',
      'contact-invalid',
    ])
    // The first problem is the text; the others' texts follow in `more`, each naming its field.
    expect(error.text).toEqual({ key: 'storyErrors.issues.textEmpty' })
    expect(error.details!['more']).toEqual([
      { key: 'storyErrors.issues.backgroundTransparent' },
      { key: 'storyErrors.issues.contactInvalid', params: { value: '12', count: 0 } },
    ])
    expect(emulator.control.requests.list()).toEqual([])
    expect(await readdir(join(root, 'acc1', 'outbox')).catch(() => [])).toEqual([])
  })

  it('publishes a text story with its font, colours and audience', async () => {
    const result = await service.publish(
      rid(),
      draft({
        text: { body: 'Hello', background: '#ff336699', color: '#FFFFFFFF', font: 'COURIERPRIME_BOLD' },
        audience: { mode: 'contacts', contacts: ['+1 555 010 0001', '15550100002'] },
      }),
    )
    expect(result).toMatchObject({ state: 'sent', messageStatus: 'sent' })
    expect(emulator.control.stories.list()).toMatchObject([
      {
        kind: 'text',
        caption: 'Hello',
        backgroundColor: '#FF336699',
        fontType: 'COURIERPRIME_BOLD',
        contacts: ['15550100001', '15550100002'],
      },
    ])
    expect(await service.historyList()).toMatchObject([{ summary: { kind: 'text', audience: { mode: 'contacts', count: 2 } } }])
  })

  it('publishes a granted image with its size and preview, then releases the grant and clears the draft', async () => {
    const grant = await media.importFile(JPEG)
    const composed = draft({ kind: 'media', media: { grantId: grant.id, caption: 'Sunset', preview: PREVIEW } })
    await service.draftSave(composed)
    const result = await service.publish(rid(), composed)
    expect(result.state).toBe('sent')
    const [story] = emulator.control.stories.list()
    // The file went up alone with POST /media; the story carries its id.
    const uploads = (await (
      await fetch(`${emulator.baseUrl}/__emulator/uploads`, { headers: { authorization: `Bearer ${emulator.token}` } })
    ).json()) as {
      uploads: { id: string; bytes: number; mimeType: string }[]
    }
    expect(uploads.uploads).toEqual([expect.objectContaining({ bytes: grant.size, mimeType: 'image/jpeg' })])
    expect(story).toMatchObject({
      kind: 'image',
      mimeType: 'image/jpeg',
      caption: 'Sunset',
      media: { form: 'media-id', id: uploads.uploads[0]!.id },
    })
    expect(story!.request).toMatchObject({ width: 360, height: 640, preview: PREVIEW })
    expect(await media.get(grant.id)).toBeNull()
    expect(await service.draftGet()).toBeNull()
    expect(progress.length).toBeGreaterThan(0)
    expect((await service.historyList())[0]).toMatchObject({ summary: { kind: 'image', thumbnail: PREVIEW } })
  })

  it('answers a repeated request id with the first outcome instead of posting again', async () => {
    const id = rid()
    const composed = draft({ text: { body: 'Once' } })
    const [a, b] = await Promise.all([service.publish(id, composed), service.publish(id, composed)])
    expect(b).toEqual(a)
    expect(await service.publish(id, composed)).toEqual(a)
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('says when the chosen file is gone', async () => {
    const grant = await media.importFile(JPEG)
    await media.release(grant.id)
    const error = (await service
      .publish(rid(), draft({ kind: 'media', media: { grantId: grant.id } }))
      .catch((e: unknown) => e)) as AppError
    expect(error.text).toEqual({ key: 'storyErrors.issues.mediaGone' })
    expect(emulator.control.requests.list()).toEqual([])
  })

  it('a cancel before the request leaves: nothing published, nothing kept', async () => {
    const id = rid()
    const pending = service.publish(id, draft({ text: { body: 'Never mind' } }))
    service.cancel(id)
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' })
    expect(emulator.control.requests.list()).toEqual([])
    expect(await service.outboxList()).toEqual([])
  })

  it('a cancel after the whole request went out is an unknown outcome, left to the user', async () => {
    emulator.control.faults.add({ type: 'hang', phase: 'before', route: 'stories' })
    const id = rid()
    const pending = service.publish(id, draft({ text: { body: 'Too late' } }))
    // A publish is to a list of accounts: the one account's item carries the press's id and its place.
    for (let i = 0; i < 500 && !progress.some((p) => p.requestId === targetRequestId(id, 0) && p.sentBytes === p.totalBytes); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    service.cancel(id)
    await expect(pending).resolves.toMatchObject({ state: 'unknown', error: { code: 'unknown-outcome' } })
    expect(await service.outboxList()).toMatchObject([{ state: 'unknown', requestId: targetRequestId(id, 0) }])
    // Asking again with the same id does not send it again either.
    await expect(service.publish(id, draft({ text: { body: 'Too late' } }))).resolves.toMatchObject({ state: 'unknown' })
    expect(emulator.control.requests.list().filter((r) => r.route === 'stories')).toHaveLength(1)
  })

  it('switching accounts while a story is on its way neither interrupts nor repeats it', async () => {
    await service.dispose()
    const client = new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch })
    const sessionA: AccountSession<StoryPublisher> = { id: 'a', baseUrl: emulator.baseUrl, isDemo: false, dir: join(root, 'a'), client }
    const sessionB: AccountSession<StoryPublisher> = { ...sessionA, id: 'b', dir: join(root, 'b') }
    let active: AccountSession<StoryPublisher> | null = sessionA
    const listeners = new Set<(s: AccountSession<StoryPublisher> | null) => void>()
    const switchTo = async (next: AccountSession<StoryPublisher> | null) => {
      active = next
      for (const listener of listeners) listener(next)
      await service.outboxList()
    }
    service = new StoriesHarness({
      accounts: { active: () => active, onActiveChange: (l) => (listeners.add(l), () => listeners.delete(l)) },
      media,
      limits: () => DEFAULT_STORY_LIMITS,
      events: { progress: () => {}, outboxChanged: () => {}, historyChanged: () => {}, notice: () => {} },
    })
    await service.start()
    emulator.control.faults.add({ type: 'latency', ms: 300, route: 'stories', times: 1 })
    const pending = service.publish(rid(), draft({ text: { body: 'While switching' } }))
    await switchTo(sessionB)
    expect(await service.outboxList()).toEqual([])
    // Back to A with a fresh client (a new token): its outbox is the same one, mid-send.
    await switchTo({ ...sessionA, client: new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch }) })
    expect((await service.outboxList()).map((i) => i.state)).not.toContain('unknown')
    await expect(pending).resolves.toMatchObject({ state: 'sent' })
    expect(await service.outboxList()).toEqual([])
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('refuses to publish without an account', async () => {
    await service.dispose()
    service = new StoriesHarness({
      accounts: { active: () => null, onActiveChange: () => () => {} },
      media,
      limits: () => DEFAULT_STORY_LIMITS,
      events: { progress: () => {}, outboxChanged: () => {}, historyChanged: () => {}, notice: () => {} },
    })
    await service.start()
    await expect(service.publish(rid(), draft({ text: { body: 'x' } }))).rejects.toMatchObject({ code: 'unauthorized' })
    expect(await service.outboxList()).toEqual([])
  })
})
