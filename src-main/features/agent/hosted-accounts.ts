import type { HostedAccount, HostedAccountsFile } from '../../account/files/formats/hosted-accounts'
import type { JsonStore } from '../../account/files/json-store'

export type { HostedAccount }

/**
 * Which of this desktop's accounts run on the paired agent (`agent-accounts.json`). Written only
 * once the agent confirmed a hand-over, and removed only once it confirmed the way back, so an
 * account is owned by exactly one side at every moment the file is read.
 */
export class HostedAccounts {
  readonly #file: JsonStore<HostedAccountsFile>
  readonly #listeners = new Set<(accounts: readonly HostedAccount[]) => void>()

  constructor(file: JsonStore<HostedAccountsFile>) {
    this.#file = file
  }

  async list(): Promise<readonly HostedAccount[]> {
    return (await this.#file.read())?.accounts ?? []
  }

  /** Which accounts run on the agent, by their ids here: one read of the file for a question about many accounts. */
  async ids(): Promise<ReadonlySet<string>> {
    return new Set((await this.list()).map((entry) => entry.accountId))
  }

  /** The account's place on the agent, or null when it runs on this desktop. */
  async get(accountId: string): Promise<HostedAccount | null> {
    return (await this.list()).find((entry) => entry.accountId === accountId) ?? null
  }

  /** Records an account the agent confirmed it holds (again under the same hand-over: no change). */
  async add(entry: HostedAccount): Promise<void> {
    const next = await this.#file.update((current) => {
      const accounts = current?.accounts ?? []
      const others = accounts.filter((item) => item.accountId !== entry.accountId)
      return { version: 1, accounts: [...others, entry] }
    })
    this.#tell(next?.accounts ?? [])
  }

  /** Forgets an account the agent gave back (or that was deleted here). */
  async remove(accountId: string): Promise<void> {
    const next = await this.#file.update((current) => {
      if (!current?.accounts.some((item) => item.accountId === accountId)) return undefined
      return { version: 1, accounts: current.accounts.filter((item) => item.accountId !== accountId) }
    })
    this.#tell(next?.accounts ?? [])
  }

  /** Told after every change, with the whole list. */
  onChange(listener: (accounts: readonly HostedAccount[]) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #tell(accounts: readonly HostedAccount[]): void {
    for (const listener of this.#listeners) listener(accounts)
  }
}
