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
  /** On an agent sharing its accounts: the account another engine already has for this pair, or null (shared-accounts.ts `claim`). */
  claimShared?: ((account: StoredAccount, usable: (id: string) => boolean) => Promise<StoredAccount | null>) | undefined
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
  const built: StoredAccount = {
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
  if (channel) built.channelId = channel
  if (sealed === null) delete built.sealed
  else built.sealed = sealed
  // A new account on an agent sharing its accounts: the database says whether another agent connected this pair already.
  const shared = input.accountId === undefined && !samePair ? await sharedAccountOf(deps, built) : null
  const account = shared ?? built

  const inList = list.find(account.id) !== undefined
  list.commit(() => {
    list.accounts = inList ? list.accounts.map((item) => (item.id === account.id ? account : item)) : [...list.accounts, account]
    list.retained = list.retained.filter((item) => item.id !== account.id)
    list.activeId = account.id
  })
  return { account, outcome: shared ? 'already-connected' : outcome, token }
}

/**
 * The account another agent holds for this pair, as this engine will keep it: that account's id,
 * label and age, with the token just entered sealed here. Null when there is none, or when its id
 * names something else here (another account, or a folder of another pair).
 */
async function sharedAccountOf(deps: ConnectDeps, account: StoredAccount): Promise<StoredAccount | null> {
  const { list } = deps
  const otherPair = (item: { id: string; fingerprint?: string | undefined }, id: string) =>
    item.id === id && item.fingerprint !== account.fingerprint
  const usable = (id: string) =>
    id === account.id ||
    (!list.find(id) && !list.retained.some((item) => otherPair(item, id)) && !deps.orphans().some((item) => otherPair(item, id)))
  const found = await deps.claimShared?.(account, usable)
  if (!found || found.id === account.id) return null
  const kept: StoredAccount = { ...account, id: found.id, label: found.label, createdAt: found.createdAt }
  if (found.channelId) kept.channelId = found.channelId
  return kept
}
