import type { AccountSummary, AccountsState } from '@shared/channels/accounts'

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
