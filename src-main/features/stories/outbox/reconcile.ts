import type { ParsedStoriesPage } from '@shared/domain'
import type { FeedStory } from '@shared/story/feed'
import type { StoriesQuery } from '../../../platform/api'
import { feedStoryOf } from '../feed/feed-record'
import { fetchAllStories } from '../feed/fetch-stories'
import type { OutboxItem } from './outbox-item'

/** What settling an unknown outcome needs of the account's client: its stories (`GET /stories`). */
export interface StoryReader {
  listStories(query: StoriesQuery, options?: { signal?: AbortSignal }): Promise<ParsedStoriesPage>
}

/** When an unknown outcome is looked for on the server, after it became unknown: a server may list a story a moment late. */
export const RECONCILE_DELAYS_MS = [5_000, 60_000, 10 * 60_000] as const

/** How far a server's clock may be from ours when it stamps a story. */
const CLOCK_SKEW_MS = 5 * 60_000

/** How many times an unknown outcome was looked for on the server, as its error's details keep it. */
export function checksOf(item: OutboxItem): number {
  const details: Record<string, unknown> | undefined = item.lastError?.details
  const checks = details?.['serverChecks']
  return typeof checks === 'number' && Number.isInteger(checks) && checks >= 0 ? checks : 0
}

/**
 * Which of these unknown items the server lists as published: each matched to one story of the
 * account's own (`from_me`), of the same kind and text, stamped between the item's creation and
 * now (give or take the clocks' skew), and not a story this app already recorded. Two items with
 * the same content take the server's stories oldest first. A repost has no content of its own
 * to match and is left to the user.
 */
export async function findOnServer(
  reader: StoryReader,
  items: readonly OutboxItem[],
  recorded: ReadonlySet<string>,
  now: number,
  signal?: AbortSignal,
): Promise<Map<string, FeedStory>> {
  const wanted = items.filter((item) => item.payload.kind !== 'copy')
  const found = new Map<string, FeedStory>()
  if (wanted.length === 0) return found
  const earliest = Math.min(...wanted.map((item) => Date.parse(item.createdAt))) - CLOCK_SKEW_MS
  const fetched = await fetchAllStories(reader, { now, timeFrom: Math.floor(earliest / 1000), ...(signal && { signal }) })
  const stories = fetched.messages
    .map(feedStoryOf)
    .filter((story) => story.fromMe && !recorded.has(story.id))
    .sort((a, b) => a.postedAt.localeCompare(b.postedAt))
  const taken = new Set<string>()
  for (const item of [...wanted].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const story = stories.find((candidate) => !taken.has(candidate.id) && matches(item, candidate, now))
    if (!story) continue
    taken.add(story.id)
    found.set(item.id, story)
  }
  return found
}

function matches(item: OutboxItem, story: FeedStory, now: number): boolean {
  const posted = Date.parse(story.postedAt)
  if (!(posted >= Date.parse(item.createdAt) - CLOCK_SKEW_MS && posted <= now + CLOCK_SKEW_MS)) return false
  const { payload } = item
  if (payload.kind === 'text') return story.kind === 'text' && sameText(story.text, payload.request.caption)
  if (payload.kind === 'media')
    return story.kind === mediaKind(payload.media.mimeType) && sameText(story.text, payload.fields.caption ?? '')
  return false
}

function mediaKind(mimeType: string): FeedStory['kind'] {
  const top = mimeType.split('/')[0]
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'other'
}

/** Servers may trim or normalise what they store; a story is the same when its words are. */
function sameText(a: string, b: string): boolean {
  return a.normalize('NFC').trim() === b.normalize('NFC').trim()
}
