import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ParsedGroupsPage } from '@shared/domain'
import { AppError, codeText } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { Emulator } from '../../../../../../src-main/emulator'
import type { ApiClient } from '../../../../../../src-main/platform/api'
import { fetchAllGroups, readAllPages, type GroupsSource } from '../../../../../../src-main/features/groups/sync'
import { clientFor, readSequentially, startTestEmulator } from './support'

const TOTAL = 10_200
let emulator: Emulator
let client: ApiClient

beforeAll(async () => {
  emulator = await startTestEmulator({ groups: TOTAL })
  client = clientFor(emulator)
})
afterEach(() => {
  emulator.control.reset()
})
afterAll(async () => {
  await emulator.stop()
})

/** The client, watched: every call with its count and offset, and how many were in flight at once. */
function watched(source: GroupsSource = client) {
  const calls: { count: number; offset: number; startedWhileInFlight: number }[] = []
  let inFlight = 0
  let maxInFlight = 0
  const wrapped: GroupsSource = {
    async listGroups(params, options) {
      calls.push({ ...params, startedWhileInFlight: inFlight })
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      try {
        return await source.listGroups(params, options)
      } finally {
        inFlight--
      }
    },
  }
  return { source: wrapped, calls, maxInFlight: () => maxInFlight }
}

const ids = (groups: { id: string }[]) => groups.map((g) => g.id)

describe('a full read of the account', () => {
  it('equals the server’s list, in the server’s order, each group once', async () => {
    const progress: { fetched: number; total: number }[] = []
    const result = await fetchAllGroups(client, { onProgress: (p) => progress.push(p) })
    const reference = await readSequentially(client)
    expect(result.groups).toHaveLength(TOTAL)
    expect(ids(result.groups)).toEqual(ids(reference))
    // Whole records, compared as the JSON they are (much quicker than a deep equal of 10,000).
    expect(JSON.stringify(result.groups) === JSON.stringify(reference)).toBe(true)
    expect(result.total).toBe(TOTAL)
    expect(result.passes).toBe(1)
    expect(result.rejected).toEqual([])
    // Progress only grows and ends at the total.
    expect(progress.map((p) => p.fetched)).toEqual([...progress.map((p) => p.fetched)].sort((a, b) => a - b))
    expect(progress.at(-1)).toEqual({ fetched: TOTAL, total: TOTAL })
  }, 60_000)

  it('asks for one page of 500 first, then the rest at most `concurrency` at a time, and stops at the short page', async () => {
    emulator.control.faults.add({ type: 'latency', ms: 40 })
    const watch = watched()
    await fetchAllGroups(watch.source, { concurrency: 3 })
    expect(watch.calls[0]).toMatchObject({ count: 500, offset: 0, startedWhileInFlight: 0 })
    expect(watch.calls[1]?.startedWhileInFlight).toBe(0)
    expect(watch.maxInFlight()).toBe(3)
    const offsets = watch.calls.map((c) => c.offset).sort((a, b) => a - b)
    // 10,200 groups: pages at 0..10,000, the last one short; nothing asked past it.
    expect(offsets).toEqual(Array.from({ length: 21 }, (_, i) => i * 500))
    expect(watch.calls.every((c) => c.count === 500)).toBe(true)
  }, 60_000)

  it('asks for the empty page after a last full one, so a total that is a multiple of 500 is confirmed', async () => {
    emulator.control.groups.mutate({ remove: 200 })
    const watch = watched()
    const result = await fetchAllGroups(watch.source)
    expect(result.groups).toHaveLength(10_000)
    expect(
      watch.calls
        .map((c) => c.offset)
        .sort((a, b) => a - b)
        .at(-1),
    ).toBe(10_000)
  }, 60_000)

  it('pages by the server’s own page size when it sends fewer than asked', async () => {
    const capped: GroupsSource = {
      listGroups: ({ count, offset }, options) => client.listGroups({ count: Math.min(count, 300), offset }, options),
    }
    const result = await fetchAllGroups(capped)
    expect(ids(result.groups)).toEqual(ids(await readSequentially(client)))
  }, 60_000)

  it('reads an empty account with one request', async () => {
    const empty = await startTestEmulator({ groups: 0 })
    try {
      const watch = watched(clientFor(empty))
      const result = await fetchAllGroups(watch.source)
      expect(result).toMatchObject({ groups: [], total: 0, passes: 1 })
      expect(watch.calls).toHaveLength(1)
    } finally {
      await empty.stop()
    }
  })
})

