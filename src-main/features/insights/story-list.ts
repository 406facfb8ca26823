import type { ReachPoint, StoryInsight } from '@shared/channels/insights'
import { forEachStory, audienceAt, shareAt, type AccountStories } from './overview'
import { reachAt, recordAt, viewsAt, type StoryColumns } from './story-columns'

/** A reach curve has at most this many points, however many viewers the story had. */
const MAX_CURVE_POINTS = 240

/** Story i as the Insights view lists it. */
export function insightAt(columns: StoryColumns, i: number, accountId: string): StoryInsight {
  const record = recordAt(columns, i, { views: false })
  const views = viewsAt(columns, i)
  return {
    accountId,
    storyId: record.id,
    postedAt: new Date(record.postedAt).toISOString(),
    kind: record.kind,
    snippet: record.snippet,
    style: record.kind === 'text' ? { background: record.background, font: record.font } : null,
    audience: audienceAt(columns, i),
    source: record.source,
    reach: views.length,
    reachShare: shareAt(columns, i),
    firstViewMinutes: views.length > 0 ? (views[0] as number) : null,
    final: record.final,
  }
}

/** What the stories are ordered by: reach, share of the audience (-1 when unknown) and when posted (epoch ms). */
export interface StoryOrderKeys {
  reach: number
  share: number
  posted: number
}

const recent = (a: StoryOrderKeys, b: StoryOrderKeys): number => b.posted - a.posted
/** The orders the view lists stories in: one definition for every account here and the parts merged from the agent. */
export const STORY_ORDER: Record<'reach' | 'share' | 'recent', (a: StoryOrderKeys, b: StoryOrderKeys) => number> = {
  reach: (a, b) => b.reach - a.reach || recent(a, b),
  share: (a, b) => b.share - a.share || b.reach - a.reach || recent(a, b),
  recent,
}

interface Ref extends StoryOrderKeys {
  columns: StoryColumns
  i: number
  accountId: string
}

/**
 * Every story counted, in the order asked, and one page of them as the view lists them: the
 * sort runs on small keys, and only the page's stories become objects.
 */
export function listStories(
  accounts: readonly AccountStories[],
  options: { sort: 'reach' | 'share' | 'recent'; offset: number; count: number },
): { items: StoryInsight[]; total: number } {
  const refs: Ref[] = []
  forEachStory(accounts, (columns, i, accountId) => {
    refs.push({ columns, i, accountId, reach: reachAt(columns, i), share: shareAt(columns, i) ?? -1, posted: columns.posted[i] as number })
  })
  refs.sort(STORY_ORDER[options.sort])
  return {
    items: refs.slice(options.offset, options.offset + options.count).map((ref) => insightAt(ref.columns, ref.i, ref.accountId)),
    total: refs.length,
  }
}

/** A story's viewers over time: [minutes after posting, viewers by then], from 0 to its last view, at most MAX_CURVE_POINTS. */
export function reachCurve(columns: StoryColumns, i: number): ReachPoint[] {
  const views = viewsAt(columns, i)
  const points: ReachPoint[] = [[0, 0]]
  for (let k = 0; k < views.length; k++) {
    const minute = views[k] as number
    // One point per minute that saw a view: the count once that minute's views are in.
    if (k + 1 < views.length && views[k + 1] === minute) continue
    if (minute === 0) points[0] = [0, k + 1]
    else points.push([minute, k + 1])
  }
  if (points.length <= MAX_CURVE_POINTS) return points
  const step = (points.length - 1) / (MAX_CURVE_POINTS - 1)
  return Array.from({ length: MAX_CURVE_POINTS }, (_, k) => points[Math.round(k * step)] as ReachPoint)
}
