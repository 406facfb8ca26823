import type { EmulatorContext } from './context'
import { generateGroup } from './data/generator'
import type { PublishedStory } from './story-log'

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

function candidates(context: EmulatorContext): string[] {
  const me = context.options.account.phone
  const seen = new Set<string>()
  for (const index of context.groups.slice(0, GROUPS_SCANNED)) {
    const group = generateGroup(context.generator, index) as unknown as {
      participants?: { id: string }[]
    }
    for (const participant of group.participants ?? []) {
      if (participant.id === me || seen.has(participant.id)) continue
      seen.add(participant.id)
      if (seen.size >= MAX_VIEWERS) return [...seen]
    }
  }
  return [...seen]
}

/**
 * Views accrue with the emulator's clock: one more viewer every `viewerEveryMs` after the
 * story was published, for its 24 hours, drawn from the people the account shares groups
 * with, so a client can put names to them from its groups cache.
 */
export function viewsOf(context: EmulatorContext, story: PublishedStory): ViewStatus[] {
  const every = context.viewerEveryMs
  const elapsed = Math.min(context.options.now(), story.receivedAt + 24 * 3600_000) - story.receivedAt
  const seen = Math.max(0, Math.floor(elapsed / every))
  if (seen === 0) return []
  const people = candidates(context)
  const audience = story.contacts?.filter((c) => c !== '').map((c) => c.replace(/@.*$/, ''))
  const excluded = new Set(story.excludeContacts?.map((c) => c.replace(/@.*$/, '')) ?? [])
  const pool = (audience && audience.length > 0 ? audience : people).filter((p) => !excluded.has(p))
  return pool.slice(0, seen).map((phone, i) => ({
    id: story.id,
    code: 4,
    status: 'read',
    recipient_id: `${phone}@s.whatsapp.net`,
    viewer_id: phone,
    timestamp: String(Math.floor((story.receivedAt + (i + 1) * every) / 1000)),
  }))
}
