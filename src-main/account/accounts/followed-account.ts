import { createHash } from 'node:crypto'
import type { AccountIdentity } from '../files/formats/account-identity'
import type { AccountList } from './account-list'
import type { StoredAccount } from './account-records'

/** What this computer knows of an account it follows on the agent: its name there, its server, and where it is there. */
export interface FollowedInput {
  label: string
  baseUrl: string
  agentUrl: string
  agentAccountId: string
}

/** The same account on the same agent, followed again, is found by this (there is no token to fingerprint). */
export function followedFingerprint(input: Pick<FollowedInput, 'agentUrl' | 'agentAccountId'>): string {
  return `agent:${createHash('sha256').update(`${input.agentUrl}\n${input.agentAccountId}`).digest('hex').slice(0, 40)}`
}

/**
 * Adds (or finds) an account this computer follows on the agent without its token: the agent
 * holds the token and sends its stories; this computer shows them, plans and edits them there.
 * It is kept like a session-only account whose token was never entered here.
 */
export function addFollowedAccount(list: AccountList, input: FollowedInput, orphans: readonly AccountIdentity[], now: Date): StoredAccount {
  const fingerprint = followedFingerprint(input)
  const known = list.accounts.find((account) => account.fingerprint === fingerprint)
  if (known) return known
  const account: StoredAccount = {
    id: list.newId(orphans.map((item) => item.id)),
    label: input.label,
    baseUrl: input.baseUrl,
    tokenHint: '',
    encryption: 'session',
    isDemo: false,
    createdAt: now.toISOString(),
    fingerprint,
    followed: true,
  }
  list.commit(() => {
    list.accounts = [...list.accounts, account]
  })
  return account
}
