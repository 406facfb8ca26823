import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, type RequestRecord, startEmulator } from '../../../../../../src-main/emulator'
import type { NewStory } from '../../../../../../src-main/features/stories/outbox/outbox'
import { accountDir, openOutbox, textStory, uploadingClient } from './outbox-harness'

const MB = 1024 * 1024
let emulator: Emulator
const dirs: string[] = []

async function newDir(): Promise<string> {
  const dir = await accountDir()
  dirs.push(dir)
  return dir
}

async function videoStory(dir: string, bytes = 2 * MB): Promise<NewStory> {
  const source = join(dir, 'clip.mp4')
  await writeFile(source, Buffer.alloc(bytes, 3))
  const story = textStory()
  return {
    ...story,
    payload: { kind: 'media', fields: { caption: 'Clip' }, media: { file: 'media', mimeType: 'video/mp4', size: bytes } },
    summary: { ...story.summary, kind: 'video' },
    mediaSource: source,
  }
}

const requests = (route: string): RequestRecord[] => emulator.control.requests.list().filter((r) => r.route === route)

async function uploads(): Promise<{ id: string; bytes: number }[]> {
  const res = await fetch(`${emulator.baseUrl}/__emulator/uploads`, { headers: { authorization: `Bearer ${emulator.token}` } })
  return ((await res.json()) as { uploads: { id: string; bytes: number }[] }).uploads
}

async function storedItems(dir: string): Promise<{ state: string; payload: { media?: { mediaId?: string } } }[]> {
  const names = await readdir(join(dir, 'outbox')).catch(() => [] as string[])
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, 'outbox', name, 'item.json'), 'utf8'))))
}

