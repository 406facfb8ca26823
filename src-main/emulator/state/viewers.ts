import type { EmulatorContext } from './context'
import { generateGroup } from '../data/generator'
import type { PublishedStory } from './story-log'
import { reachOf, viewOffsets } from './view-rhythm'

const STORY_LIFETIME_MS = 24 * 3600_000

/** People who can view a story: members of the account's first groups, the account excluded. */
const MAX_VIEWERS = 200
const GROUPS_SCANNED = 5

export interface ViewStatus {
  id: string
  code: number
  status: 'read'
  recipient_id: string
  viewer_id: string
  timestamp: string
}

/** Authors of the groups' last messages come first: a client can name them from its cache. */
function candidates(context: EmulatorContext): string[] {
  const me = context.options.account.phone
  const groups = context.groups.slice(0, GROUPS_SCANNED).map(
    (index) =>
      generateGroup(context.generator, index) as unknown as {
        participants?: { id: string }[]
        last_message?: { from?: string; from_me?: boolean }
      },
  )
  const seen = new Set<string>()
  const add = (id: string | undefined): void => {
    if (id !== undefined && /^\d{7,15}$/.test(id) && id !== me && seen.size < MAX_VIEWERS) seen.add(id)
  }
  for (const group of groups) if (group.last_message?.from_me === false) add(group.last_message.from)
  for (const group of groups) for (const participant of group.participants ?? []) add(participant.id)
  return [...seen]
}

/** Each story's view times, so a story polled every minute is not drawn again each time; bounded like the story log. */
const drawn = new WeakMap<EmulatorContext, Map<string, number[]>>()
const MAX_DRAWN = 1000

function offsetsOf(context: EmulatorContext, story: PublishedStory, pool: number): number[] {
  let cache = drawn.get(context)
  if (!cache) {
    cache = new Map()
    drawn.set(context, cache)
  }
  const key = `${story.id}/${pool}/${context.options.viewerUtcOffsetMinutes}`
  let offsets = cache.get(key)
  if (!offsets) {
    if (cache.size >= MAX_DRAWN) cache.clear()
    const count = reachOf(context.options.seed, story.id, pool)
    offsets = viewOffsets(context.options.seed, story.id, story.receivedAt, count, context.options.viewerUtcOffsetMinutes)
    cache.set(key, offsets)
  }
  return offsets
}

/**
 * Views accrue with the emulator's clock, for the story's 24 hours, drawn from the story's
 * contacts or else the people the account shares groups with (so a client can put names to
 * them from its groups cache), the first of them first. By default they come with a daily
 * rhythm (view-rhythm.ts); with `viewerEveryMs` set, one more every that many milliseconds.
 */
export function viewsOf(context: EmulatorContext, story: PublishedStory): ViewStatus[] {
  const elapsed = Math.min(context.options.now(), story.receivedAt + STORY_LIFETIME_MS) - story.receivedAt
  if (elapsed <= 0) return []
  const people = candidates(context)
  const audience = story.contacts?.filter((c) => c !== '').map((c) => c.replace(/@.*$/, ''))
  const excluded = new Set(story.excludeContacts?.map((c) => c.replace(/@.*$/, '')) ?? [])
  const pool = (audience && audience.length > 0 ? audience : people).filter((p) => !excluded.has(p))
  const every = context.viewerEveryMs
  const offsets =
    every === null
      ? offsetsOf(context, story, pool.length).filter((offset) => offset <= elapsed)
      : Array.from({ length: Math.min(pool.length, Math.floor(elapsed / every)) }, (_, i) => (i + 1) * every)
  return offsets.map((offset, i) => {
    const phone = pool[i] as string
    return {
      id: story.id,
      code: 4,
      status: 'read',
      recipient_id: `${phone}@s.whatsapp.net`,
      viewer_id: phone,
      timestamp: String(Math.floor((story.receivedAt + offset) / 1000)),
    }
  })
}
