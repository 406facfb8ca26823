import type { OutboxItemView } from '@shared/story/records'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { AGENT_COMMAND_CHANNELS } from '../../account/files/formats/agent-views'
import type { EventHub } from '../../platform/events'
import type { Logger } from '../../platform/log/log'
import { isAway, translateIds } from './agent-answers'
import { type AskAuthors, withAuthors } from './agent-authors'
import type { AgentCommands, AgentViews } from './agent-offline'
import type { HostedAccount, HostedAccounts } from './hosted-accounts'

/** Edits that wait on disk while the agent is away, rather than fail. */
const COMMANDS: ReadonlySet<string> = new Set<(typeof AGENT_COMMAND_CHANNELS)[number]>([
  'stories:outbox-act',
  'stories:schedule-edit',
  'queue:move',
])
/** Calls that change nothing: their last answer is shown while the agent is away. */
const READS = new Set(['queue:get', 'queue:occurrences', 'insights:overview', 'insights:stories', 'insights:reach-curve'])
/** Reads whose answer is one record: shown from the last state, it says so itself (`stale`, `asOf`) for the view's banner. */
const DATED = new Set(['insights:overview', 'insights:stories'])

export interface AgentRoutingOptions {
  hosted: HostedAccounts
  invoke: (channel: string, arg: unknown) => Promise<unknown>
  views: AgentViews
  commands: AgentCommands
  events: EventHub
  log: Logger
  /** Who planned and who last changed the agent's items (its activity log); without it, items are not named. */
  authors?: AskAuthors
  now?: () => Date
}

/** Where a read's last answer is kept for an account: the channel and the call as this desktop made it. */
export function viewKey(channel: string, arg: unknown): string {
  return `${channel} ${JSON.stringify(arg)}`
}

type Tag = { where: 'agent'; asOf?: string; stale?: boolean }

/** Marks the items of an answer (an item, or a list of them) as the agent's. */
function tagged(value: unknown, tag: Tag, waiting: ReadonlySet<string> = new Set()): unknown {
  const one = (item: unknown): unknown =>
    item !== null && typeof item === 'object' && 'accountId' in item
      ? { ...item, ...tag, ...('id' in item && typeof item.id === 'string' && waiting.has(item.id) && { waiting: true }) }
      : item
  return Array.isArray(value) ? value.map(one) : one(value)
}

function accountOf(arg: unknown): string | null {
  if (arg === null || typeof arg !== 'object' || !('accountId' in arg)) return null
  return typeof arg.accountId === 'string' ? arg.accountId : null
}

/**
 * Decides, once per call, where it runs: a call about an account handed over to the agent goes
 * there (its account id translated both ways); every other call runs here. While the agent does
 * not answer, the last answers are shown with their time, and edits wait on disk to be sent, in
 * order, when it answers again; the agent refuses one made on a story that changed meanwhile.
 */
export class AgentRouting {
  readonly #opts: AgentRoutingOptions
  #flushing: Promise<void> | null = null

  constructor(options: AgentRoutingOptions) {
    this.#opts = options
  }

  /** A call about one account (`agent-routes.ts` says which): the agent's if that account runs there, else this desktop's. */
  async oneAccount(channel: string, arg: unknown, local: () => Promise<unknown>): Promise<unknown> {
    const hosted = await this.#opts.hosted.list()
    const accountId = accountOf(arg)
    const account = accountId === null ? undefined : hosted.find((entry) => entry.accountId === accountId)
    if (!account) return local()
    return this.#scoped(channel, arg as Record<string, unknown>, account)
  }

  /** A list of every account's items (`agent-routes.ts` says which): this desktop's accounts' part from here, the hosted ones' from the agent. */
  async everyAccount(channel: string, local: () => Promise<unknown>): Promise<unknown> {
    const hosted = await this.#opts.hosted.list()
    if (hosted.length === 0) return local()
    return this.#merged(channel, hosted, local)
  }

