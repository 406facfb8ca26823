import { describe, expect, it } from 'vitest'
import type { StoryInsight } from '@shared/channels/insights'
import { mergedPage, Splits, type RankingPage, type ReadRanking, type Sort } from '../../../../../src-main/features/agent/merged-ranking'
import { STORY_ORDER } from '../../../../../src-main/features/insights/story-list'

const DAY = 24 * 3600_000

/** A story with few distinct reaches and times, so many tie. */
function storyOf(accountId: string, n: number, seed: number): StoryInsight {
  const reach = (seed * 7919 + n * 104_729) % 37
  return {
    accountId,
    storyId: `${accountId}-${n}`,
    postedAt: new Date(Date.UTC(2026, 10, 1) + ((seed + n * 13) % 11) * DAY).toISOString(),
    kind: 'text',
    snippet: `${accountId} ${n}`,
    style: null,
    audience: { mode: 'everyone', name: null, size: null },
    source: 'statusdesk',
    reach,
    reachShare: reach % 5 === 0 ? null : reach / 40,
    firstViewMinutes: null,
    final: true,
  }
}

const keys = (item: StoryInsight) => ({ reach: item.reach, share: item.reachShare ?? -1, posted: Date.parse(item.postedAt) })
/** A ranking as the engine lists it: sorted stably by the order asked. */
const ranked = (items: StoryInsight[], sort: Sort) => [...items].sort((a, b) => STORY_ORDER[sort](keys(a), keys(b)))

function source(items: StoryInsight[], calls: Array<{ offset: number; count: number }> = []): ReadRanking {
  return (offset, count) => {
    calls.push({ offset, count })
    return Promise.resolve({ items: items.slice(offset, offset + count), total: items.length })
  }
}

const ids = (page: RankingPage) => page.items.map((item) => item.storyId)

describe('two rankings merged into one, a page at a time', () => {
  for (const sort of ['reach', 'share', 'recent'] as const) {
    it(`lists every page of the one order (${sort}), ties to this desktop first, at any depth and with no search once paged`, async () => {
      const here = ranked(
        Array.from({ length: 700 }, (_, n) => storyOf('desk', n, 1)),
        sort,
      )
      const there = ranked(
        Array.from({ length: 1_100 }, (_, n) => storyOf(n % 3 === 0 ? 'agent-a' : 'agent-b', n, 2)),
        sort,
      )
      // A stable sort of the two, this desktop's first: the one order, ties included.
      const expected = ranked([...here, ...there], sort).map((item) => item.storyId)
      const splits = new Splits()
      const calls: Array<{ offset: number; count: number }> = []
      const sources = { here: source(here, calls), there: source(there, calls) }
      const seen: string[] = []
      for (let offset = 0; offset < 1_800; offset += 20) {
        const before = calls.length
        const page = await mergedPage(sort, { offset, count: 20 }, sources, splits)
        expect(page.total).toBe(1_800)
        seen.push(...ids(page))
        // The page after one seen begins where it ended: one read of each.
        if (offset > 0) expect(calls.length - before).toBe(2)
      }
      expect(seen).toEqual(expected)
      // A page far down, with nothing remembered: found by a search of a few reads.
      const cold = new Splits()
      const before = calls.length
      const deep = await mergedPage(sort, { offset: 1_337, count: 20 }, sources, cold)
      expect(ids(deep)).toEqual(expected.slice(1_337, 1_357))
      expect(calls.length - before).toBeLessThanOrEqual(2 * 14)
      expect(await mergedPage(sort, { offset: 1_800, count: 20 }, sources, cold)).toMatchObject({ items: [], total: 1_800 })
    })
  }

  it('with one side empty, is the other side', async () => {
    const here = ranked(
      Array.from({ length: 50 }, (_, n) => storyOf('desk', n, 3)),
      'reach',
    )
    const page = await mergedPage('reach', { offset: 40, count: 20 }, { here: source(here), there: source([]) }, new Splits())
    expect(ids(page)).toEqual(here.slice(40).map((item) => item.storyId))
  })

  it('reads a hostile ranking a bounded number of times, and never lists a story twice on a page', async () => {
    const here = ranked(
      Array.from({ length: 300 }, (_, n) => storyOf('desk', n, 4)),
      'reach',
    )
    const junk = Array.from({ length: 30 }, (_, n) => storyOf('agent', n % 4, n))
    const hostile: Array<[string, ReadRanking]> = [
      // Out of order, ignoring where it is asked from, and the same stories again and again.
      ['ignores offsets', () => Promise.resolve({ items: junk, total: 1_000_000 })],
      // Claims a million stories and has none.
      ['says more than it has', () => Promise.resolve({ items: [], total: 1_000_000 })],
      // Shuffled each time.
      [
        'shuffles',
        (offset, count) => Promise.resolve({ items: [...junk].sort(() => Math.random() - 0.5).slice(0, count), total: 500 + offset }),
      ],
    ]
    for (const [what, there] of hostile) {
      let reads = 0
      const counted: ReadRanking = (offset, count) => {
        reads++
        return there(offset, count)
      }
      const page = await mergedPage('reach', { offset: 200_000, count: 20 }, { here: source(here), there: counted }, new Splits())
      expect(reads, what).toBeLessThanOrEqual(48)
      const listed = page.items.map((item) => `${item.accountId}/${item.storyId}`)
      expect(new Set(listed).size, what).toBe(listed.length)
      expect(listed.length, what).toBeLessThanOrEqual(20)
    }
  })
})
