import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { failure, testClient } from './helpers'

let emulator: Emulator
let dir: string
let video: string
const VIDEO_BYTES = 3 * 1024 * 1024 + 17

interface Upload {
  id: string
  bytes: number
  mimeType: string
}
const uploads = async (): Promise<Upload[]> => {
  const res = await fetch(`${emulator.baseUrl}/__emulator/uploads`, {
    headers: { authorization: `Bearer ${emulator.token}` },
  })
  return ((await res.json()) as { uploads: Upload[] }).uploads
}
const mediaRequests = () => emulator.control.requests.list().filter((r) => r.route === 'media')

beforeAll(async () => {
  emulator = await startEmulator({ groups: 3, maxBodyBytes: 8 * 1024 * 1024, viewerEveryMs: 60_000 })
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-media-'))
  video = join(dir, 'clip.mp4')
  await writeFile(video, randomBytes(VIDEO_BYTES))
})
afterAll(async () => {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
})
beforeEach(() => emulator.control.reset())

describe('POST /media', () => {
  it('sends the file itself as the body, its type in Content-Type, and reads the media id', async () => {
    const { api } = testClient(emulator.baseUrl, emulator.token)
    const progress: number[] = []
    const result = await api.uploadMedia(
      { kind: 'file', path: video, mimeType: 'video/mp4' },
      { onProgress: (p) => progress.push(p.sentBytes) },
    )
    expect(result).toMatchObject({ outcome: 'uploaded', attempts: 1 })
    const [upload] = await uploads()
    expect(upload).toMatchObject({ bytes: VIDEO_BYTES, mimeType: 'video/mp4' })
    expect(result.outcome === 'uploaded' && result.mediaId).toBe(upload!.id)
    expect(progress.at(-1)).toBe(VIDEO_BYTES)
    expect(progress.length).toBeGreaterThan(10)
  })

  it('is sent again after a reset (it publishes nothing), and uploads once more only', async () => {
    emulator.control.faults.add({ type: 'reset', route: 'media', times: 1, bytes: 3 })
    const { api } = testClient(emulator.baseUrl, emulator.token)
    const result = await api.uploadMedia({ kind: 'file', path: video, mimeType: 'video/mp4' })
    expect(result).toMatchObject({ outcome: 'uploaded', attempts: 2 })
    expect(mediaRequests().map((r) => r.outcome)).toEqual(['reset', 'answered'])
  })

  it('gives up after the retry bound when every attempt fails', async () => {
    emulator.control.faults.add({ type: 'status', status: 503, route: 'media' })
    const { api } = testClient(emulator.baseUrl, emulator.token)
    const error = await failure(api.uploadMedia({ kind: 'file', path: video, mimeType: 'video/mp4' }))
    expect(error.code).toBe('server')
    expect(error.details).toMatchObject({ status: 503, attempts: 4, published: false })
    expect(mediaRequests()).toHaveLength(4)
  })

  it('reads an early 413 as the server’s refusal, once, not retried', async () => {
    emulator.control.faults.add({ type: 'early-answer', route: 'media', afterBytes: 64 * 1024 })
    const { api } = testClient(emulator.baseUrl, emulator.token)
    const error = await failure(api.uploadMedia({ kind: 'file', path: video, mimeType: 'video/mp4' }))
    expect(error.code).toBe('too-large')
    expect(error.details).toMatchObject({ status: 413, attempts: 1, published: false })
    expect(mediaRequests()).toHaveLength(1)
  })

  it('answers unsupported when the server has no /media (404 or 405)', async () => {
    const { api } = testClient(emulator.baseUrl, emulator.token)
    for (const status of [404, 405]) {
      emulator.control.faults.clear()
      emulator.control.faults.add({ type: 'status', status, route: 'media' })
      expect(await api.uploadMedia({ kind: 'file', path: video, mimeType: 'video/mp4' })).toEqual({
        outcome: 'unsupported',
        status,
      })
    }
  })

  it('reports a reply without a media id as itself', async () => {
    emulator.control.faults.add({ type: 'malformed-json', route: 'media' })
    const { api } = testClient(emulator.baseUrl, emulator.token)
    const error = await failure(api.uploadMedia({ kind: 'bytes', bytes: new Uint8Array(10), mimeType: 'image/png' }))
    expect(error.code).toBe('invalid-response')
    expect(error.details).toMatchObject({ published: false })
  })
})

describe('the account’s stories, their views and reposts', () => {
  const phoneStory = async (body: Record<string, unknown>): Promise<string> => {
    const res = await fetch(`${emulator.baseUrl}/__emulator/phone-story`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    })
    return ((await res.json()) as { story: { id: string } }).story.id
  }

  it('lists stories with paging and filters, and reads one', async () => {
    const id = await phoneStory({ caption: 'From the phone', background_color: '#FF43A047' })
    await phoneStory({ caption: 'Someone else’s', from_me: false })
    const { api } = testClient(emulator.baseUrl, emulator.token)
    const page = await api.listStories({ count: 50, offset: 0, fromMe: true })
    expect(page.messages.map((m) => m.id)).toEqual([id])
    expect(page.total).toBe(1)
    expect((await api.getStory(id)).text).toEqual({ body: 'From the phone' })
    expect((await failure(api.listStories({ count: 501, offset: 0 }))).code).toBe('invalid-argument')
  })

  it('reads view statuses, and a story not the account’s own as forbidden', async () => {
    const mine = await phoneStory({ caption: 'Seen', ago_seconds: 300 })
    const theirs = await phoneStory({ caption: 'Not mine', from_me: false })
    const { api } = testClient(emulator.baseUrl, emulator.token)
    const views = await api.storyStatuses(mine)
    expect(views.statuses).toHaveLength(5)
    expect(views.statuses[0]).toMatchObject({ status: 'read', viewer_id: expect.stringMatching(/^\d+$/) })
    expect((await failure(api.storyStatuses(theirs))).code).toBe('forbidden')
    expect((await failure(api.storyStatuses('../groups'))).code).toBe('invalid-argument')
  })

  it('reposts with PUT, digits only, and treats a lost answer as an unknown outcome', async () => {
    const id = await phoneStory({ caption: 'Again' })
    const { api } = testClient(emulator.baseUrl, emulator.token)
    expect(await api.copyStory(id, { contacts: ['15550101234'] })).toEqual({ outcome: 'published', attempts: 1 })
    expect((await failure(api.copyStory(id, { contacts: ['+1 555 0101'] }))).code).toBe('invalid-argument')
    emulator.control.faults.add({ type: 'status', status: 502, route: 'story', times: 1 })
    const lost = await api.copyStory(id, {})
    expect(lost.outcome).toBe('unknown')
    expect(emulator.control.requests.list().filter((r) => r.route === 'story')).toHaveLength(2)
  })
})