describe('when the list changes during the read', () => {
  it('groups added at the top and removed in the middle: the list is read again and nothing is missed', async () => {
    emulator.control.faults.add({ type: 'mutate', add: 35, remove: 20, nth: 4 })
    const result = await fetchAllGroups(client)
    const reference = await readSequentially(client)
    expect(result.passes).toBe(2)
    expect(result.total).toBe(TOTAL + 15)
    expect(ids(result.groups)).toEqual(ids(reference))
  }, 60_000)

  it('groups added at the end beyond the first total: paging goes on past it', async () => {
    emulator.control.faults.add({ type: 'mutate', add: 700, at: 'end', nth: 2 })
    const result = await fetchAllGroups(client)
    expect(result.total).toBe(TOTAL + 700)
    expect(ids(result.groups)).toEqual(ids(await readSequentially(client)))
  }, 60_000)

  it('a removal right after the first page (which would make the next pages skip a group) is caught', async () => {
    emulator.control.faults.add({ type: 'mutate', removePositions: [3], nth: 1 })
    const result = await fetchAllGroups(client, { concurrency: 1 })
    expect(result.passes).toBe(2)
    expect(ids(result.groups)).toEqual(ids(await readSequentially(client)))
  }, 60_000)

  it('a list that never holds still ends in a clear conflict error', async () => {
    emulator.control.faults.add({ type: 'mutate', add: 1 })
    const error = await fetchAllGroups(client, { maxPasses: 2 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('conflict')
    expect((error as AppError).text).toEqual({ key: 'groupErrors.sync.keptChanging' })
  }, 60_000)
})

describe('failures', () => {
  it('sets malformed groups aside with where they were, and keeps the rest', async () => {
    emulator.control.faults.add({ type: 'schema-violation', indexes: [3, 777, 9_999] })
    const result = await fetchAllGroups(client)
    expect(result.groups).toHaveLength(TOTAL - 3)
    expect(result.rejected.map((r) => r.position)).toEqual([3, 777, 9_999])
    expect(result.rejected.every((r) => r.path.startsWith('groups[') && r.message !== '')).toBe(true)
    expect(result.passes).toBe(1)
  }, 60_000)

  it('one failed page stops the others and its own error is the one reported', async () => {
    emulator.control.faults.add({ type: 'status', status: 503, after: 3 })
    const watch = watched()
    const error = await fetchAllGroups(watch.source).catch((e: unknown) => e)
    expect((error as AppError).code).toBe('server')
    expect(watch.calls.length).toBeLessThan(12)
  }, 60_000)

  it('cancelling stops at once with a cancelled error', async () => {
    emulator.control.faults.add({ type: 'latency', ms: 50 })
    const controller = new AbortController()
    const watch = watched()
    const pending = fetchAllGroups(watch.source, {
      signal: controller.signal,
      onProgress: ({ fetched }) => {
        if (fetched >= 1_500) controller.abort()
      },
    })
    const error = await pending.catch((e: unknown) => e)
    expect((error as AppError).code).toBe('cancelled')
    expect(watch.calls.length).toBeLessThan(10)
  }, 60_000)

  it('a page the client could not read rejects the whole read', async () => {
    const broken: GroupsSource = {
      async listGroups(params, options): Promise<ParsedGroupsPage> {
        if (params.offset === 1_000) throw new AppError('invalid-response', codeText('invalid-response'))
        return client.listGroups(params, options)
      },
    }
    const error = await fetchAllGroups(broken).catch((e: unknown) => e)
    expect((error as AppError).code).toBe('invalid-response')
  }, 60_000)
})

describe('a server that never stops sending pages', () => {
  const endless = async (faults: Parameters<typeof emulator.control.faults.add>[0], options: Parameters<typeof fetchAllGroups>[1] = {}) => {
    emulator.control.faults.add(faults)
    const watch = watched()
    const error = await fetchAllGroups(watch.source, options).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'invalid-response',
      text: { key: 'groupErrors.sync.endlessPaging' },
      details: { reason: 'endless-paging' },
    })
    return { why: (error as AppError).details?.why, requests: watch.calls.length }
  }

  it('ignoring `offset`: stops at the first full page with nothing new', async () => {
    const { why, requests } = await endless({ type: 'paging', variant: 'ignore-offset' })
    expect(why).toBe('no-new-ids')
    expect(requests).toBeLessThanOrEqual(5)
  }, 60_000)

  it('ignoring `offset` and claiming 10^12 groups: stops just the same', async () => {
    const { why, requests } = await endless([
      { type: 'paging', variant: 'ignore-offset' },
      { type: 'paging', variant: 'huge-total' },
    ])
    expect(why).toBe('no-new-ids')
    expect(requests).toBeLessThanOrEqual(5)
  }, 60_000)

  it('full pages of ids already sent (a list that starts again): stops once they repeat', async () => {
    const { why, requests } = await endless({ type: 'paging', variant: 'repeat-ids' })
    expect(why).toBe('no-new-ids')
    // 21 pages hold the list; the first page of repeats ends it (plus those already in flight).
    expect(requests).toBeLessThanOrEqual(21 + 1 + 4)
  }, 60_000)

  it('new groups past the end, every page full: stops a page past the total', async () => {
    const { why, requests } = await endless({ type: 'paging', variant: 'endless' })
    expect(why).toBe('past-total')
    expect(requests).toBeLessThanOrEqual(22 + 1 + 4)
  }, 60_000)

  it('new groups forever under a total of 10^12: stops at the cap on groups', async () => {
    const { why } = await endless(
      [
        { type: 'paging', variant: 'endless' },
        { type: 'paging', variant: 'huge-total' },
      ],
      { limits: { groups: 12_000 } },
    )
    expect(why).toBe('groups')
  }, 60_000)

  it('… or at the cap on requests', async () => {
    const { why, requests } = await endless(
      [
        { type: 'paging', variant: 'endless' },
        { type: 'paging', variant: 'huge-total' },
      ],
      { limits: { requests: 7 } },
    )
    expect(why).toBe('requests')
    expect(requests).toBe(7)
  }, 60_000)

  it('… or at the cap on bytes received', async () => {
    const { why, requests } = await endless(
      [
        { type: 'paging', variant: 'endless' },
        { type: 'paging', variant: 'huge-total' },
      ],
      { limits: { bytes: 4 * 1024 * 1024 } },
    )
    expect(why).toBe('bytes')
    expect(requests).toBeLessThan(21)
  }, 60_000)

  it('the default caps stop an endless server well before memory runs out', async () => {
    emulator.control.faults.add([
      { type: 'paging', variant: 'endless' },
      { type: 'paging', variant: 'huge-total' },
    ])
    // Pages of one group make the request cap the first bound to hit.
    const tiny: GroupsSource = {
      listGroups: ({ offset }, options) => client.listGroups({ count: 1, offset }, options),
    }
    const error = await fetchAllGroups(tiny, { concurrency: 8 }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      details: { reason: 'endless-paging', why: 'requests', requests: 3_000 },
    })
  }, 120_000)
})