  /** Keeps an account's outbox as the agent's events told it, as the last state to show while it is away. */
  async remember(accountId: string, items: readonly unknown[]): Promise<void> {
    await this.#opts.views.put(accountId, 'stories:outbox-list', items, this.#now())
  }

  /** The edits still waiting for the agent, of one account or all. */
  async waiting(accountId?: string): Promise<number> {
    return (await this.#opts.commands.list()).filter((command) => accountId === undefined || command.accountId === accountId).length
  }

  async #scoped(channel: string, arg: Record<string, unknown>, account: HostedAccount): Promise<unknown> {
    const key = viewKey(channel, arg)
    try {
      const value = await this.#invoke(channel, arg, account)
      const asOf = this.#now()
      if (READS.has(channel)) await this.#opts.views.put(account.accountId, key, value, asOf)
      void this.flush()
      return channel.startsWith('stories:') ? tagged(await this.#named(value, account), { where: 'agent', asOf }) : value
    } catch (error) {
      if (!isAway(error)) throw error
      if (COMMANDS.has(channel)) return this.#wait(channel, arg, account)
      const kept = READS.has(channel) ? await this.#opts.views.get(account.accountId, key) : null
      if (!kept) throw error
      const record = DATED.has(channel) && kept.value !== null && typeof kept.value === 'object' && !Array.isArray(kept.value)
      return record ? { ...(kept.value as object), asOf: kept.asOf, stale: true } : kept.value
    }
  }

  async #invoke(channel: string, arg: Record<string, unknown>, account: HostedAccount): Promise<unknown> {
    const answer = await this.#opts.invoke(channel, { ...arg, accountId: account.agentAccountId })
    return translateIds(answer, new Map([[account.agentAccountId, account.accountId]]))
  }

