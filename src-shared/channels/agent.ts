import { z } from 'zod'
import { channel, event } from '../define'
import type { AgentAction } from '../domain/agent-action'
import type { AppErrorData } from '../errors'
import type { UserText } from '../i18n/user-text'
import { AccountScopeSchema } from './scope'
import { type KeyringStatus, type TokenStorage, TokenStorageSchema } from './accounts'

/**
 * The Statusdesk agent as a desktop sees it: pairing with one agent (its address and the code it
 * printed buy a device token that only main holds), its state, and forgetting it.
 */

/** Where an agent without TLS may listen: this machine, any port. Over `https://` any host will do: the pin is the trust. */
export const AGENT_LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const
/** The address an agent listens on unless told otherwise (`npm run agent`). */
export const AGENT_DEFAULT_URL = 'http://127.0.0.1:8731'

/** Why an agent address cannot be used: the page says it as the user types, main refuses it. */
export type AgentAddressProblem = 'unreadable' | 'not-http' | 'not-loopback' | 'has-path'

/** A certificate's SHA-256 as `AB:CD:…` (32 bytes): what the agent prints on its `certificate` line. */
export const AgentFingerprintSchema = z
  .string()
  .trim()
  .transform((raw) => raw.replace(/[\s:]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{64}$/))
  .transform((hex) => hex.match(/../g)!.join(':'))

/**
 * The address's origin (`http://127.0.0.1:8731`, `https://agent.example:8731`), or the problem
 * with it: plain HTTP on this machine only, TLS to any host (its certificate pinned at pairing).
 */
export function agentOrigin(raw: string): { origin: string } | { problem: AgentAddressProblem } {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { problem: 'unreadable' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'not-http' }
  if (url.protocol === 'http:' && !(AGENT_LOOPBACK_HOSTS as readonly string[]).includes(url.hostname.toLowerCase()))
    return { problem: 'not-loopback' }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return { problem: 'has-path' }
  return { origin: url.origin }
}

/**
 * The bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069)
 * and the marks (U+200E, U+200F, U+061C). Left in a name shown inside a sentence, they would reorder it.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu

/**
 * A name a person gives at pairing (the device's, the person's own), as the agent keeps it: one
 * line, no control characters, no bidirectional controls (taken out where the name is accepted;
 * pages still show it isolated).
 */
const AgentNameSchema = z
  .string()
  .max(400)
  .transform((name) => name.replace(BIDI_CONTROLS, ''))
  .pipe(
    z
      .string()
      .trim()
      .min(1)
      .max(80)
      .refine((name) => !/[\p{Cc}\u2028\u2029]/u.test(name), 'must be one line'),
  )

/** A device's name ("Front desk"). */
export const AgentDeviceNameSchema = AgentNameSchema
/** The name of the person who paired a device ("Ana"): shown beside the device's on what it plans or changes. */
export const AgentPersonNameSchema = AgentNameSchema

export interface AgentStatus {
  paired: boolean
  /** The agent's address (its origin). */
  url: string | null
  deviceName: string | null
  /** The person's name given at pairing; null when none was given. */
  personName: string | null
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
  /**
   * When the agent last refused this device's token (its pairing revoked there): a state of its
   * own, neither answered nor away, whose way forward is pairing again. Null while the token is taken.
   */
  refusedAt: string | null
  /** The SHA-256 of the agent's certificate, pinned at pairing (`https://` only): every call checks it. */
  fingerprint: string | null
  /** Whether the device token can be sealed by the OS keyring (else weak or session, as the user chooses). */
  keyring: KeyringStatus
}

/** The certificate an agent presents, read before pairing so the user can compare it with the agent's `certificate` line. */
export interface AgentCertificate {
  url: string
  fingerprint: string
  subject: string
  validTo: string
}

export { AGENT_ACTIONS, type AgentAction } from '../domain/agent-action'

/** One line of the agent's activity log: which device did what, when, to which account's item (or which device). */
export interface AgentActivityEntry {
  id: string
  at: string
  deviceId: string
  /** The device's name when it acted (kept after it is revoked); a long run of digits is masked. */
  deviceName: string
  /** The name of the person who paired it, masked the same way; null when none was given. */
  personName: string | null
  action: AgentAction
  accountId: string | null
  /** The outbox item acted on, or the device revoked. */
  subject: string | null
}

/** A page of the log, newest first; `before` the id of the last line for the next page. */
export const AgentActivityQuerySchema = z.strictObject({
  accountId: z.string().min(1).max(100).optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.number().int().min(1).max(500).default(100),
})
export type AgentActivityQuery = z.input<typeof AgentActivityQuerySchema>

export interface AgentActivityPage {
  entries: AgentActivityEntry[]
  more: boolean
}

