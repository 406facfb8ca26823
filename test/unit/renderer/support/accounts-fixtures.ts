import type { AccountSummary, AccountsState } from '@shared/channels/accounts'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'

export function account(overrides: Partial<AccountSummary> = {}): AccountSummary {
  return {
    id: 'a1',
    label: 'Shop',
    baseUrl: 'https://gate.whapi.cloud',
    tokenHint: '…1a2b',
    encryption: 'keyring',
    hasToken: true,
    isDemo: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

export function state(accounts: AccountSummary[], activeId: string | null = accounts[0]?.id ?? null, available = true): AccountsState {
  return { accounts, activeId, keyring: { available, backend: available ? 'gnome_libsecret' : 'basic_text' } }
}

/**
 * Puts accounts in the accounts store of the active Pinia, `activeId` on this client's screen,
 * as main's first answer would. Call it before the stores under test are made: stores that
 * show one account's data follow the one on screen, and a change after they exist moves them.
 */
export function onScreen(activeId: string | null = 'a1', ids: string[] = activeId ? [activeId] : []): void {
  useAccountsStore().state = state(
    ids.map((id) => account({ id })),
    activeId,
  )
}
