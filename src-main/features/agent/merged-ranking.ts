import type { StoryInsight } from '@shared/channels/insights'
import { STORY_ORDER } from '../insights/story-list'

export type Sort = 'reach' | 'share' | 'recent'
export type RankingPage = { items: StoryInsight[]; total: number }
/** A page of one ranking: `count` stories from `offset`, and how many it has in all. */
export type ReadRanking = (offset: number, count: number) => Promise<RankingPage>

/** A ranking's reads ask for at most this many (the contract's largest page). */
const MAX_READ = 200
/** Probes of a split: a binary search over a million stories takes 21; past this, an answer misled it. */
const MAX_PROBES = 48

const keys = (item: StoryInsight) => ({ reach: item.reach, share: item.reachShare ?? -1, posted: Date.parse(item.postedAt) })

/** Whether pages of `count` can be merged so: a read takes the story before a page besides the page. */
export function mergeable(count: number): boolean {
  return count + 1 <= MAX_READ
}

/**
 * Where a page of two rankings merged into one begins in each: the stories of `here` before
 * the page's first, the rest of `offset` being `there`'s. Remembered for the page boundaries seen
 * (a few hundred), so the next page begins where the last one ended, with no search.
 */
export class Splits {
  readonly #known = new Map<string, number>()

  get(key: string): number | undefined {
    return this.#known.get(key)
  }

  set(key: string, here: number): void {
    this.#known.delete(key)
    this.#known.set(key, here)
    // The oldest first: a Map keeps the order of insertion.
    if (this.#known.size > 512) this.#known.delete(this.#known.keys().next().value!)
  }
}

interface Window {
  /** The story just before the window (none at the ranking's start). */
  before: StoryInsight | undefined
  items: StoryInsight[]
  total: number
}

/** What a ranking is asked for a window of `count` from `at`: the story before it too, past the start. */
export function windowRead(at: number, count: number): { offset: number; count: number } {
  return at === 0 ? { offset: 0, count } : { offset: at - 1, count: count + 1 }
}

async function windowAt(read: ReadRanking, at: number, count: number): Promise<Window> {
  const asked = windowRead(at, count)
  const page = await read(asked.offset, asked.count)
  const skip = at === 0 ? 0 : 1
  return { before: skip === 0 ? undefined : page.items[0], items: page.items.slice(skip, skip + count), total: page.total }
}

/**
 * A page of two rankings (`here` and `there`, each in the order `sort`) merged into one, at any
 * depth and for a bounded number of reads: where the page begins in each is found by a binary
 * search over the stories of `here` before it (each probe reads the page-sized window there and
 * the story before it, so the probe that finds the split holds the page), or taken from `splits`
 * when the page before ended there. Ties go to `here` first, so the one order is total. An
 * answer out of order or shorter than its total can only end the search early (at
 * MAX_PROBES): the page is then the last windows read, merged, never a loop or a repeat.
 * `split` says where the page's windows began in `here` (in `there`, at `offset - split`).
 */
export async function mergedPage(
  sort: Sort,
  page: { offset: number; count: number },
  sources: { here: ReadRanking; there: ReadRanking },
  splits: Splits,
): Promise<RankingPage & { split: number }> {
  const { offset, count } = page
  const before = (a: StoryInsight, b: StoryInsight) => STORY_ORDER[sort](keys(a), keys(b))
  const key = (at: number) => `${sort}|${at}`
  let low = 0
  let high = offset
  let split = Math.min(splits.get(key(offset)) ?? Math.floor(offset / 2), offset)
  let last: { mine: Window; theirs: Window; split: number } | null = null
  for (let probe = 0; probe < MAX_PROBES && low <= high; probe++) {
    const [mine, theirs] = await Promise.all([windowAt(sources.here, split, count), windowAt(sources.there, offset - split, count)])
    last = { mine, theirs, split }
    low = Math.max(low, offset - theirs.total, 0)
    high = Math.min(high, offset, mine.total)
    if (low > high) return { items: [], total: mine.total + theirs.total, split }
    if (split < low || split > high) {
      split = (low + high) >>> 1
      continue
    }
    // Too few of `here`: the last of `there` taken does not come strictly before the first of `here` left.
    const tooFew = mine.items[0] && theirs.before && before(theirs.before, mine.items[0]) >= 0
    // Too many of `here`: the last of `here` taken comes after the first of `there` left.
    const tooMany = mine.before && theirs.items[0] && before(mine.before, theirs.items[0]) > 0
    if (!tooFew && !tooMany) break
    if (tooFew) low = split + 1
    else high = split - 1
    split = (low + high) >>> 1
  }
  if (last === null) return { items: [], total: 0, split }
  const merged = mergeTwo(last.mine.items, last.theirs.items, count, before)
  splits.set(key(offset + merged.items.length), last.split + merged.fromHere)
  return { items: merged.items, total: last.mine.total + last.theirs.total, split: last.split }
}

/** The first `count` of two ordered lists, `here`'s first on a tie; a story met twice is kept once. */
function mergeTwo(
  here: readonly StoryInsight[],
  there: readonly StoryInsight[],
  count: number,
  before: (a: StoryInsight, b: StoryInsight) => number,
): { items: StoryInsight[]; fromHere: number } {
  const items: StoryInsight[] = []
  const seen = new Set<string>()
  let i = 0
  let j = 0
  let fromHere = 0
  while (items.length < count && (i < here.length || j < there.length)) {
    const takeHere = j >= there.length || (i < here.length && before(here[i]!, there[j]!) <= 0)
    const item = takeHere ? here[i++]! : there[j++]!
    const id = `${item.accountId}\u0000${item.storyId}`
    if (takeHere) fromHere++
    if (seen.has(id)) continue
    seen.add(id)
    items.push(item)
  }
  return { items, fromHere }
}
