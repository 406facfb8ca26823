import { z } from 'zod'

/** Most answers kept per hosted account: one per channel and argument the views asked. */
export const MAX_VIEWS_PER_ACCOUNT = 40
/** Most commands waiting for the agent: beyond this an edit is refused rather than kept blindly. */
export const MAX_WAITING_COMMANDS = 200

const accountId = z.string().min(1).max(64)

const AgentViewSchema = z.object({
  /** The channel and its argument, as the desktop asked (in the desktop's ids). */
  key: z.string().min(1).max(2000),
  /** When the agent gave this answer. */
  asOf: z.string().datetime(),
  value: z.unknown(),
})

/**
 * `agent-views.json`: the last answers the agent gave for each hosted account (in this desktop's
 * ids), served with their time when the agent does not answer.
 */
export const AgentViewsFileSchema = z.object({
  version: z.literal(1),
  accounts: z.record(accountId, z.array(AgentViewSchema).max(MAX_VIEWS_PER_ACCOUNT)),
})
export type AgentViewsFile = z.infer<typeof AgentViewsFileSchema>

export const AGENT_COMMAND_CHANNELS = ['stories:outbox-act', 'stories:schedule-edit', 'queue:move'] as const

export const AgentCommandSchema = z.object({
  id: z.string().uuid(),
  /** The desktop's account; translated when sent, since the agent's id may change with a new hand-over. */
  accountId,
  channel: z.enum(AGENT_COMMAND_CHANNELS),
  /** The call's argument in the desktop's ids, carrying the rev of the item it was made on. */
  arg: z.record(z.string(), z.unknown()),
  itemId: z.string().min(1).max(64),
  madeAt: z.string().datetime(),
})
export type AgentCommand = z.infer<typeof AgentCommandSchema>

/** `agent-commands.json`: edits made while the agent was away, sent in order when it answers again. */
export const AgentCommandsFileSchema = z.object({
  version: z.literal(1),
  commands: z.array(AgentCommandSchema).max(MAX_WAITING_COMMANDS),
})
export type AgentCommandsFile = z.infer<typeof AgentCommandsFileSchema>