describe('an unreadable page', () => {
  const quick = { retryDelayMs: () => 1 }
  // Its own server: requests other tests abandoned cannot count towards a fault's `nth` here.
  let own: Emulator
  let ownClient: ApiClient
  beforeAll(async () => {
    own = await startTestEmulator({ groups: 3_200 })
    ownClient = clientFor(own)
  })
  afterEach(() => {
    own.control.reset()
  })
  afterAll(async () => {
    await own.stop()
  })

  it.each(['truncated', 'html'] as const)(
    'a %s body is asked for again, and the read completes',
    async (variant) => {
      own.control.faults.add({ type: 'malformed-json', variant, nth: 3, route: 'groups' })
      const result = await fetchAllGroups(ownClient, quick)
      expect(result.groups).toHaveLength(3_200)
      const log = own.control.requests.list()
      const broken = log.findIndex((r) => r.faults.length > 0)
      expect(broken).toBeGreaterThanOrEqual(0)
      // The same page asked for again after the unreadable one.
      expect(log.slice(broken + 1).some((r) => r.path === log[broken]?.path)).toBe(true)
    },
    60_000,
  )

  it('that stays unreadable fails the read with the reader’s own message, after a bounded number of attempts', async () => {
    own.control.faults.add({ type: 'malformed-json', after: 1, route: 'groups' })
    const watch = watched(ownClient)
    const error = await fetchAllGroups(watch.source, { ...quick, concurrency: 1 }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'invalid-response',
      text: { key: 'apiErrors.reply.groupsNotJson' },
    })
    // The first page, then the second one four times in all.
    expect(watch.calls.map((c) => c.offset)).toEqual([0, 500, 500, 500, 500])
  }, 60_000)
})

