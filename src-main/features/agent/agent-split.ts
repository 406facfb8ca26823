import type { z } from 'zod'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { HostedAccount } from './hosted-accounts'

/**
 * What the calls about several accounts at once share: which of the accounts asked run on the
 * agent (`theirs`) and which here (`mine`), the way back from the agent's ids to this desktop's,
 * and the agent's answer read as a peer's, not trusted.
 */
export function splitAccounts(
  hosted: readonly HostedAccount[],
  accountIds: readonly string[],
): { theirs: HostedAccount[]; mine: string[] } {
  const theirs = hosted.filter((entry) => accountIds.includes(entry.accountId))
  const mine = accountIds.filter((id) => !theirs.some((entry) => entry.accountId === id))
  return { theirs, mine }
}

/** The agent's account ids to this desktop's, for the accounts given. */
export function agentToDesk(hosted: readonly HostedAccount[]): Map<string, string> {
  return new Map(hosted.map((entry) => [entry.agentAccountId, entry.accountId]))
}

/** Asks the agent and reads its answer against `schema`: an answer that is not one is said as such. */
export async function askAgent<T>(
  invoke: (channel: string, arg: unknown) => Promise<unknown>,
  channel: string,
  arg: unknown,
  schema: z.ZodType<T>,
): Promise<T> {
  const answer = schema.safeParse(await invoke(channel, arg))
  if (!answer.success) throw new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
  return answer.data
}

/** How many calls about single accounts go to the agent at once: a desktop may hold many accounts there. */
export const AGENT_CALLS_AT_ONCE = 4

/** `ask` for every account, at most AGENT_CALLS_AT_ONCE at a time, the answers in the accounts' order. */
export async function askEach<T>(accounts: readonly HostedAccount[], ask: (account: HostedAccount) => Promise<T>): Promise<T[]> {
  const answers = new Array<T>(accounts.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < accounts.length) {
      const index = next++
      answers[index] = await ask(accounts[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(AGENT_CALLS_AT_ONCE, accounts.length) }, worker))
  return answers
}
