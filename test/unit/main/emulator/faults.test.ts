import { get, request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { type Emulator, type FaultInput, GROUP_VIOLATIONS, STORY_VIOLATIONS } from '../../../../src-main/emulator/index'
import { specErrors } from '../../../support/emulator-openapi'
import { bearer, controlCall, getGroups, logged, page, postStory, start, walk } from './helpers'

const NOW = 1_750_000_000_500
let emulator: Emulator

async function withFaults(faults: FaultInput[], groups = 100): Promise<Emulator> {
  emulator = await start({ groups, faults, now: () => NOW })
  return emulator
}

afterEach(async () => {
  await emulator?.stop()
})

const statuses = async (n: number, query = 'count=5'): Promise<number[]> => {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push((await getGroups(emulator, query)).status)
  return out
}

describe('status faults', () => {
  it.each([500, 502, 503])('answers %i with the provider error body', async (status) => {
    await withFaults([{ type: 'status', status }])
    const reply = await getGroups(emulator)
    expect(reply.status).toBe(status)
    expect(specErrors('ResponseError', reply.body)).toEqual([])
  })

  it('can answer as an HTML proxy page', async () => {
    await withFaults([{ type: 'status', status: 502, html: true }])
    const reply = await getGroups(emulator)
    expect(reply.status).toBe(502)
    expect(reply.headers.get('content-type')).toContain('text/html')
    expect(String(reply.body)).toContain('<html>')
  })

  it('fails the Nth request only', async () => {
    await withFaults([{ type: 'status', status: 503, nth: 3 }])
    expect(await statuses(5)).toEqual([200, 200, 503, 200, 200])
  })

  it('fails the next N requests', async () => {
    await withFaults([{ type: 'status', status: 500, times: 2 }])
    expect(await statuses(4)).toEqual([500, 500, 200, 200])
  })

  it('lets the first requests through with after', async () => {
    await withFaults([{ type: 'status', status: 500, after: 2, times: 1 }])
    expect(await statuses(4)).toEqual([200, 200, 500, 200])
  })

  it('applies only to the routes it names', async () => {
    await withFaults([{ type: 'status', status: 500, route: 'stories' }])
    expect((await getGroups(emulator)).status).toBe(200)
    expect((await postStory(emulator, { caption: 'x' })).status).toBe(500)
  })

  it('reaches pictures only when named', async () => {
    await withFaults([])
    const url = (await page(emulator, 0, 20)).groups.find((g) => g.chat_pic !== undefined)?.chat_pic as string
    emulator.control.faults.add({ type: 'status', status: 503 })
    expect((await fetch(url)).status).toBe(200)
    emulator.control.faults.add({ type: 'status', status: 503, route: 'pictures' })
    expect((await fetch(url)).status).toBe(503)
  })

  it('is random but repeatable with probability', async () => {
    const run = async (): Promise<number[]> => {
      await withFaults([{ type: 'status', status: 500, probability: 0.5 }])
      const result = await statuses(30)
      await emulator.stop()
      return result
    }
    const first = await run()
    expect(first).toContain(500)
    expect(first).toContain(200)
    expect(await run()).toEqual(first)
  })

  it('lets a story through before failing the answer with phase "after"', async () => {
    await withFaults([{ type: 'status', status: 500, route: 'stories', phase: 'after' }])
    expect((await postStory(emulator, { caption: 'Did it go?' })).status).toBe(500)
    expect(emulator.control.stories.list().map((s) => s.caption)).toEqual(['Did it go?'])
  })

  it('stops a story before it is published by default', async () => {
    await withFaults([{ type: 'status', status: 503, route: 'stories' }])
    expect((await postStory(emulator, { caption: 'No' })).status).toBe(503)
    expect(emulator.control.stories.list()).toEqual([])
  })
})

describe('rate limiting', () => {
  it('answers 429 with Retry-After in seconds', async () => {
    await withFaults([{ type: 'rate-limit', retryAfter: 3, times: 1 }])
    const reply = await getGroups(emulator)
    expect(reply.status).toBe(429)
    expect(reply.headers.get('retry-after')).toBe('3')
    expect(specErrors('ResponseError', reply.body)).toEqual([])
    expect((await getGroups(emulator)).status).toBe(200)
  })

  it('answers 429 with Retry-After as an HTTP-date, rounded up to the second', async () => {
    await withFaults([{ type: 'rate-limit', retryAfter: 3, format: 'http-date' }])
    const reply = await getGroups(emulator)
    expect(reply.status).toBe(429)
    expect(reply.headers.get('retry-after')).toBe(new Date(1_750_000_004_000).toUTCString())
  })

  it('can leave Retry-After out', async () => {
    await withFaults([{ type: 'rate-limit', format: 'none' }])
    const reply = await getGroups(emulator)
    expect(reply.status).toBe(429)
    expect(reply.headers.get('retry-after')).toBeNull()
  })
})

describe('latency', () => {
  it('delays by a fixed time: a client with a shorter timeout gives up', async () => {
    await withFaults([{ type: 'latency', ms: 1500, nth: 1 }])
    await expect(
      fetch(`${emulator.baseUrl}/groups`, {
        headers: bearer(emulator.token),
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toThrow()
    expect((await getGroups(emulator)).status).toBe(200)
    const [slow, fast] = await logged(emulator, 2)
    expect(slow).toMatchObject({ delayMs: 1500, status: 0, outcome: 'closed' })
    expect(fast).toMatchObject({ delayMs: 0, status: 200 })
  })

  it('jitters within the range, the same way for the same seed', async () => {
    const delays = async (): Promise<number[]> => {
      await withFaults([{ type: 'latency', ms: 5, jitterMs: 20 }])
      await statuses(12)
      const result = (await logged(emulator, 12)).map((r) => r.delayMs)
      await emulator.stop()
      return result
    }
    const first = await delays()
    expect(first.every((d) => d >= 5 && d <= 25)).toBe(true)
    expect(new Set(first).size).toBeGreaterThan(3)
    expect(await delays()).toEqual(first)
  })

  it('adds up with other faults', async () => {
    await withFaults([
      { type: 'latency', ms: 10 },
      { type: 'latency', ms: 5 },
      { type: 'status', status: 502 },
    ])
    expect((await getGroups(emulator)).status).toBe(502)
    expect((await logged(emulator, 1))[0]).toMatchObject({
      delayMs: 15,
      status: 502,
      faults: ['f1', 'f2', 'f3'],
    })
  })

  it('comes from the latencyMs option', async () => {
    emulator = await start({ latencyMs: 30, jitterMs: 0 })
    await getGroups(emulator)
    expect((await logged(emulator, 1))[0]?.delayMs).toBe(30)
  })
})

describe('composition', () => {
  it('runs terminal faults in the order added, one per request', async () => {
    await withFaults([
      { type: 'status', status: 503, times: 1 },
      { type: 'rate-limit', times: 1 },
      { type: 'status', status: 500, times: 1 },
    ])
    expect(await statuses(4)).toEqual([503, 429, 500, 200])
  })

  it('combines a schema violation with malformed JSON and a reset on one answer', async () => {
    await withFaults([
      { type: 'schema-violation', nth: 1 },
      { type: 'malformed-json', nth: 1 },
    ])
    const reply = await getGroups(emulator, 'count=3')
    expect(typeof reply.body).toBe('string')
    expect(String(reply.body)).toContain('"name":12345')
  })
})

describe('hang', () => {
  it('never answers until the client gives up', async () => {
    await withFaults([{ type: 'hang', times: 1 }])
    await expect(
      fetch(`${emulator.baseUrl}/groups`, {
        headers: bearer(emulator.token),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow()
    expect((await getGroups(emulator)).status).toBe(200)
    expect((await logged(emulator, 2))[0]).toMatchObject({ status: 0, outcome: 'closed' })
  })

  it('is ended by stop()', async () => {
    await withFaults([{ type: 'hang' }])
    const pending = fetch(`${emulator.baseUrl}/groups`, { headers: bearer(emulator.token) })
    await new Promise((r) => setTimeout(r, 50))
    await emulator.stop()
    await expect(pending).rejects.toThrow()
  })

  it('can hang after a story was published', async () => {
    await withFaults([{ type: 'hang', route: 'stories', phase: 'after' }])
    await expect(postStory(emulator, { caption: 'Lost answer' }, { signal: AbortSignal.timeout(300) })).rejects.toThrow()
    expect(emulator.control.stories.list()).toHaveLength(1)
  })
})

describe('reset', () => {
  /** Reads a reply with node:http, to see exactly how much of the body arrived before the reset. */
  const rawGet = (path: string): Promise<{ status: number; received: number; length: number; error: string }> =>
    new Promise((resolve, reject) => {
      let status = 0
      let length = 0
      let received = 0
      const req = get(`${emulator.baseUrl}${path}`, { headers: bearer(emulator.token) }, (res) => {
        status = res.statusCode ?? 0
        length = Number(res.headers['content-length'])
        res.on('data', (c: Buffer) => (received += c.length))
        res.on('error', () => undefined)
        res.on('end', () => reject(new Error('the body ended normally')))
      })
      req.on('error', (e: NodeJS.ErrnoException) => resolve({ status, received, length, error: e.code ?? e.message }))
    })

  it('sends part of the body, then resets the connection', async () => {
    await withFaults([{ type: 'reset', bytes: 100 }])
    const result = await rawGet('/groups?count=10')
    expect(result.status).toBe(200)
    expect(result.received).toBe(100)
    expect(result.length).toBeGreaterThan(100)
    expect(result.error).toMatch(/ECONNRESET|aborted/)
    // The server logs the request when its side of the socket closes, just after the client sees it.
    expect((await logged(emulator, 1))[0]?.outcome).toBe('reset')
  })

  it('fails a fetch while reading the body', async () => {
    await withFaults([{ type: 'reset' }])
    const res = await fetch(`${emulator.baseUrl}/groups`, { headers: bearer(emulator.token) })
    expect(res.status).toBe(200)
    await expect(res.json()).rejects.toThrow()
  })
})

describe('malformed JSON', () => {
  it('answers 200 with JSON cut short', async () => {
    await withFaults([{ type: 'malformed-json', times: 1 }])
    const res = await fetch(`${emulator.baseUrl}/groups?count=5`, {
      headers: bearer(emulator.token),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    const text = await res.text()
    expect(text.startsWith('{"groups":[{')).toBe(true)
    expect(() => JSON.parse(text) as unknown).toThrow()
  })

  it('can answer an HTML page labelled as JSON', async () => {
    await withFaults([{ type: 'malformed-json', variant: 'html', route: 'stories' }])
    const res = await fetch(`${emulator.baseUrl}/stories`, {
      method: 'POST',
      headers: { ...bearer(emulator.token), 'content-type': 'application/json' },
      body: '{"caption":"x"}',
    })
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.text()).toContain('<html>')
  })

  it('truncates a picture on the pictures route', async () => {
    await withFaults([])
    const url = (await page(emulator, 0, 20)).groups.find((g) => g.chat_pic !== undefined)?.chat_pic as string
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer())
    emulator.control.faults.add({ type: 'malformed-json', route: 'pictures' })
    const cut = Buffer.from(await (await fetch(url)).arrayBuffer())
    expect(cut.length).toBeLessThan(whole.length)
    expect(whole.subarray(0, cut.length).equals(cut)).toBe(true)
  })
})

describe('schema violations', () => {
  it.each(GROUP_VIOLATIONS)('breaks groups with %s so that the spec rejects them', async (violation) => {
    await withFaults([{ type: 'schema-violation', violation, indexes: [2] }])
    const body = (await getGroups(emulator, 'count=5')).body as { groups: unknown[] }
    const errors = specErrors('GroupsList', body)
    expect(errors.length).toBeGreaterThan(0)
    expect(errors.every((e) => e.startsWith('/groups/2'))).toBe(true)
  })

  it('breaks the chosen indexes, counted across pages', async () => {
    await withFaults([{ type: 'schema-violation', violation: 'poll-options-string', indexes: [1, 12] }])
    const first = (await page(emulator, 0, 10)).groups
    const second = (await page(emulator, 10, 10)).groups
    const broken = [...first, ...second].flatMap((g, i) =>
      typeof (g.last_message as { poll?: { options?: unknown } })?.poll?.options === 'string' ? [i] : [],
    )
    expect(broken).toEqual([1, 12])
  })

  it('breaks every Nth position', async () => {
    await withFaults([{ type: 'schema-violation', violation: 'name-number', every: 4 }])
    const groups = (await page(emulator, 0, 10)).groups
    expect(groups.flatMap((g, i) => (typeof g.name === 'number' ? [i] : []))).toEqual([0, 4, 8])
  })

  it.each(STORY_VIOLATIONS)('breaks the story answer with %s, not the stored story', async (violation) => {
    await withFaults([{ type: 'schema-violation', violation, route: 'stories' }])
    const reply = await postStory(emulator, { caption: 'x' })
    expect(specErrors('SentMessage', reply.body).length).toBeGreaterThan(0)
    expect(specErrors('Message', emulator.control.stories.list()[0]?.message)).toEqual([])
  })
})

describe('group mutations during a sync', () => {
  it('adds groups at the start after the Nth request, so later pages repeat groups', async () => {
    await withFaults([{ type: 'mutate', add: 5, nth: 1 }], 100)
    const { ids, totals } = await walk(emulator, 30)
    expect(totals[0]).toBe(100)
    expect(totals.slice(1).every((t) => t === 105)).toBe(true)
    expect(ids.length - new Set(ids).size).toBe(5)
    const fresh = (await page(emulator, 0, 5)).groups.map((g) => g.id as string)
    expect(ids.slice(0, 30).some((id) => fresh.includes(id))).toBe(false)
  })

  it('removes groups after the Nth request, so a walk misses some', async () => {
    await withFaults([{ type: 'mutate', removePositions: [0, 1, 2], nth: 1 }], 100)
    const { ids, totals } = await walk(emulator, 30)
    expect(totals.slice(0, 2)).toEqual([100, 97])
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBe(97)
  })

  it('adds at the end and removes at random, deterministically', async () => {
    const change = async (): Promise<string[]> => {
      await withFaults([{ type: 'mutate', add: 2, remove: 3, at: 'end', times: 1 }], 50)
      await getGroups(emulator)
      const { groups, total } = await page(emulator, 0, 100)
      expect(total).toBe(49)
      const result = groups.map((g) => g.id as string)
      await emulator.stop()
      return result
    }
    const first = await change()
    expect(await change()).toEqual(first)
  })

  it('refuses a mutate fault on another route', async () => {
    await withFaults([])
    expect(() => emulator.control.faults.add({ type: 'mutate', add: 1, route: 'stories' })).toThrow(/groups/)
  })
})

describe('paging that never ends', () => {
  const ids = (groups: { id?: unknown }[]) => groups.map((g) => g.id as string)

  it('ignore-offset answers every page with the first groups of the list', async () => {
    await withFaults([{ type: 'paging', variant: 'ignore-offset' }], 30)
    const first = await page(emulator, 0, 10)
    const later = await page(emulator, 20, 10)
    expect(ids(later.groups)).toEqual(ids(first.groups))
    expect(later.total).toBe(30)
  })

  it('huge-total claims 10^12 groups and serves the true pages', async () => {
    await withFaults([{ type: 'paging', variant: 'huge-total' }], 30)
    const last = await page(emulator, 20, 50)
    expect(last.total).toBe(1e12)
    expect(last.groups).toHaveLength(10)
  })

  it('repeat-ids never sends a short page: past the end the list starts again', async () => {
    await withFaults([{ type: 'paging', variant: 'repeat-ids' }], 30)
    const first = await page(emulator, 0, 10)
    const past = await page(emulator, 25, 10)
    expect(past.groups).toHaveLength(10)
    expect(ids(past.groups).slice(5)).toEqual(ids(first.groups).slice(0, 5))
  })

  it('endless makes up new groups past the end, each page full', async () => {
    await withFaults([{ type: 'paging', variant: 'endless' }], 30)
    const seen = new Set<string>()
    for (const offset of [0, 10, 20, 30, 40, 1_000]) {
      const served = await page(emulator, offset, 10)
      expect(served.groups).toHaveLength(10)
      for (const id of ids(served.groups)) seen.add(id)
    }
    expect(seen.size).toBe(60)
  })

  it('refuses a paging fault on another route', async () => {
    await withFaults([])
    expect(() => emulator.control.faults.add({ type: 'paging', variant: 'endless', route: 'stories' })).toThrow(/groups/)
  })
})

describe('control endpoint for faults', () => {
  it('adds, lists, removes and clears faults over HTTP', async () => {
    await withFaults([])
    const base = '/faults'
    const call = (path: string, init: RequestInit = {}) => controlCall(emulator, path, init)
    const added = await call(base, {
      method: 'POST',
      body: JSON.stringify([
        { type: 'status', status: 503 },
        { type: 'latency', ms: 1 },
      ]),
    })
    expect(added.status).toBe(201)
    const ids = (added.body as { faults: { id: string }[] }).faults.map((f) => f.id)
    expect(ids).toHaveLength(2)
    expect((await getGroups(emulator)).status).toBe(503)
    const listed = (await call(base)).body as {
      faults: { id: string; seen: number; applied: number }[]
    }
    expect(listed.faults[0]).toMatchObject({ id: ids[0], seen: 1, applied: 1 })
    expect((await call(`${base}/${ids[0]}`, { method: 'DELETE' })).status).toBe(200)
    expect((await getGroups(emulator)).status).toBe(200)
    expect((await call(`${base}/${ids[0]}`, { method: 'DELETE' })).status).toBe(404)
    expect((await call(base, { method: 'DELETE' })).body).toEqual({ faults: [] })
    expect(emulator.control.faults.list()).toEqual([])
  })

  it.each([
    [{ type: 'status', status: 200 }, 'status'],
    [{ type: 'explode' }, 'type'],
    [{ type: 'latency' }, 'ms'],
    [{ type: 'status', status: 500, nth: 0 }, 'nth'],
    [{ type: 'schema-violation', violation: 'sent-string', route: 'groups' }, 'sent-string'],
    [{ type: 'schema-violation', route: 'pictures' }, 'pictures'],
  ])('rejects an invalid fault %j with 400', async (fault, mention) => {
    await withFaults([])
    const reply = await controlCall(emulator, '/faults', {
      method: 'POST',
      body: JSON.stringify(fault),
    })
    expect(reply.status).toBe(400)
    expect((reply.body as { error: { message: string } }).error.message).toContain(mention)
  })

  it('refuses invalid faults at start', async () => {
    await expect(start({ faults: [{ type: 'status', status: 99 } as FaultInput] })).rejects.toThrow(/status/)
  })
})

describe('early answers', () => {
  it('refuses a story before its body is in and closes the connection', async () => {
    emulator = await start()
    emulator.control.faults.add({ type: 'early-answer', afterBytes: 0 })
    const url = new URL(`${emulator.baseUrl}/stories`)
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { ...bearer(emulator.token), 'content-length': '10000000' } }, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      req.write(Buffer.alloc(1024))
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 413, message: 'Request media too large' } })
    expect(emulator.control.stories.list()).toHaveLength(0)
  })

  it('applies to stories and media only', async () => {
    emulator = await start()
    expect(() => emulator.control.faults.add({ type: 'early-answer', route: 'groups' })).toThrow(/stories and media routes only/)
    expect(emulator.control.faults.add({ type: 'early-answer', route: 'media' })).toHaveLength(1)
  })
})
