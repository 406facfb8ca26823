import type { ConnectArgsSchema, ConnectOutcome } from '@shared/channels/accounts'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { ApiTimeouts, FetchLike, RetryPolicy } from '../../platform/api'
import type { Logger } from '../../platform/log/log'
import type { AccountIdentity } from '../files/formats/account-identity'
import type { AccountList } from './account-list'
import type { StoredAccount } from './account-records'
import {
  chooseStorage,
  defaultLabel,
  fingerprintOf,
  hintOf,
  keptStorage,
  normalizeBaseUrl,
  notFound,
  offeredStorage,
} from './connect-rules'
import { testConnection } from './connect-test'
import type { TokenVault } from './token-vault'
import type { z } from 'zod'

export type ConnectInput = z.output<typeof ConnectArgsSchema>

export interface ConnectDeps {
  list: AccountList
  vault: TokenVault
  keyring: () => boolean
  orphans: () => AccountIdentity[]
  fetch: FetchLike
  log: Logger
  now: () => Date
  connect?: { retry?: Partial<RetryPolicy>; timeouts?: Partial<ApiTimeouts> }
}

/** What a connect knows of the account it renews: a listed account, or a folder's own record. */
type Previous = Pick<StoredAccount, 'id'> & Partial<Pick<StoredAccount, 'label' | 'createdAt' | 'encryption' | 'channelId'>>

/** A folder on disk (retained after a sign-out, or orphaned by a damaged accounts file) made by this very pair. */
function recoverable(deps: ConnectDeps, fingerprint: string): Previous | undefined {
  const retained = deps.list.retained.find((item) => item.fingerprint === fingerprint)
  const orphans = deps.orphans().filter((item) => !item.isDemo)
  if (retained) return orphans.find((item) => item.id === retained.id) ?? { id: retained.id }
  return orphans.find((item) => item.fingerprint === fingerprint)
}

/**
 * Tests the pair, then saves it as the active account, and says which account it became:
 *
 * - The same server and token as a listed account: that account, unchanged (label,
 *   storage, folder); only its token is at hand again. The answer says so.
 * - `accountId` names a listed account (or an orphaned folder): the token is that
 *   account's new one, unless the server shows it belongs to another channel (its own
 *   number differs from the one learnt before), which is refused so that two channels'
 *   caches never share a folder.
 * - Otherwise a new account, or the folder of one signed out (or orphaned by a damaged
 *   accounts file) with this very pair, taken back with its data.
 */
export async function connectAccount(
  input: ConnectInput,
  deps: ConnectDeps,
): Promise<{ account: StoredAccount; outcome: ConnectOutcome; token: string }> {
  const { list } = deps
  const baseUrl = normalizeBaseUrl(input.baseUrl)
  const token = input.token
  const fingerprint = fingerprintOf(baseUrl, token)
  const listed = input.accountId === undefined ? undefined : list.find(input.accountId)
  const orphan = input.accountId === undefined || listed ? undefined : deps.orphans().find((item) => item.id === input.accountId)
  if (input.accountId !== undefined && ((!listed && !orphan) || listed?.isDemo || orphan?.isDemo)) throw notFound()
  const samePair = input.accountId === undefined ? list.accounts.find((a) => !a.isDemo && a.fingerprint === fingerprint) : undefined
  const previous: Previous | undefined = listed ?? samePair ?? orphan
  const keyring = deps.keyring()
  const storage = samePair
    ? keptStorage(samePair.encryption, keyring)
    : chooseStorage(input.storage ?? offeredStorage(previous?.encryption, keyring), keyring)
  const { channelId } = await testConnection({
    baseUrl,
    token,
    fetch: deps.fetch,
    logger: deps.log,
    ...(deps.connect?.retry && { retry: deps.connect.retry }),
    ...(deps.connect?.timeouts && { timeouts: deps.connect.timeouts }),
  })
  const target = previous ?? recoverable(deps, fingerprint)
  const knownChannel = target?.channelId
  if (target && !samePair && knownChannel && channelId && knownChannel !== channelId) {
    throw new AppError(
      'conflict',
      userText('accountErrors.connect.otherChannel', { channel: channelId, label: target.label ?? target.id, knownChannel }),
      { reason: 'other-channel' },
    )
  }

  const sealed = await deps.vault.seal(token, storage)
  const id = target?.id ?? list.newId(deps.orphans().map((item) => item.id))
  const outcome: ConnectOutcome = samePair ? 'already-connected' : listed ? 'token-renewed' : target ? 'recovered' : 'added'
  const label = samePair ? samePair.label : input.label || target?.label || defaultLabel(baseUrl, token)
  const account: StoredAccount = {
    ...listed,
    ...samePair,
    id,
    label,
    baseUrl,
    tokenHint: hintOf(token),
    encryption: storage,
    isDemo: false,
    createdAt: target?.createdAt ?? deps.now().toISOString(),
    fingerprint,
  }
  const channel = channelId ?? knownChannel
  if (channel) account.channelId = channel
  if (sealed === null) delete account.sealed
  else account.sealed = sealed

  const inList = list.find(id) !== undefined
  list.commit(() => {
    list.accounts = inList ? list.accounts.map((item) => (item.id === id ? account : item)) : [...list.accounts, account]
    list.retained = list.retained.filter((item) => item.id !== id)
    list.activeId = id
  })
  return { account, outcome, token }
}
