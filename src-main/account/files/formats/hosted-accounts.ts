import { MAX_AUDIENCES } from '@shared/story/library'
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

/**
 * `handovers.json`: the hand-overs begun and not finished, written before the first step and
 * removed after the last, so a desktop started again after a crash finishes each one (every step
 * may be taken again without effect) rather than guessing which side owns the stories.
 */
export const HandoverEntrySchema = z.object({
  id: z.string().uuid(),
  accountId: z.string().min(1).max(64),
  direction: z.enum(['to-agent', 'back']),
  agentUrl: z.string().url().max(200),
  /** The account on the agent, once the agent named it. */
  agentAccountId: z.string().min(1).max(64).nullable(),
  /** Whether a story may have been given already: before that, taking the hand-over back lets the held stories go. */
  giving: z.boolean(),
  startedAt: z.string().datetime(),
})
export type HandoverEntry = z.infer<typeof HandoverEntrySchema>

export const HandoverJournalSchema = z.object({
  version: z.literal(1),
  entries: z.array(HandoverEntrySchema).max(10_000),
})
export type HandoverJournal = z.infer<typeof HandoverJournalSchema>

/**
 * `handovers-left.json`: per account, the saved audiences its last hand-over could not move (no
 * room on the other side, or a failure), said with the account in Settings until a later
 * hand-over moves them all. The counts are kept, not the words: they are said in the user's
 * language when read. One entry per account; a library holds no more audiences than
 * `MAX_AUDIENCES`, so no count goes past it.
 */
export const HandoverLeftSchema = z.object({
  accountId: z.string().min(1).max(64),
  direction: z.enum(['to-agent', 'back']),
  /** Left for want of room on the side they were going to. */
  full: z.number().int().min(0).max(MAX_AUDIENCES),
  /** Left because a page of them was refused or unreadable. */
  failed: z.number().int().min(0).max(MAX_AUDIENCES),
})
export type HandoverLeft = z.infer<typeof HandoverLeftSchema>

export const HandoversLeftFileSchema = z.object({
  version: z.literal(1),
  accounts: z.array(HandoverLeftSchema).max(10_000),
})
export type HandoversLeftFile = z.infer<typeof HandoversLeftFileSchema>

/**
 * `handovers-taken.json`, in an account's folder: the stories this engine took under each
 * hand-over, by request id. A hand-over cut short is taken up again from its first story; a
 * story taken before (sent since, or cancelled here) is not taken a second time.
 */
export const HandoversTakenFileSchema = z.object({
  version: z.literal(1),
  taken: z.array(z.object({ handoverId: z.string().uuid(), requestId: z.string().min(1).max(200), at: z.string().datetime() })).max(20_000),
})
export type HandoversTakenFile = z.infer<typeof HandoversTakenFileSchema>
