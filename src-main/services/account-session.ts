/**
 * What the account service hands to the services that act for the active account (sync,
 * stories, outbox). The token stays inside `client`; nothing here exposes it.
 */
export interface AccountSession<Client = unknown> {
  id: string
  baseUrl: string
  isDemo: boolean
  /** This account's private folder: caches, pictures, outbox, history. */
  dir: string
  client: Client
}

export interface ActiveAccountSource<Client = unknown> {
  active(): AccountSession<Client> | null
  /** Called with the new session (or null) whenever the active account changes. */
  onActiveChange(listener: (session: AccountSession<Client> | null) => void): () => void
}
