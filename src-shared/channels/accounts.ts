import { z } from 'zod'
import { isSecureBaseUrl } from '../base-url'
import { channel, event } from '../define'

export const DEFAULT_BASE_URL = 'https://gate.whapi.cloud'

/**
 * How an account's token is kept: encrypted by the OS keyring (safeStorage), stored with
 * weak protection (no real keyring; the file is readable by its owner only), or kept in
 * memory for this session only.
 */
export const TOKEN_STORAGE = ['keyring', 'weak', 'session'] as const
export const TokenStorageSchema = z.enum(TOKEN_STORAGE)
export type TokenStorage = z.infer<typeof TokenStorageSchema>

/** What the renderer may know of an account: never the token, only its last four characters. */
export interface AccountSummary {
  id: string
  label: string
  baseUrl: string
  /** '…' followed by the token's last four characters. */
  tokenHint: string
  encryption: TokenStorage
  /**
   * False when the token is not available in this run: a session-only account after a
   * restart, or a keyring that can no longer decrypt it. The user enters the token again.
   */
  hasToken: boolean
  isDemo: boolean
  createdAt: string
  /** Followed on the agent without its token on this computer: the agent runs it, and no token is asked for here. */
  followed?: boolean
}

export interface KeyringStatus {
  /** True when safeStorage can encrypt with a real OS keyring. */
  available: boolean
  /** safeStorage's backend on Linux (gnome_libsecret, kwallet, basic_text...), or the platform's. */
  backend: string
}

/**
 * An account folder on disk that no account in the list owns: what a damaged accounts file
 * (or an older sign-out) left behind. Connecting its server and token again takes it back,
 * cached groups, history, drafts and queued stories included.
 */
export interface OrphanAccount {
  id: string
  /** From the folder's own record; null when the folder does not say. */
  label: string | null
  baseUrl: string | null
  tokenHint: string | null
  createdAt: string | null
}

export interface AccountsState {
  accounts: AccountSummary[]
  /** The account on the asking client's screen (each window or page has its own), or null. */
  activeId: string | null
  keyring: KeyringStatus
  /** Account folders found on disk that no listed account owns. */
  orphans?: OrphanAccount[]
}

/**
 * What a connect did:
 * - `added`: a new account;
 * - `already-connected`: this server and token are an account already (nothing renamed or moved);
 * - `token-renewed`: an existing account got its token again, or a new token of the same channel;
 * - `recovered`: an account folder left on disk was taken back (its cache, history and outbox with it).
 */
export const CONNECT_OUTCOMES = ['added', 'already-connected', 'token-renewed', 'recovered'] as const
export type ConnectOutcome = (typeof CONNECT_OUTCOMES)[number]

export interface ConnectedAccount extends AccountSummary {
  outcome: ConnectOutcome
}

const baseUrl = z.string().trim().url().refine(isSecureBaseUrl, 'must be an https:// address (plain http:// only to this computer)')

export const ConnectArgsSchema = z.object({
  baseUrl: baseUrl.default(DEFAULT_BASE_URL),
  token: z.string().trim().min(8, 'the token looks too short').max(4096),
  label: z.string().trim().max(80).optional(),
  /** Required when no real keyring is available: the user's choice of weak or session storage. */
  storage: TokenStorageSchema.optional(),
  /**
   * Set to give an existing account its token again (after a restart of a session-only
   * account, or a rotated token), or to take back an orphaned account folder.
   */
  accountId: z.string().min(1).max(100).optional(),
})
export type ConnectArgs = z.input<typeof ConnectArgsSchema>

/**
 * Why a connect test failed, in the terms the connect screen explains: the token or channel
 * (401), no network, the server failing, a server that does not speak this interface, or a
 * token that belongs to another channel than the account it was entered for.
 * Sent as `details.reason` of the error.
 */
export const CONNECT_FAILURES = ['unauthorized', 'offline', 'server', 'not-api', 'other-channel', 'other'] as const
export type ConnectFailure = (typeof CONNECT_FAILURES)[number]

export const accountsChannels = {
  'accounts:list': channel<AccountsState>()(z.void()),
  /** Tests the pair with GET /groups?count=1 and saves it only if it works. */
  'accounts:connect': channel<ConnectedAccount>()(ConnectArgsSchema),
  'accounts:rename': channel<AccountSummary>()(z.object({ id: z.string().min(1), label: z.string().trim().min(1).max(80) })),
  /** Puts the account on the asking client's screen; other clients keep theirs. */
  'accounts:switch': channel<AccountsState>()(z.object({ id: z.string().min(1) })),
  /** Removes the token; `removeData` also deletes that account's caches, outbox and history. */
  'accounts:sign-out': channel<AccountsState>()(z.object({ id: z.string().min(1), removeData: z.boolean() })),
  /** Starts the built-in emulator on 127.0.0.1 and connects to it. */
  'accounts:demo': channel<AccountSummary>()(z.void()),
}

/** The accounts as every client sees them; which one is on a client's screen is that client's (`accounts:list`). */
export type AccountsList = Omit<AccountsState, 'activeId'>

export const accountsEvents = {
  'accounts:changed': event<AccountsList>(),
}