  /** Every account's list: the local accounts' from here, the hosted ones' from the agent or as last seen. */
  async #merged(channel: string, hosted: readonly HostedAccount[], local: () => Promise<unknown>): Promise<unknown> {
    const hostedIds = new Set(hosted.map((entry) => entry.accountId))
    // A hosted account's stories published here before its hand-over stay in its history; its
    // outbox here holds nothing that could go (what moved is the agent's now).
    const keepsOwn = channel === 'stories:history-list'
    const mine = ((await local()) as Array<{ accountId: string }>).filter((item) => keepsOwn || !hostedIds.has(item.accountId))
    const waiting = new Set((await this.#opts.commands.list()).map((command) => command.itemId))
    const parts: unknown[] = []
    let theirs: Array<{ accountId: string }> | null = null
    try {
      const back = new Map(hosted.map((entry) => [entry.agentAccountId, entry.accountId]))
      const answer = await this.#opts.invoke(channel, undefined)
      if (!Array.isArray(answer)) throw new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
      theirs = (translateIds(answer, back) as Array<{ accountId: string }>).filter((item) => hostedIds.has(item?.accountId))
      void this.flush()
    } catch (error) {
      if (!isAway(error)) throw error
    }
    const asOf = this.#now()
    for (const account of hosted) {
      if (theirs !== null) {
        const mineThere = theirs.filter((item) => item.accountId === account.accountId)
        const items = channel === 'stories:outbox-list' ? await this.#named(mineThere, account) : mineThere
        await this.#opts.views.put(account.accountId, channel, items, asOf)
        parts.push(...(tagged(items, { where: 'agent', asOf }, waiting) as unknown[]))
        continue
      }
      const kept = await this.#opts.views.get(account.accountId, channel)
      if (kept && Array.isArray(kept.value))
        parts.push(...(tagged(kept.value, { where: 'agent', asOf: kept.asOf, stale: true }, waiting) as unknown[]))
    }
    const all = [...mine, ...parts]
    if (channel === 'stories:history-list')
      (all as Array<{ publishedAt?: unknown }>).sort((a, b) => String(b.publishedAt ?? '').localeCompare(String(a.publishedAt ?? '')))
    return all
  }

  /** The agent's item (or items) of the account, each named with who planned it and who last changed it. */
  async #named(value: unknown, account: HostedAccount): Promise<unknown> {
    const items = Array.isArray(value) ? (value as unknown[]) : [value]
    const named = await withAuthors(items, account.agentAccountId, this.#opts.authors, this.#opts.log)
    return Array.isArray(value) ? named : named[0]
  }

  /** Keeps the edit on disk with the revision it was made on, and answers the last state with it waiting. */
  async #wait(channel: string, arg: Record<string, unknown>, account: HostedAccount): Promise<unknown> {
    const itemId = String(arg.id ?? arg.itemId ?? '')
    const kept = await this.#opts.views.get(account.accountId, 'stories:outbox-list')
    const items = Array.isArray(kept?.value) ? (kept.value as OutboxItemView[]) : []
    const item = items.find((entry) => entry.id === itemId)
    const rev = typeof arg.rev === 'number' ? arg.rev : item?.rev
    // Without the revision it was made on, an edit could land on a story changed since: refused now.
    if (rev === undefined) throw new AppError('offline', userText('errors.agentRouting.awayNoRevision'))
    await this.#opts.commands.add({
      accountId: account.accountId,
      channel: channel as (typeof AGENT_COMMAND_CHANNELS)[number],
      arg: { ...arg, rev },
      itemId,
      madeAt: this.#now(),
    })
    this.#opts.log.info('edit kept for the agent', { channel })
    const tag = { where: 'agent' as const, asOf: kept?.asOf ?? this.#now(), stale: true }
    const waiting = new Set((await this.#opts.commands.list()).map((command) => command.itemId))
    if (channel === 'stories:outbox-act') return tagged(items, tag, waiting)
    if (channel === 'stories:schedule-edit') {
      if (!item) throw new AppError('offline', userText('errors.agentRouting.awayNoRevision'))
      return tagged(item, tag, waiting)
    }
    return undefined
  }

  /** Sends the waiting edits in order; stops at the first the agent does not answer. */
  flush(): Promise<void> {
    // Called without waiting after calls that got through: a file it cannot write is logged, never thrown at nobody.
    this.#flushing ??= this.#flushAll()
      .catch((error: unknown) => this.#opts.log.warn('waiting edits not sent', { error: String(error) }))
      .finally(() => (this.#flushing = null))
    return this.#flushing
  }

  async #flushAll(): Promise<void> {
    const touched = new Set<string>()
    for (const command of await this.#opts.commands.list()) {
      const account = await this.#opts.hosted.get(command.accountId)
      try {
        if (!account) throw new AppError('conflict', userText('errors.agentRouting.notOnAgent'))
        await this.#invoke(command.channel, command.arg, account)
      } catch (error) {
        if (isAway(error)) return
        this.#opts.log.info('a waiting edit was refused', {
          channel: command.channel,
          code: error instanceof AppError ? error.code : 'internal',
        })
        // The agent refuses an edit made on a revision the story left (conflict), or of a story gone from its outbox (sent or removed: not-found).
        const moved = error instanceof AppError && (error.code === 'conflict' || error.code === 'not-found')
        const refusedKey = moved ? 'errors.agentRouting.editRefused' : 'errors.agentRouting.editFailed'
        this.#opts.events.emit('app:notice', { level: 'warning', text: userText(refusedKey, { at: command.madeAt }) })
      }
      await this.#opts.commands.remove(command.id)
      touched.add(command.accountId)
    }
    for (const accountId of touched) await this.#tellOutbox(accountId)
  }

  /** The account's items as the agent has them now, for the views to show the current state. */
  async #tellOutbox(accountId: string): Promise<void> {
    const all = await this.everyAccount('stories:outbox-list', async () => []).catch(() => null)
    if (!Array.isArray(all)) return
    const items = (all as OutboxItemView[]).filter((item) => item.accountId === accountId)
    this.#opts.events.emit('stories:outbox-changed', { accountId, items, left: [] })
  }

  #now(): string {
    return (this.#opts.now ?? (() => new Date()))().toISOString()
  }
}