beforeEach(async () => {
  emulator = await startEmulator({ groups: 3, maxBodyBytes: 96 * MB })
})
afterEach(async () => {
  await emulator.stop()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('Outbox: upload, then publish', () => {
  it('uploads the file once with POST /media, then posts a small story that carries the media id', async () => {
    const dir = await newDir()
    const client = uploadingClient(emulator.baseUrl, emulator.token)
    const { outbox, progress, history } = openOutbox(dir, client)
    await outbox.open()
    const outcome = await outbox.publish(await videoStory(dir))
    expect(outcome.state).toBe('sent')
    const [upload] = await uploads()
    expect(upload!.bytes).toBe(2 * MB)
    expect(requests('media')).toHaveLength(1)
    expect(requests('stories')).toHaveLength(1)
    const [published] = emulator.control.stories.list()
    expect(published).toMatchObject({ kind: 'video', caption: 'Clip', media: { form: 'media-id', id: upload!.id } })
    expect(JSON.stringify(published!.request).length).toBeLessThan(500)
    expect(progress.some((p) => p.step === 'upload' && p.sentBytes === 2 * MB)).toBe(true)
    expect(progress.at(-1)).toMatchObject({ step: 'publish' })
    expect(await storedItems(dir)).toEqual([])
    expect((await history.list())[0]).toMatchObject({ messageId: published!.id })
  })

  it('a reset during the upload sends the upload again, and the story is published once', async () => {
    emulator.control.faults.add({ type: 'reset', route: 'media', times: 1, bytes: 2 })
    const dir = await newDir()
    const { outbox } = openOutbox(dir, uploadingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    expect((await outbox.publish(await videoStory(dir))).state).toBe('sent')
    expect(requests('media').map((r) => r.outcome)).toEqual(['reset', 'answered'])
    expect(requests('stories')).toHaveLength(1)
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('an upload that fails unexpectedly (its file not readable) leaves the story waiting, never unknown, and it goes once', async () => {
    const dir = await newDir()
    const client = uploadingClient(emulator.baseUrl, emulator.token)
    let failures = 1
    const flaky = {
      ...client,
      uploadMedia: (...args: Parameters<typeof client.uploadMedia>) =>
        failures-- > 0 ? Promise.reject(new Error('EMFILE: too many open files')) : client.uploadMedia(...args),
    }
    const { outbox, timers } = openOutbox(dir, flaky)
    await outbox.open()
    const outcome = await outbox.publish(await videoStory(dir))
    expect(outcome).toMatchObject({ state: 'queued', error: { code: 'storage', details: { published: false } } })
    expect(requests('stories')).toHaveLength(0)

    await outbox.idle()
    expect(timers.pending).toHaveLength(1)
    timers.fire()
    await outbox.idle()
    expect(emulator.control.stories.list()).toHaveLength(1)
    expect(await storedItems(dir)).toEqual([])
  })

  it('keeps the media id with the item: sending again after a restart does not upload again', async () => {
    emulator.control.faults.add({ type: 'status', status: 502, route: 'stories', times: 1 })
    const dir = await newDir()
    const first = openOutbox(dir, uploadingClient(emulator.baseUrl, emulator.token))
    await first.outbox.open()
    const outcome = await first.outbox.publish(await videoStory(dir))
    expect(outcome.state).toBe('unknown')
    const [stored] = await storedItems(dir)
    const [upload] = await uploads()
    expect(stored).toMatchObject({ state: 'unknown', payload: { media: { mediaId: upload!.id } } })
    first.outbox.close()

    const second = openOutbox(dir, uploadingClient(emulator.baseUrl, emulator.token))
    await second.outbox.open()
    const [item] = second.outbox.list()
    await second.outbox.act(item!.id, 'send-again')
    await second.outbox.idle()
    expect(second.outbox.list()).toEqual([])
    expect(requests('media')).toHaveLength(1)
    expect(requests('stories')).toHaveLength(2)
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('a 404 "media not found" on the story uploads again, once, and publishes with the new id', async () => {
    emulator.control.faults.add({ type: 'status', status: 404, route: 'stories', times: 1, message: 'Media with specified id not found' })
    const dir = await newDir()
    const { outbox } = openOutbox(dir, uploadingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    expect((await outbox.publish(await videoStory(dir))).state).toBe('sent')
    const ids = (await uploads()).map((u) => u.id)
    expect(ids).toHaveLength(2)
    expect(emulator.control.stories.list()).toEqual([expect.objectContaining({ media: { form: 'media-id', id: ids[1] } })])
  })

  it('a 404 that persists after the second upload is a refusal, not a loop', async () => {
    emulator.control.faults.add({ type: 'status', status: 404, route: 'stories' })
    const dir = await newDir()
    const { outbox } = openOutbox(dir, uploadingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    const outcome = await outbox.publish(await videoStory(dir))
    expect(outcome).toMatchObject({ state: 'dropped', error: { code: 'not-found' } })
    expect(requests('media')).toHaveLength(2)
    expect(requests('stories')).toHaveLength(2)
  })

  it('falls back to the story request carrying the file when the server has no /media', async () => {
    emulator.control.faults.add({ type: 'status', status: 405, route: 'media' })
    const dir = await newDir()
    const { outbox } = openOutbox(dir, uploadingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    expect((await outbox.publish(await videoStory(dir))).state).toBe('sent')
    expect(emulator.control.stories.list()).toEqual([
      expect.objectContaining({ media: expect.objectContaining({ form: 'data-uri', bytes: 2 * MB }) }),
    ])
  })

  it('an upload that cannot reach the server leaves the story queued, with nothing published', async () => {
    const dir = await newDir()
    const { outbox } = openOutbox(dir, uploadingClient('http://127.0.0.1:9', emulator.token))
    await outbox.open()
    const outcome = await outbox.publish(await videoStory(dir))
    expect(outcome.state).toBe('queued')
    const [stored] = await storedItems(dir)
    expect(stored).toMatchObject({ state: 'queued' })
    expect(stored!.payload.media?.mediaId).toBeUndefined()
  })
})

describe('Outbox: reposts', () => {
  async function phoneStory(): Promise<string> {
    const res = await fetch(`${emulator.baseUrl}/__emulator/phone-story`, {
      method: 'POST',
      body: JSON.stringify({ caption: 'Worth repeating' }),
      headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    })
    return ((await res.json()) as { story: { id: string } }).story.id
  }
  const repost = (storyId: string, contacts?: string[]): NewStory => {
    const story = textStory('Worth repeating')
    return { ...story, payload: { kind: 'copy', storyId, audience: contacts ? { contacts } : {} }, mediaSource: null }
  }

  it('posts a story again with PUT, once, and records it in the history', async () => {
    const id = await phoneStory()
    const dir = await newDir()
    const { outbox, history } = openOutbox(dir, uploadingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    expect((await outbox.publish(repost(id, ['15550101234']))).state).toBe('sent')
    expect(requests('story').filter((r) => r.method === 'PUT')).toHaveLength(1)
    expect(emulator.control.stories.list()).toEqual([
      expect.objectContaining({ id }),
      expect.objectContaining({ caption: 'Worth repeating', contacts: ['15550101234'] }),
    ])
    expect(await history.list()).toHaveLength(1)
    expect(await storedItems(dir)).toEqual([])
  })

  it('a lost answer leaves the repost unknown, kept for the user, never sent again by itself', async () => {
    const id = await phoneStory()
    emulator.control.faults.add({ type: 'status', status: 502, route: 'story', phase: 'after', times: 1 })
    const dir = await newDir()
    const { outbox } = openOutbox(dir, uploadingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    expect((await outbox.publish(repost(id))).state).toBe('unknown')
    await outbox.drain()
    expect(requests('story')).toHaveLength(1)
    expect(await storedItems(dir)).toEqual([expect.objectContaining({ state: 'unknown' })])
  })
})
