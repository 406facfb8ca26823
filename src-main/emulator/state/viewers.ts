import type { EmulatorContext } from './context'
import { generateGroup } from '../data/generator'
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
