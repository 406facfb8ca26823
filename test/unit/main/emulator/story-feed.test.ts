import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Emulator } from '../../../../src-main/emulator/index'
import { specErrors } from '../../../support/emulator-openapi'
import { bearer, call, controlCall, getGroups, logged, postStory, start } from './helpers'

const TEXT = {
  caption: 'From the API',
  background_color: '#FF1E88E5',
  caption_color: '#FFFFFFFF',
  font_type: 'SYSTEM_BOLD',
}

describe('the account’s stories, media uploads and view statuses', () => {
  let emulator: Emulator
  let now = 1_750_000_000_000
  const api = (path: string, init: RequestInit = {}) =>
    call(`${emulator.baseUrl}${path}`, {
      ...init,
      headers: { ...bearer(emulator.token), ...(init.headers as Record<string, string> | undefined) },
    })
  const phoneStory = async (body: Record<string, unknown>): Promise<string> => {
    const reply = await controlCall(emulator, '/phone-story', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    })
    expect(reply.status).toBe(201)
    return (reply.body as { story: { id: string } }).story.id
  }

  beforeAll(async () => {
    emulator = await start({ maxBodyBytes: 256 * 1024, now: () => now, viewerEveryMs: 60_000 })
  })
  afterAll(() => emulator.stop())
  beforeEach(async () => {
    now = 1_750_000_000_000
    await controlCall(emulator, '/reset', { method: 'POST' })
  })

  it('POST /media takes the file as the body and answers a media id a story can carry', async () => {
    const bytes = new Uint8Array(100_000).fill(7)
    const reply = await api('/media', {
      method: 'POST',
      body: bytes,
      headers: { 'content-type': 'video/mp4' },
    })
    expect(reply.status).toBe(200)
    expect(specErrors('UploadMediaResponse', reply.body)).toEqual([])
    const id = (reply.body as { media: { id: string }[] }).media[0]!.id
    expect(id).toMatch(/^mp4-[0-9a-f]+$/)
    const uploads = (await controlCall(emulator, '/uploads')).body as {
      uploads: { id: string; bytes: number; mimeType: string }[]
    }
    expect(uploads.uploads).toEqual([expect.objectContaining({ id, bytes: 100_000, mimeType: 'video/mp4' })])
    const story = await postStory(emulator, { media: id, caption: 'uploaded first' })
    expect(story.status).toBe(200)
    expect((story.body as { message: { video: { id: string } } }).message.video.id).toBe(id)
  })

  it('POST /media also takes the spec’s JSON form, a data URI', async () => {
    const reply = await api('/media', {
      method: 'POST',
      body: JSON.stringify({ media: `data:image/png;base64,${Buffer.from('png bytes').toString('base64')}` }),
      headers: { 'content-type': 'application/json' },
    })
    expect(reply.status).toBe(200)
    expect(specErrors('UploadMediaResponse', reply.body)).toEqual([])
    expect((reply.body as { media: { id: string }[] }).media[0]!.id).toMatch(/^png-/)
  })

  it('POST /media refuses an unknown type with 415 and an oversized file with 413', async () => {
    const wrongType = await api('/media', {
      method: 'POST',
      body: new Uint8Array(10),
      headers: { 'content-type': 'application/x-msdownload' },
    })
    expect(wrongType.status).toBe(415)
    expect(specErrors('ResponseError', wrongType.body)).toEqual([])
    const tooLarge = await api('/media', {
      method: 'POST',
      body: new Uint8Array(300 * 1024),
      headers: { 'content-type': 'image/jpeg' },
    })
    expect(tooLarge.status).toBe(413)
    expect(specErrors('ResponseError', tooLarge.body)).toEqual([])
    expect(((await controlCall(emulator, '/uploads')).body as { uploads: unknown[] }).uploads).toEqual([])
  })

  it('GET /stories lists API and phone stories newest first, paged and filtered', async () => {
    await postStory(emulator, TEXT)
    now += 1000
    const phone = await phoneStory({ caption: 'From the phone', background_color: '#FF43A047' })
    now += 1000
    await phoneStory({ caption: 'A contact’s', from_me: false, from: '15550107777' })
    const all = await api('/stories?count=10')
    expect(all.status).toBe(200)
    expect(specErrors('MessagesList', all.body)).toEqual([])
    const list = all.body as { messages: { id: string; from_me: boolean; source: string }[]; total: number }
    expect(list.total).toBe(3)
    expect(list.messages[1]).toMatchObject({ id: phone, source: 'mobile', from_me: true })
    const mine = (await api('/stories?from_me=true&count=1&offset=1')).body as typeof list
    expect(mine.messages).toEqual([expect.objectContaining({ source: 'api', from_me: true })])
    expect(mine.total).toBe(2)
    const before = (await api(`/stories?time_to=${Math.floor(1_750_000_000)}`)).body as typeof list
    expect(before.total).toBe(1)
    expect((await api('/stories?count=0')).status).toBe(400)
    expect((await api('/stories?from_me=yes')).status).toBe(400)
    now += 25 * 3600_000
    expect(((await api('/stories')).body as typeof list).total).toBe(0)
  })

  it('GET /stories/{id} answers one story and 404 for another', async () => {
    const id = await phoneStory({ caption: 'One' })
    const one = await api(`/stories/${id}`)
    expect(one.status).toBe(200)
    expect(specErrors('Message', one.body)).toEqual([])
    const missing = await api('/stories/AAAAAAAAAAAAAAAA-BBBBBBBBBBBB')
    expect(missing.status).toBe(404)
    expect(specErrors('ResponseError', missing.body)).toEqual([])
  })

  it('PUT /stories/{id} copies the story to the audience given, digits only', async () => {
    const id = await phoneStory({ caption: 'Again' })
    const copied = await api(`/stories/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ contacts: ['15550101234'] }),
      headers: { 'content-type': 'application/json' },
    })
    expect(copied.status).toBe(201)
    expect(specErrors('ResponseSuccess', copied.body)).toEqual([])
    const stories = (
      (await controlCall(emulator, '/stories')).body as {
        stories: { id: string; contacts?: string[]; caption?: string }[]
      }
    ).stories
    expect(stories).toHaveLength(2)
    expect(stories[1]).toMatchObject({ caption: 'Again', contacts: ['15550101234'] })
    expect(stories[1]!.id).not.toBe(id)
    const bad = await api(`/stories/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ contacts: ['+1 555'] }),
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
  })

  it('GET /statuses/{id}: viewers accrue over time from the account’s group members', async () => {
    const id = await phoneStory({ caption: 'Seen?' })
    const first = await api(`/statuses/${id}`)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ statuses: [] })
    now += 3 * 60_000 + 5
    const later = await api(`/statuses/${id}`)
    expect(specErrors('StatusesList', later.body)).toEqual([])
    const statuses = (later.body as { statuses: { viewer_id: string; status: string; timestamp: string }[] }).statuses
    expect(statuses).toHaveLength(3)
    expect(statuses.every((s) => s.status === 'read')).toBe(true)
    const groups = (await getGroups(emulator, 'count=5')).body as {
      groups: { participants: { id: string }[] }[]
    }
    const members = new Set(groups.groups.flatMap((g) => g.participants.map((p) => p.id)))
    for (const status of statuses) expect(members.has(status.viewer_id)).toBe(true)
    expect(Number(statuses[2]!.timestamp)).toBe(Math.floor((1_750_000_000_000 + 180_000) / 1000))
  })

  it('GET /statuses/{id} is 403 for a story the account did not post, 404 for none', async () => {
    const theirs = await phoneStory({ caption: 'Theirs', from_me: false })
    const forbidden = await api(`/statuses/${theirs}`)
    expect(forbidden.status).toBe(403)
    expect(specErrors('ResponseError', forbidden.body)).toEqual([])
    expect((await api('/statuses/AAAAAAAAAAAAAAAA-BBBBBBBBBBBB')).status).toBe(404)
  })

  it('faults apply to the new routes when named, and leave them alone otherwise', async () => {
    emulator.control.faults.add({ type: 'status', status: 503, route: 'media', times: 1 })
    const faulted = await api('/media', {
      method: 'POST',
      body: new Uint8Array(10),
      headers: { 'content-type': 'image/png' },
    })
    expect(faulted.status).toBe(503)
    emulator.control.faults.add({ type: 'status', status: 500, times: 5 })
    const listed = await api('/stories')
    expect(listed.status).toBe(200)
    emulator.control.faults.clear()
    emulator.control.faults.add({ type: 'reset', route: 'story-list', bytes: 4 })
    await expect(fetch(`${emulator.baseUrl}/stories`, { headers: bearer(emulator.token) }).then((r) => r.text())).rejects.toThrow()
    const records = await logged(emulator, 1, (r) => r.route === 'story-list' && r.outcome === 'reset')
    expect(records.length).toBeGreaterThan(0)
  })
})