/** Who planned an outbox item and who last changed it, as the activity log says. */
export interface AgentItemAuthors {
  planned: { deviceId: string; deviceName: string; personName: string | null; at: string } | null
  changed: { deviceId: string; deviceName: string; personName: string | null; at: string; action: AgentAction } | null
}

export const AgentItemAuthorsQuerySchema = z.strictObject({
  accountId: z.string().min(1).max(100),
  itemIds: z.array(z.string().min(1).max(200)).max(500),
})

/** A device paired with the agent, as any paired desktop sees it: never a token. */
export interface AgentDevice {
  id: string
  name: string
  /** The name of the person who paired it; null when none was given. */
  personName: string | null
  pairedAt: string
  lastSeenAt: string | null
  /** The caller's own device. */
  self: boolean
  /** What it last did, from the activity log. */
  lastAction: { action: AgentAction; at: string; accountId: string | null } | null
}

const AgentUrlSchema = z.string().trim().min(1).max(200)

/** Where one of this desktop's accounts runs: here, or on the paired agent since a hand-over. */
export interface HostedAccountView {
  accountId: string
  label: string
  where: 'here' | 'agent'
  /** When the agent took it over. */
  since: string | null
  /** A hand-over begun and not finished (it finishes when the agent answers). */
  pending: 'to-agent' | 'back' | null
  /** Whether it can move at all (a demo account's server lives in this desktop; a followed one has no token here). */
  canMove: boolean
  /** Followed on the agent without its token here: it can be shown and planned for, never run here. */
  followed: boolean
  /** What its last hand-over could not move of the saved audiences, and where they stay; absent when all moved. */
  audiencesLeft?: UserText
}

/** An account on the agent this computer does not show: a teammate handed it over. */
export interface AgentAccountOffer {
  agentAccountId: string
  label: string
}

export const agentChannels = {
  /** Where each account runs. */
  'agent:accounts': channel<HostedAccountView[]>()(z.void()),
  /** "Run on the agent": the account's stories not yet gone move to the agent, exactly once. */
  'agent:hand-over': channel<HostedAccountView[]>()(AccountScopeSchema),
  /**
   * "Bring back to this computer": they move back the same way. Stories other devices planned
   * there are refused (`errors.handover.teamStories`, naming them) unless `othersToo`.
   */
  'agent:bring-back': channel<HostedAccountView[]>()(AccountScopeSchema.extend({ othersToo: z.boolean().optional() })),
  /** The agent's accounts this computer does not show (a teammate's), to follow here. */
  'agent:others': channel<AgentAccountOffer[]>()(z.void()),
  /** Shows an account of the agent here without its token: its outbox, plans, history and insights are the agent's. */
  'agent:follow': channel<HostedAccountView[]>()(z.strictObject({ agentAccountId: z.string().min(1).max(64) })),
  'agent:status': channel<AgentStatus>()(z.void()),
  /** Reads the certificate of the agent at `url` (`https://`), not yet trusted: the user compares its fingerprint. */
  'agent:certificate': channel<AgentCertificate>()(z.object({ url: AgentUrlSchema })),
  /** Pairs this desktop with the agent at `url` (this machine over HTTP, any host over TLS) with the code it printed. */
  'agent:pair': channel<AgentStatus>()(
    z.object({
      url: AgentUrlSchema,
      /** Over `https://`, the fingerprint the user accepted: the pairing itself is refused by any other certificate. */
      fingerprint: AgentFingerprintSchema.optional(),
      code: z.string().trim().min(1).max(32),
      deviceName: AgentDeviceNameSchema,
      /** Who pairs ("Ana"): the page asks for it; an older caller may leave it out. */
      personName: AgentPersonNameSchema.optional(),
      /** Required when no keyring is available: weak or session storage of the device token. */
      storage: TokenStorageSchema.optional(),
    }),
  ),
  /** The devices paired with the agent, with what each last did. */
  'agent:devices': channel<AgentDevice[]>()(z.void()),
  /** Revokes a device on the agent: its token is refused from its next call. */
  'agent:revoke': channel<AgentDevice[]>()(z.strictObject({ deviceId: z.string().uuid() })),
  /** A page of the agent's activity log, newest first, for one account or all. */
  'agent:activity': channel<AgentActivityPage>()(AgentActivityQuerySchema),
  /** The agent's activity log (for one account or all) written to a CSV file the user picks. */
  'agent:activity-export': channel<{ path: string | null; rows: number }>()(
    z.strictObject({ accountId: z.string().min(1).max(100).optional() }),
  ),
  /** Who planned and who last changed each of an account's outbox items, by item id. */
  'agent:item-authors': channel<Record<string, AgentItemAuthors>>()(AgentItemAuthorsQuerySchema),
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
