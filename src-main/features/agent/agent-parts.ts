import { z } from 'zod'
import { AppErrorDataSchema } from '@shared/error-schemas'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { AgentViews } from './agent-offline'
import { isAway } from './agent-answers'
import { askAgent, askEach } from './agent-split'
import type { HostedAccount, HostedAccounts } from './hosted-accounts'

export interface AgentPartsOptions {
  hosted: HostedAccounts
  invoke: (channel: string, arg: unknown) => Promise<unknown>
  views: AgentViews
  now?: () => Date
}

/** A hosted account's part of an answer: the agent's now (`asOf` null), or its last one while the agent is away. */
export interface Part<T> {
  value: T
  asOf: string | null
}

/** How each hosted account is asked: several in one call, or (an agent older than that call) each by itself. */
export interface EachCall {
  each: { channel: string; arg: (agentAccountIds: string[]) => unknown; perCall: number }
  one: { channel: string; arg: (account: HostedAccount) => unknown }
}

/** An answer about several accounts, its parts read one by one; no more parts than accounts asked. */
function eachAnswerSchema(asked: number) {
  const accountId = z.string().max(64)
  // The failure first: a part that says one is not read as a value.
  const part = z.union([z.object({ accountId, error: AppErrorDataSchema }), z.object({ accountId, value: z.unknown() })])
  return z.object({ parts: z.array(part).max(asked) })
}

/** The agent does not know the call about several accounts: an agent older than it. */
export function isUnknownCall(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'invalid-request' || error.code === 'invalid-argument')
}

const badAnswer = () => new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))

/**
 * One call about the accounts of `chunk`: what each account's answer is (its value, or its
 * failure), each read when called; an agent older than the call about several accounts is asked
 * about each by itself, when its answer is read.
 */
export async function askChunk<T>(
  invoke: AgentPartsOptions['invoke'],
  chunk: readonly HostedAccount[],
  call: EachCall,
  schema: z.ZodType<T>,
): Promise<Map<HostedAccount, () => Promise<T>>> {
  const one = (account: HostedAccount) => () => askAgent(invoke, call.one.channel, call.one.arg(account), schema)
  let parts: z.infer<ReturnType<typeof eachAnswerSchema>>['parts']
  try {
    const arg = call.each.arg(chunk.map((account) => account.agentAccountId))
    parts = (await askAgent(invoke, call.each.channel, arg, eachAnswerSchema(chunk.length))).parts
  } catch (error) {
    if (isUnknownCall(error)) return new Map(chunk.map((account) => [account, one(account)]))
    return new Map(chunk.map((account) => [account, () => Promise.reject(error as Error)]))
  }
  const byAgentId = new Map(chunk.map((account) => [account.agentAccountId, account]))
  const answers = new Map<HostedAccount, () => Promise<T>>()
  for (const part of parts) {
    const account = byAgentId.get(part.accountId)
    // An account not asked is none of this desktop's; one told twice counts as first told.
    if (!account || answers.has(account)) continue
    if ('error' in part) {
      const refused = new AppError(part.error.code, part.error.text, part.error.details)
      answers.set(account, () => Promise.reject(refused))
      continue
    }
    const read = schema.safeParse(part.value)
    answers.set(account, read.success ? () => Promise.resolve(read.data) : () => Promise.reject(badAnswer()))
  }
  // An account asked and left out of the answer: the agent said nothing of it.
  for (const account of chunk) if (!answers.has(account)) answers.set(account, () => Promise.reject(badAnswer()))
  return answers
}

/**
 * What the views over every hosted account share: each account's part asked of the agent in
 * few calls (`perCall` accounts each, the accounts translated to the agent's ids and back, an
 * answer about an account not asked ignored), each account's answer kept as its last state,
 * and that state counted, said as of when, while the agent is away.
 */
export abstract class AgentParts {
  protected readonly opts: AgentPartsOptions

  constructor(options: AgentPartsOptions) {
    this.opts = options
  }

  /** Each account's part, in the accounts' order; `keyOf` names where its last answer is kept. */
  protected async partsOf<T>(
    accounts: readonly HostedAccount[],
    call: EachCall,
    schema: z.ZodType<T>,
    keyOf: (account: HostedAccount) => string,
  ): Promise<Array<Part<T>>> {
    const answers = new Map<HostedAccount, () => Promise<T>>()
    for (let start = 0; start < accounts.length; start += call.each.perCall) {
      const chunk = accounts.slice(start, start + call.each.perCall)
      for (const [account, answer] of await askChunk(this.opts.invoke, chunk, call, schema)) answers.set(account, answer)
    }
    return askEach(accounts, (account) => this.kept(account, keyOf(account), schema, answers.get(account)!))
  }

  protected now(): Date {
    return (this.opts.now ?? (() => new Date()))()
  }

  /**
   * `answer`, kept as the account's last state under `key` (unless `keep` is false: the caller
   * keeps what it chooses of it); while the agent is away, the last one kept and as of when.
   */
  protected async kept<T>(
    account: HostedAccount,
    key: string,
    schema: z.ZodType<T>,
    answer: () => Promise<T>,
    keep = true,
  ): Promise<Part<T>> {
    try {
      const value = await answer()
      if (keep) await this.opts.views.put(account.accountId, key, value, this.now().toISOString())
      return { value, asOf: null }
    } catch (error) {
      if (!isAway(error)) throw error
      const kept = await this.opts.views.get(account.accountId, key)
      const read = schema.safeParse(kept?.value)
      // Nothing known of the account: an answer without it would pass for one that counts it.
      if (!kept || !read.success) throw error
      return { value: read.data, asOf: kept.asOf }
    }
  }
}
