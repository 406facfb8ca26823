import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emulator } from '../../../../src-main/emulator/index'
import { rawSchema, specErrors } from '../../../support/emulator-openapi'
import { EPOCH, getGroups, page, start, walk } from './helpers'

type Group = Record<string, unknown> & { last_message?: Record<string, unknown> }

/** Content members of the spec's Message: everything but the envelope. */
const ENVELOPE = [
  'id',
  'type',
  'subtype',
  'chat_id',
  'chat_name',
  'from',
  'from_me',
  'from_name',
  'source',
  'timestamp',
  'device_id',
  'status',
]
const CONTENT_MEMBERS = Object.keys(rawSchema('Message').properties as object).filter((k) => !ENVELOPE.includes(k))

describe('GET /groups', () => {
  let emulator: Emulator
  let all: Group[]

  beforeAll(async () => {
    emulator = await start({ groups: 1000 })
    all = []
    for (let offset = 0; offset < 1000; offset += 500) all.push(...((await page(emulator, offset, 500)).groups as Group[]))
  })
  afterAll(() => emulator.stop())

  it('serves pages that validate against the spec (GroupsList)', async () => {
    for (const offset of [0, 100, 500, 900]) {
      const reply = await getGroups(emulator, `count=100&offset=${offset}`)
      expect(reply.status).toBe(200)
      expect(specErrors('GroupsList', reply.body)).toEqual([])
    }
  })

  it('answers {groups, count, total, offset} with count = groups returned', async () => {
    const body = await page(emulator, 990, 100)
    expect(body.groups).toHaveLength(10)
    expect(body).toMatchObject({ count: 10, total: 1000, offset: 990 })
  })

  it('defaults to count 100 and offset 0', async () => {
    const reply = await getGroups(emulator)
    expect(reply.body).toMatchObject({ count: 100, offset: 0, total: 1000 })
  })

  it('answers an empty page past the end', async () => {
    const body = await page(emulator, 5000, 10)
    expect(body).toEqual({ groups: [], count: 0, total: 1000, offset: 5000 })
  })

  it('accepts the bounds of count and offset', async () => {
    expect((await getGroups(emulator, 'count=1')).status).toBe(200)
    expect((await getGroups(emulator, 'count=500&offset=0')).status).toBe(200)
  })

  const badParams = [
    'count=0',
    'count=501',
    'count=-1',
    'count=1.5',
    'count=abc',
    'count=',
    'count=1e2',
    'count=%205',
    'count=%2B5',
    'count=0x10',
    'count=5&count=6',
    'offset=-1',
    'offset=2.5',
    'offset=x',
    'offset=',
    'offset=99999999999999999999',
    'offset=1&offset=2',
  ]
  it.each(badParams)('rejects %s with 400 and the provider error body', async (query) => {
    const reply = await getGroups(emulator, query)
    expect(reply.status).toBe(400)
    expect(specErrors('ResponseError', reply.body)).toEqual([])
    const field = query.split('=')[0] as string
    expect((reply.body as { error: { code: number; message: string } }).error).toMatchObject({
      code: 400,
    })
    expect((reply.body as { error: { message: string } }).error.message).toContain(field)
  })

  it('has every content member of the Message record in any 40 consecutive groups', () => {
    expect(CONTENT_MEMBERS).toEqual(expect.arrayContaining(['text', 'poll', 'context', 'reactions', 'labels', 'buttons']))
    for (const start of [0, 17, 123, 480, 960]) {
      const window = all.slice(start, start + 40)
      const present = new Set(window.flatMap((g) => Object.keys(g.last_message ?? {})))
      expect(
        CONTENT_MEMBERS.filter((m) => !present.has(m)),
        `window at ${start}`,
      ).toEqual([])
    }
  })

  it('gives the message its matching type and the group chat id', () => {
    for (const group of all.slice(0, 60)) {
      const message = group.last_message as Record<string, unknown>
      expect(message.chat_id).toBe(group.id)
      expect(message.timestamp).toBe(group.timestamp)
    }
    const byKind = (kind: string): Record<string, unknown> | undefined =>
      all.find((g) => g.last_message?.[kind] !== undefined)?.last_message
    expect(byKind('voice')?.type).toBe('voice')
    expect(byKind('poll')?.type).toBe('poll')
    expect(byKind('newsletter_invite')?.type).toBe('newsletter_invite')
  })

  it('lists groups newest activity first', () => {
    const stamps = all.map((g) => g.timestamp as number)
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a))
    expect(stamps[0]).toBeLessThanOrEqual(EPOCH)
  })

  it('names groups in Latin, Cyrillic, Arabic, CJK and emoji', () => {
    const names = all.slice(0, 100).map((g) => g.name as string)
    for (const script of [
      /\p{Script=Latin}/u,
      /\p{Script=Cyrillic}/u,
      /\p{Script=Arabic}/u,
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
      /\p{Extended_Pictographic}/u,
    ]) {
      expect(
        names.some((n) => script.test(n)),
        String(script),
      ).toBe(true)
    }
    expect(Math.max(...all.map((g) => (g.name as string).length))).toBeLessThanOrEqual(100)
  })

  it('has chat settings in both states: pinned, muted (for a while and for ever), archived, unread, mentions', () => {
    const some = (test: (g: Group) => boolean): boolean => all.some(test)
    for (const flag of [
      'pin',
      'archive',
      'mute',
      'unread_mention',
      'restricted',
      'announcements',
      'adminAddMemberMode',
      'suspended',
      'terminated',
      'read_only',
    ]) {
      expect(
        some((g) => g[flag] === true),
        flag,
      ).toBe(true)
      expect(
        some((g) => g[flag] === false),
        flag,
      ).toBe(true)
    }
    expect(some((g) => g.mute === true && (g.mute_until as number) > EPOCH)).toBe(true)
    expect(some((g) => g.mute === true && g.mute_until === 0)).toBe(true)
    expect(some((g) => (g.unread as number) > 999)).toBe(true)
    expect(some((g) => (g.ephemeral as number) > 0)).toBe(true)
    expect(some((g) => (g.labels as unknown[]).length > 1)).toBe(true)
  })

  it('has descriptions with who set them, and invite codes where the account is an admin', () => {
    const described = all.filter((g) => g.description !== undefined)
    expect(described.length).toBeGreaterThan(100)
    for (const g of described) {
      expect(g.description_owner).toMatch(/^\d{7,15}$/)
      expect(typeof g.description_id).toBe('string')
    }
    const me = '15550100001'
    for (const g of all) {
      const rank = (g.participants as { id: string; rank: string }[]).find((p) => p.id === me)?.rank
      expect(rank, g.id as string).toBeDefined()
      expect(g.invite_code !== undefined, g.id as string).toBe(rank !== 'member')
    }
  })

  it('has participants of every rank, up to 1,024 in a group, counted right', () => {
    const ranks = new Set(all.flatMap((g) => (g.participants as { rank: string }[]).map((p) => p.rank)))
    expect([...ranks].sort()).toEqual(['admin', 'creator', 'member'])
    expect(Math.max(...all.map((g) => g.participants_count as number))).toBe(1024)
    for (const g of all) {
      const ids = (g.participants as { id: string }[]).map((p) => p.id)
      expect(g.participants_count).toBe(ids.length)
      expect(new Set(ids).size).toBe(ids.length)
    }
  })

  it('has communities: a parent, its announcement group and default subgroup linked to it', () => {
    const byId = new Map(all.map((g) => [g.id as string, g]))
    const announce = all.filter((g) => g.isCommunityAnnounce === true)
    expect(announce.length).toBeGreaterThan(0)
    for (const g of announce) {
      const parent = byId.get(g.linkedParent as string)
      expect(parent?.is_parent).toBe(true)
      expect(g.name).toBe(parent?.name)
    }
    const defaults = all.filter((g) => g.is_default_subgroup === true)
    expect(defaults.length).toBeGreaterThan(0)
    for (const g of defaults) expect(byId.get(g.linkedParent as string)?.is_parent).toBe(true)
  })

  it('serves a different picture per group, without a token, and leaves some groups without one', async () => {
    const withPicture = all.filter((g) => g.chat_pic !== undefined)
    expect(withPicture.length).toBeLessThan(all.length)
    const pictures: Buffer[] = []
    for (const group of withPicture.slice(0, 2)) {
      const url = group.chat_pic as string
      expect(url.startsWith(`${emulator.baseUrl}/__emulator/pictures/`)).toBe(true)
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      pictures.push(Buffer.from(await res.arrayBuffer()))
      const full = Buffer.from(await (await fetch(group.chat_pic_full as string)).arrayBuffer())
      expect(full.readUInt32BE(16)).toBe(640)
    }
    expect(pictures[0]?.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    expect(pictures[0]?.readUInt32BE(16)).toBe(96)
    expect(pictures[0]?.equals(pictures[1] as Buffer)).toBe(false)
    expect((await fetch(`${emulator.baseUrl}/__emulator/pictures/nope.png`)).status).toBe(404)
  })
})