describe('pages handed on as they arrive', () => {
  it('each page goes to the sink once with its pass; what is kept names pages of the last pass only', async () => {
    emulator.control.faults.add({ type: 'mutate', add: 35, remove: 20, nth: 4 })
    const sunk: { offset: number; pass: number; ids: string[] }[] = []
    const read = await readAllPages(client, {}, (page, offset, pass) => {
      sunk.push({ offset, pass, ids: page.groups.map((g) => g.id) })
    })
    const reference = await readSequentially(client)
    expect(read.passes).toBe(2)
    expect(read.ids).toEqual(ids(reference))
    // Rebuilding the list from the sunk pages of the last pass, by what was kept, gives it whole.
    const lastPass = new Map(sunk.filter((s) => s.pass === 2).map((s) => [s.offset, s.ids]))
    const rebuilt = read.kept.flatMap(({ offset, indexes }) => indexes.map((index) => lastPass.get(offset)![index]!))
    expect(rebuilt).toEqual(ids(reference))
    expect(sunk.some((s) => s.pass === 1)).toBe(true)
    expect(new Set(sunk.filter((s) => s.pass === 2).map((s) => s.offset)).size).toBe(sunk.filter((s) => s.pass === 2).length)
  }, 60_000)

  it('a slow page holds the read at a few pages past it, not the rest of the pass', async () => {
    // The second request (offset 500) answers after 2 s; the others at once.
    emulator.control.faults.add({ type: 'latency', ms: 2_000, nth: 2 })
    const order: number[] = []
    const read = await readAllPages(client, { concurrency: 2 }, (_page, offset) => {
      order.push(offset)
    })
    expect(read.ids).toHaveLength(TOTAL)
    // Two lanes may run 2 pages each past the slow one: at most 4 pages wait for it.
    const before = order.indexOf(500)
    expect(order.slice(0, before).filter((offset) => offset > 500).length).toBeLessThanOrEqual(4)
    expect(order.slice(0, before).filter((offset) => offset > 500).length).toBeGreaterThan(0)
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: Math.ceil((TOTAL + 1) / 500) }, (_, i) => i * 500))
  }, 60_000)

  it('a sink that fails stops the read with its error', async () => {
    const error = await readAllPages(client, {}, (_page, offset) => {
      if (offset >= 1_000) throw new AppError('storage', userText('groupErrors.cache.notSaved'), { errno: 'ENOSPC' })
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'storage', text: { key: 'groupErrors.cache.notSaved' }, details: { errno: 'ENOSPC' } })
  })
})
