import { request } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Emulator } from '../../../../src-main/emulator/index'
import { call, controlCall, getGroups, logged, page, postStory, start } from './helpers'

describe('/__emulator control and inspection', () => {
  let emulator: Emulator
  const control = (path: string, init: RequestInit = {}): ReturnType<typeof call> => controlCall(emulator, path, init)

  beforeAll(async () => {
    emulator = await start({ groups: 40, seed: 3 })
  })
  afterAll(() => emulator.stop())
  beforeEach(() => emulator.control.reset())

  it('describes the emulator', async () => {
    const reply = await control('')
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({
      baseUrl: emulator.baseUrl,
      groups: { base: 40, total: 40 },
      stories: 0,
      faults: 0,
    })
  })

  it('adds and removes groups now, and resets them', async () => {
    const before = (await page(emulator, 0, 100)).groups.map((g) => g.id)
    const change = await control('/groups', {
      method: 'POST',
      body: JSON.stringify({ add: 3, removePositions: [0, 5] }),
    })
    expect(change.status).toBe(200)
    const { added, removed, total } = change.body as {
      added: string[]
      removed: string[]
      total: number
    }
    expect(total).toBe(41)
    expect(removed).toEqual([before[0], before[5]])
    const after = (await page(emulator, 0, 100)).groups.map((g) => g.id)
    expect(after.slice(0, 3)).toEqual([...added].reverse())
    expect(after).not.toContain(before[0])
    expect(new Set(after).size).toBe(41)
    expect((await control('/groups', { method: 'DELETE' })).body).toEqual({ base: 40, total: 40 })
    expect((await page(emulator, 0, 100)).groups.map((g) => g.id)).toEqual(before)
  })

  it('gives new groups at the start newer activity than any other', async () => {
    emulator.control.groups.mutate({ add: 2 })
    const stamps = (await page(emulator, 0, 100)).groups.map((g) => g.timestamp as number)
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a))
  })

  it('rejects a malformed mutation', async () => {
    expect((await control('/groups', { method: 'POST', body: '{"add":-1}' })).status).toBe(400)
    expect((await control('/groups', { method: 'POST', body: '{"grow":1}' })).status).toBe(400)
    expect((await control('/groups', { method: 'POST', body: 'nope' })).status).toBe(400)
  })

  it('lists known media ids and learns new ones', async () => {
    const listed = (await control('/media')).body as { media: { id: string; mimeType: string }[] }
    expect(listed.media).toContainEqual({
      id: 'jpeg-0a1b2c3d4e5f60718293a4b5',
      mimeType: 'image/jpeg',
    })
    const added = await control('/media', {
      method: 'POST',
      body: JSON.stringify({ id: 'mp4-abcdef0123', mime_type: 'video/mp4' }),
    })
    expect(added.status).toBe(201)
    const story = await postStory(emulator, { media: 'mp4-abcdef0123' })
    expect((story.body as { message: { type: string } }).message.type).toBe('video')
    expect(
      (
        await control('/media', {
          method: 'POST',
          body: JSON.stringify({ id: 'not an id', mime_type: 'video/mp4' }),
        })
      ).status,
    ).toBe(400)
  })

  it('logs requests with their outcome, and clears the log', async () => {
    await getGroups(emulator, 'count=2')
    await getGroups(emulator, 'count=0')
    const records = await logged(emulator, 2, (r) => /count=[02]$/.test(r.path))
    expect(records.map((r) => [r.route, r.status, r.outcome])).toEqual([
      ['groups', 200, 'answered'],
      ['groups', 400, 'answered'],
    ])
    const listed = (await control('/requests')).body as { requests: unknown[] }
    expect(listed.requests.length).toBeGreaterThanOrEqual(2)
    await control('/requests', { method: 'DELETE' })
    expect(emulator.control.requests.list().filter((r) => r.route === 'groups')).toEqual([])
  })

  it('resets faults, stories, groups and the log at once', async () => {
    emulator.control.faults.add({ type: 'latency', ms: 1 })
    emulator.control.groups.mutate({ add: 1 })
    await postStory(emulator, { caption: 'x' })
    expect((await control('/reset', { method: 'POST' })).body).toEqual({ reset: true })
    expect(emulator.control.faults.list()).toEqual([])
    expect(emulator.control.stories.list()).toEqual([])
    expect(emulator.control.groups.total()).toBe(40)
  })

  it('answers 404 for unknown paths and 405 for a wrong method, in the provider error shape', async () => {
    expect((await control('/nothing')).status).toBe(404)
    expect((await call(`${emulator.baseUrl}/chats`)).body).toMatchObject({ error: { code: 404 } })
    const wrong = await call(`${emulator.baseUrl}/groups`, { method: 'DELETE' })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET')
    const deleteStories = await call(`${emulator.baseUrl}/stories`, { method: 'DELETE' })
    expect(deleteStories.status).toBe(405)
    expect(deleteStories.headers.get('allow')).toBe('GET, POST')
  })
})

