import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { AgentAccountOffer, HostedAccountView } from '@shared/channels/agent'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { HostedAccounts } from './hosted-accounts'

/** The agent's accounts as its `accounts:list` answers them, read as a peer's answer. */
const AgentAccountsSchema = z.object({
  accounts: z
    .array(z.object({ id: z.string().min(1).max(64), label: z.string().max(200), baseUrl: z.string().max(2048), isDemo: z.boolean() }))
    .max(10_000),
})

export interface AgentFollowOptions {
  invoke: (channel: string, arg: unknown) => Promise<unknown>
  agentUrl: () => Promise<string | null>
  hosted: HostedAccounts
  /** Adds (or finds) the account here, without its token (followed-account.ts). */
  addFollowed: (input: { label: string; baseUrl: string; agentUrl: string; agentAccountId: string }) => Promise<{ id: string }>
  /** Where each account runs, as Settings → Agent lists them (handover-service.ts). */
  list: () => Promise<HostedAccountView[]>
  changed: () => void
  now?: () => Date
}

/**
 * A teammate's account on the agent, followed on this computer without its token: its outbox,
 * planned stories, history and insights are the agent's, and what is planned here for it is
 * planned there (agent-publish.ts). Nothing moves, so nothing can be sent twice.
 */
export class AgentFollow {
  readonly #opts: AgentFollowOptions

  constructor(options: AgentFollowOptions) {
    this.#opts = options
  }

  /** The agent's accounts this computer does not show yet. */
  async others(): Promise<AgentAccountOffer[]> {
    const shown = new Set((await this.#opts.hosted.list()).map((entry) => entry.agentAccountId))
    return (await this.#agentAccounts())
      .filter((account) => !account.isDemo && !shown.has(account.id))
      .map((account) => ({ agentAccountId: account.id, label: account.label }))
  }

  /** Shows the agent's account here; following one shown already changes nothing. */
  async follow(agentAccountId: string): Promise<HostedAccountView[]> {
    const agentUrl = await this.#opts.agentUrl()
    if (agentUrl === null) throw new AppError('conflict', userText('errors.agentLink.notPaired'))
    if ((await this.#opts.hosted.list()).some((entry) => entry.agentAccountId === agentAccountId)) return this.#opts.list()
    const account = (await this.#agentAccounts()).find((item) => item.id === agentAccountId && !item.isDemo)
    if (!account) throw new AppError('not-found', userText('errors.handover.noAccount'))
    const here = await this.#opts.addFollowed({ label: account.label, baseUrl: account.baseUrl, agentUrl, agentAccountId })
    await this.#opts.hosted.add({
      accountId: here.id,
      agentAccountId,
      handoverId: randomUUID(),
      agentUrl,
      since: (this.#opts.now ?? (() => new Date()))().toISOString(),
    })
    this.#opts.changed()
    return this.#opts.list()
  }

  async #agentAccounts(): Promise<z.infer<typeof AgentAccountsSchema>['accounts']> {
    const answer = AgentAccountsSchema.safeParse(await this.#opts.invoke('accounts:list', undefined))
    if (!answer.success) throw new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
    return answer.data.accounts
  }
}
