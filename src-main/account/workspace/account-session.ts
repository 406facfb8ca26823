import type { ApiClient } from '../../platform/api'

/**
 * What the features acting for an account call on its client: every operation ApiClient
 * offers, so the stand-in for an account without its token cannot miss one a feature uses.
 */
export type AccountClient = { [K in keyof ApiClient]: ApiClient[K] }

/**
 * An account's session: the account and its client, built by the accounts service. The token
 * stays inside `client`; nothing here exposes it.
 */
export interface AccountSession<Client = AccountClient> {
  id: string
  baseUrl: string
  isDemo: boolean
  /** This account's private folder: caches, pictures, outbox, history. */
  dir: string
  client: Client
  /**
   * The token is not at hand this run (a session-only account after a restart, a keyring
   * that cannot decrypt it): the cache, history and outbox are readable, and the client
   * refuses every request until the user enters the token again.
   */
  tokenNeeded?: boolean
}
