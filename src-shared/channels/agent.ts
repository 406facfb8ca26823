import { z } from 'zod'
import { channel, event } from '../define'
import type { AppErrorData } from '../errors'
import { AccountScopeSchema } from './scope'
import { type KeyringStatus, type TokenStorage, TokenStorageSchema } from './accounts'

/**
 * The Statusdesk agent as a desktop sees it: pairing with one agent (its address and the code it
 * printed buy a device token that only main holds), its state, and forgetting it.
 */

/** Where a paired agent listens until it speaks TLS: this machine, any port. */
export const AGENT_LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const
/** The address an agent listens on unless told otherwise (`npm run agent`). */
export const AGENT_DEFAULT_URL = 'http://127.0.0.1:8731'

/** Why an agent address cannot be used: the page says it as the user types, main refuses it. */
export type AgentAddressProblem = 'unreadable' | 'not-http' | 'not-loopback' | 'has-path'

/** The address's origin (`http://127.0.0.1:8731`), or the problem with it. */
export function agentOrigin(raw: string): { origin: string } | { problem: AgentAddressProblem } {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { problem: 'unreadable' }
  }
  if (url.protocol !== 'http:') return { problem: 'not-http' }
  if (!(AGENT_LOOPBACK_HOSTS as readonly string[]).includes(url.hostname.toLowerCase())) return { problem: 'not-loopback' }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return { problem: 'has-path' }
  return { origin: url.origin }
}

/** A device's name, as the agent keeps it: one line, no control characters. */
export const AgentDeviceNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .refine((name) => !/[\p{Cc}\u2028\u2029]/u.test(name), 'must be one line')

export interface AgentStatus {
  paired: boolean
  /** The agent's address (its origin). */
  url: string | null
  deviceName: string | null
  pairedAt: string | null
  /** How the device token is kept: the OS keyring, weakly, or for this session only. */
  storage: TokenStorage | null
  /** The device token is at hand this run (a session-only one is gone after a restart). */
  hasToken: boolean
  /** Whether the agent answered the last time it was asked; null before it was asked this run. */
  reachable: boolean | null
  lastSeenAt: string | null
  /** Why the last call to the agent failed. */
  lastError: AppErrorData | null
  /** Whether the device token can be sealed by the OS keyring (else weak or session, as the user chooses). */
  keyring: KeyringStatus
}

/** Where one of this desktop's accounts runs: here, or on the paired agent since a hand-over. */
export interface HostedAccountView {
  accountId: string
  label: string
  where: 'here' | 'agent'
  /** When the agent took it over. */
  since: string | null
  /** A hand-over begun and not finished (it finishes when the agent answers). */
  pending: 'to-agent' | 'back' | null
  /** Whether it can move at all (a demo account's server lives in this desktop). */
  canMove: boolean
}

export const agentChannels = {
  /** Where each account runs. */
  'agent:accounts': channel<HostedAccountView[]>()(z.void()),
  /** "Run on the agent": the account's stories not yet gone move to the agent, exactly once. */
  'agent:hand-over': channel<HostedAccountView[]>()(AccountScopeSchema),
  /** "Bring back to this computer": they move back the same way. */
  'agent:bring-back': channel<HostedAccountView[]>()(AccountScopeSchema),
  'agent:status': channel<AgentStatus>()(z.void()),
  /** Pairs this desktop with the agent at `url` (this machine only) with the code it printed. */
  'agent:pair': channel<AgentStatus>()(
    z.object({
      url: z.string().trim().min(1).max(200),
      code: z.string().trim().min(1).max(32),
      deviceName: AgentDeviceNameSchema,
      /** Required when no keyring is available: weak or session storage of the device token. */
      storage: TokenStorageSchema.optional(),
    }),
  ),
  /** Forgets the pairing and the device token. */
  'agent:unpair': channel<AgentStatus>()(z.void()),
  /** Asks the agent now whether it answers to this device. */
  'agent:check': channel<AgentStatus>()(z.void()),
}

export const agentEvents = {
  'agent:changed': event<AgentStatus>(),
  /** An account moved to or from the agent, or a hand-over began: the list of where each runs. */
  'agent:accounts-changed': event<HostedAccountView[]>(),
}
