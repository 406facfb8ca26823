import { z } from 'zod'
import type { QueueOccurrence } from '@shared/channels/queue'
import { isAway, translateIds } from './agent-answers'
import { agentToDesk, askAgent, splitAccounts } from './agent-split'
import type { HostedAccounts } from './hosted-accounts'

type NextFree = Array<{ accountId: string; at: string | null }>

const NextFreeSchema = z.array(z.object({ accountId: z.string().max(64), at: z.string().max(40).nullable() })).max(20)
/** A calendar of 35 days of hourly slots for every account is far below this. */
const OccurrencesSchema = z
  .array(z.object({ accountId: z.string().max(64), at: z.string().max(40), itemId: z.string().max(64).nullable() }))
  .max(200_000)

export interface AgentQueueOptions {
  hosted: HostedAccounts
  invoke: (channel: string, arg: unknown) => Promise<unknown>
}

/**
 * The posting queue's calls that name several accounts at once, for accounts on the agent: the
 * next free slot "Add to queue" shows, and the calendar of every account. An account on the
 * agent has its slots and planned stories there; asking this desktop would answer its old ones.
 */
export class AgentQueue {
  readonly #opts: AgentQueueOptions

  constructor(options: AgentQueueOptions) {
    this.#opts = options
  }

  /** Each account's next free slot, from where it runs; an account whose agent is away has none to offer now. */
  async nextFree(accountIds: readonly string[], local: (accountIds: string[]) => Promise<NextFree>): Promise<NextFree> {
    const { theirs, mine } = splitAccounts(await this.#opts.hosted.list(), accountIds)
    if (theirs.length === 0) return local([...accountIds])
    const here = mine.length === 0 ? [] : await local(mine)
    let there: NextFree = []
    try {
      const answer = await askAgent(
        this.#opts.invoke,
        'queue:next-free',
        { accountIds: theirs.map((entry) => entry.agentAccountId) },
        NextFreeSchema,
      )
      there = translateIds(answer, agentToDesk(theirs)) as NextFree
    } catch (error) {
      if (!isAway(error)) throw error
    }
    return accountIds.map((id) => [...here, ...there].find((entry) => entry.accountId === id) ?? { accountId: id, at: null })
  }

  /** Every account's slots on the calendar: this desktop's own, and the agent's for its accounts (none while it is away). */
  async everyAccount(arg: { from: string; to: string }, local: () => Promise<QueueOccurrence[]>): Promise<QueueOccurrence[]> {
    const hosted = await this.#opts.hosted.list()
    if (hosted.length === 0) return local()
    const hostedIds = new Set(hosted.map((entry) => entry.accountId))
    const mine = (await local()).filter((slot) => !hostedIds.has(slot.accountId))
    try {
      const answer = await askAgent(this.#opts.invoke, 'queue:occurrences', { accountId: null, ...arg }, OccurrencesSchema)
      const theirs = (translateIds(answer, agentToDesk(hosted)) as QueueOccurrence[]).filter((slot) => hostedIds.has(slot.accountId))
      return [...mine, ...theirs].sort((a, b) => a.at.localeCompare(b.at))
    } catch (error) {
      if (!isAway(error)) throw error
      return mine
    }
  }
}
