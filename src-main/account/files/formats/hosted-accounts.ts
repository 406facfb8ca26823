import { z } from 'zod'

/**
 * `agent-accounts.json`: the accounts of this desktop that run on the paired agent. An account
 * listed here has been handed over under `handoverId` and confirmed by the agent: its planned and
 * queued stories, posting-queue slots and insights live there, as the agent's account
 * `agentAccountId`, and this desktop only shows them and sends its edits there.
 */
export const HostedAccountSchema = z.object({
  /** The account as this desktop knows it. */
  accountId: z.string().min(1).max(64),
  /** The same account as the agent knows it. */
  agentAccountId: z.string().min(1).max(64),
  /** The hand-over that moved it, as the agent recorded it. */
  handoverId: z.string().uuid(),
  /** The agent's origin when it was handed over: another agent does not hold it. */
  agentUrl: z.string().url().max(200),
  since: z.string().datetime(),
})
export type HostedAccount = z.infer<typeof HostedAccountSchema>

export const HostedAccountsFileSchema = z.object({
  version: z.literal(1),
  accounts: z.array(HostedAccountSchema).max(10_000),
})
export type HostedAccountsFile = z.infer<typeof HostedAccountsFileSchema>
