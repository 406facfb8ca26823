import type { OrphanAccount, TokenStorage } from '@shared/channels/accounts'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { createHash } from 'node:crypto'
import type { AccountIdentity } from '../files/formats/account-identity'

export const DEMO_FINGERPRINT = 'demo'
export const DEMO_LABEL = 'Demo account'

export function hintOf(token: string): string {
  return `…${token.slice(-4)}`
}

/** The base URL as the client uses it: origin and path, no trailing slash. */
export function normalizeBaseUrl(raw: string): string {
  const url = new URL(raw)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** A one-way fingerprint of the pair: the same server and token again are recognised, never recovered. */
export function fingerprintOf(baseUrl: string, token: string): string {
  return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex').slice(0, 32)
}

export function defaultLabel(baseUrl: string, token: string): string {
  return `${new URL(baseUrl).host} (${hintOf(token)})`
}

export function orphanSummary(identity: AccountIdentity): OrphanAccount {
  return {
    id: identity.id,
    label: identity.label ?? null,
    baseUrl: identity.baseUrl ?? null,
    tokenHint: identity.tokenHint ?? null,
    createdAt: identity.createdAt ?? null,
  }
}

export function notFound(): AppError {
  return new AppError('not-found', userText('accountErrors.list.notFound'))
}

/** The account's storage when this system still offers it (a keyring may have come or gone). */
export function offeredStorage(storage: TokenStorage | undefined, keyring: boolean): TokenStorage | undefined {
  if (storage === undefined) return undefined
  if (storage === 'keyring') return keyring ? storage : undefined
  if (storage === 'weak') return keyring ? undefined : storage
  return storage
}

/** A reconnect of the same pair keeps how its token is kept, as far as this system allows. */
export function keptStorage(storage: TokenStorage, keyring: boolean): TokenStorage {
  return offeredStorage(storage, keyring) ?? (keyring ? 'keyring' : 'session')
}

/** How a new token is kept: the keyring when there is one, or what the user chose when there is none. */
export function chooseStorage(requested: TokenStorage | undefined, keyring: boolean): TokenStorage {
  if (keyring) {
    if (requested === 'weak') {
      throw new AppError('invalid-argument', userText('accountErrors.storage.keyringAvailable'))
    }
    return requested ?? 'keyring'
  }
  if (requested === 'weak' || requested === 'session') return requested
  throw new AppError('invalid-argument', userText('accountErrors.storage.choiceNeeded'), { reason: 'storage-choice-needed' })
}
