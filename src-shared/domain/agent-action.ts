/** What the agent's activity log records: a closed set, so nothing a device typed ever lands in it. */
export const AGENT_ACTIONS = ['plan', 'edit', 'cancel', 'send-now', 'hand-over', 'pair', 'unpair', 'revoke'] as const
export type AgentAction = (typeof AGENT_ACTIONS)[number]
