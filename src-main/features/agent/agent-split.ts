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