describe('paging', () => {
  it('walks 10,000 groups exactly once', async () => {
    const emulator = await start({ groups: 10_000 })
    try {
      const { ids, totals, requests } = await walk(emulator, 500)
      expect(ids).toHaveLength(10_000)
      expect(new Set(ids).size).toBe(10_000)
      expect(new Set(totals)).toEqual(new Set([10_000]))
      expect(requests).toBe(21)
    } finally {
      await emulator.stop()
    }
  })

  it('walks with an uneven page size too', async () => {
    const emulator = await start({ groups: 1234 })
    try {
      const { ids, requests } = await walk(emulator, 333)
      expect(new Set(ids).size).toBe(1234)
      expect(requests).toBe(4)
    } finally {
      await emulator.stop()
    }
  })

  it('serves 100,000 groups', async () => {
    const emulator = await start({ groups: 100_000 })
    try {
      const seen = new Set<string>()
      for (const offset of [0, 33_333, 50_000, 99_950]) {
        const reply = await getGroups(emulator, `count=100&offset=${offset}`)
        expect(specErrors('GroupsList', reply.body)).toEqual([])
        const body = reply.body as { groups: Group[]; total: number; count: number }
        expect(body.total).toBe(100_000)
        for (const g of body.groups) seen.add(g.id as string)
        if (offset === 99_950) expect(body.count).toBe(50)
      }
      expect(seen.size).toBe(350)
    } finally {
      await emulator.stop()
    }
  })
})

describe('determinism', () => {
  const snapshot = async (seed: number | string): Promise<string> => {
    const emulator = await start({ groups: 300, seed })
    try {
      return JSON.stringify((await page(emulator, 100, 50)).groups).replaceAll(emulator.baseUrl, 'BASE')
    } finally {
      await emulator.stop()
    }
  }

  it('serves the same groups for the same seed, and other groups for another seed', async () => {
    const a = await snapshot(7)
    expect(await snapshot(7)).toBe(a)
    expect(await snapshot(8)).not.toBe(a)
    expect(await snapshot('demo')).toBe(await snapshot('demo'))
  })
})
