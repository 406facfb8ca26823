import type { AgentItemAuthors } from '@shared/channels/agent'
import type { OutboxItemAuthors } from '@shared/story/records'
import type { Logger } from '../../platform/log/log'

/** Most items asked about in one call: the agent's query takes no more. */
export const MAX_AUTHORS_ASKED = 500
/** The longest item id the agent's query takes: a longer one is not asked about. */
const MAX_ID = 200

/** Who planned and who changed the given items of an account, asked of the agent in ITS account id (schema-checked by the caller). */
export type AskAuthors = (agentAccountId: string, itemIds: string[]) => Promise<Record<string, AgentItemAuthors>>

type Item = Record<string, unknown>

function isItem(value: unknown): value is Item {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function byOf(authors: AgentItemAuthors | undefined): OutboxItemAuthors | null {
  if (!authors || (authors.planned === null && authors.changed === null)) return null
  const { planned, changed } = authors
  return {
    planned: planned && { deviceName: planned.deviceName, personName: planned.personName, at: planned.at },
    changed: changed && { deviceName: changed.deviceName, personName: changed.personName, at: changed.at, action: changed.action },
  }
}

/**
 * Names, on each of an account's items the agent holds, who planned it and who last changed it:
 * one call for the items given (the first 500). Only this answer sets `by` (an item the agent sent
 * with one of its own loses it); an agent that does not answer leaves the items without it.
 */
export async function withAuthors<T>(items: readonly T[], agentAccountId: string, ask: AskAuthors | undefined, log?: Logger): Promise<T[]> {
  const bare = items.map((item) => {
    if (!isItem(item) || !('by' in item)) return item
    const { by: _dropped, ...rest } = item
    return rest as T
  })
  const ids = bare
    .map((item) => (isItem(item) && typeof item.id === 'string' && item.id.length <= MAX_ID ? item.id : null))
    .filter((id): id is string => id !== null)
  const asked = [...new Set(ids)].slice(0, MAX_AUTHORS_ASKED)
  if (!ask || asked.length === 0) return bare
  let authors: Record<string, AgentItemAuthors>
  try {
    authors = await ask(agentAccountId, asked)
  } catch (error) {
    if (log) log.info('agent item authors not read', { reason: error instanceof Error ? error.name : 'unknown' })
    return bare
  }
  const known = new Set(asked)
  return bare.map((item) => {
    if (!isItem(item) || typeof item.id !== 'string' || !known.has(item.id)) return item
    const by = byOf(Object.hasOwn(authors, item.id) ? authors[item.id] : undefined)
    return (by ? { ...item, by } : item) as T
  })
}