describe('/__emulator access', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await start({ groups: 5, token: 'control-token-1' })
  })
  afterAll(() => emulator.stop())

  it('refuses a request without the token, or with a wrong one', async () => {
    expect((await call(`${emulator.baseUrl}/__emulator/stories`)).status).toBe(401)
    const wrong = await call(`${emulator.baseUrl}/__emulator/faults`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
      body: JSON.stringify({ type: 'hang' }),
    })
    expect(wrong.status).toBe(401)
    expect(emulator.control.faults.list()).toEqual([])
  })

  it('refuses a Host that is a name other than localhost (DNS rebinding) or another port', async () => {
    const port = Number(new URL(emulator.baseUrl).port)
    const statusWithHost = (host: string) =>
      new Promise<number>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/__emulator', headers: { host, authorization: 'Bearer control-token-1' } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
          .on('error', reject)
          .end()
      })
    expect(await statusWithHost(`attacker.example:${port}`)).toBe(403)
    expect(await statusWithHost(`127.0.0.1:${port + 1}`)).toBe(403)
    expect(await statusWithHost(`127.0.0.1:${port}`)).toBe(200)
    expect(await statusWithHost(`localhost:${port}`)).toBe(200)
  })
})

describe('/__emulator/groups at scale', () => {
  it('adds 300,000 groups in one call without stalling the server (linear, not quadratic)', async () => {
    const emulator = await start({ groups: 10 })
    try {
      const seededFirst = (await page(emulator, 0, 1)).groups[0]?.id
      const started = performance.now()
      const reply = await controlCall(emulator, '/groups', { method: 'POST', body: JSON.stringify({ add: 300_000 }) })
      const elapsedMs = performance.now() - started
      expect(reply.status).toBe(200)
      expect((reply.body as { total: number }).total).toBe(300_010)
      // Quadratic growth took 7.7 s here; linear takes a few hundred milliseconds.
      expect(elapsedMs).toBeLessThan(4_000)
      // The newest group comes first, the seeded ones after all the added ones.
      const first = (await page(emulator, 0, 2)).groups
      const added = (reply.body as { added: string[] }).added
      expect(first.map((g) => g.id)).toEqual([added[299_999], added[299_998]])
      expect((await page(emulator, 300_000, 1)).groups[0]?.id).toBe(seededFirst)
    } finally {
      await emulator.stop()
    }
  })

  it('refuses to add more than a million groups in one change', async () => {
    const emulator = await start({ groups: 1 })
    try {
      const reply = await controlCall(emulator, '/groups', { method: 'POST', body: JSON.stringify({ add: 1_000_001 }) })
      expect(reply.status).toBe(400)
      expect(emulator.control.groups.total()).toBe(1)
    } finally {
      await emulator.stop()
    }
  })
})
