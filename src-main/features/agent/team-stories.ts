import { z } from 'zod'
import type { AgentItemAuthors } from '@shared/channels/agent'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { authorName } from '@shared/story/authors'

/** The agent's outbox as its `stories:outbox-list` answers it, read as a peer's answer: only what is counted here. */
const OutboxIdsSchema = z.array(z.object({ accountId: z.string().max(100), id: z.string().min(1).max(200) }).passthrough()).max(100_000)

/** The agent answers authors for at most this many items a call (`AgentItemAuthorsQuerySchema`). */
const AUTHORS_PER_CALL = 500
/** An account's outbox past this is not asked about further: the count says "at least". */
const MAX_ITEMS_ASKED = 10_000
/** Names said in the refusal: a team past this is "and others" in the count. */
const MAX_NAMES = 5

export interface TeamStoriesOptions {
  invoke: (channel: string, arg: unknown) => Promise<unknown>
  authors: (agentAccountId: string, itemIds: string[]) => Promise<Record<string, AgentItemAuthors>>
  /** This desktop's device id on the agent, or null when it is not paired. */
  ownDeviceId: () => Promise<string | null>
}

export interface TeamStories {
  /** The account's stories on the agent that another device planned (or handed over). */
  count: number
  /** Who planned them, at most MAX_NAMES: the person and the device given at pairing ("Bia (Back office)"), or the device alone. */
  names: string[]
}

/**
 * What "Bring back to this computer" would take from the team: the account's stories on the
 * agent that other paired devices planned. They would then go out only while this computer
 * runs, so the desktop says whose they are (the people, by their devices) before it takes them.
 */
export async function teamStoriesOnAgent(options: TeamStoriesOptions, agentAccountId: string): Promise<TeamStories> {
  const own = await options.ownDeviceId()
  const answer = OutboxIdsSchema.safeParse(await options.invoke('stories:outbox-list', undefined))
  if (!answer.success) throw new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
  const ids = answer.data
    .filter((item) => item.accountId === agentAccountId)
    .map((item) => item.id)
    .slice(0, MAX_ITEMS_ASKED)
  let count = 0
  const names = new Set<string>()
  for (let at = 0; at < ids.length; at += AUTHORS_PER_CALL) {
    const authors = await options.authors(agentAccountId, ids.slice(at, at + AUTHORS_PER_CALL))
    for (const id of ids.slice(at, at + AUTHORS_PER_CALL)) {
      const planned = authors[id]?.planned
      // An item no device is named for (planned before the activity log kept authors) is nobody's to warn about.
      if (!planned || planned.deviceId === own) continue
      count++
      if (names.size < MAX_NAMES) names.add(authorName(planned))
    }
  }
  return { count, names: [...names] }
}
