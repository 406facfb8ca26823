import type { AccountSummary, AccountsState, ConnectArgs, ConnectedAccount } from '@shared/channels/accounts'
import type { AppErrorData, Result } from '@shared/errors'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/**
 * The accounts the app knows and which one is active. Tokens never reach this store: main
 * sends each account as an AccountSummary (label, base URL, '…' + last four characters).
 */
export const useAccountsStore = defineStore('accounts', () => {
  const state = shallowRef<AccountsState | null>(null)
  /** The last failure of any action, with main's code and plain-words message. */
  const error = ref<AppErrorData | null>(null)
  /** True while an action is running (connect can take a few seconds). */
  const busy = ref(false)
  const loaded = ref(false)

  const accounts = computed<AccountSummary[]>(() => state.value?.accounts ?? [])
  const active = computed<AccountSummary | null>(() => {
    const current = state.value
    if (!current || current.activeId === null) return null
    return current.accounts.find((account) => account.id === current.activeId) ?? null
  })
  const keyring = computed(() => state.value?.keyring ?? null)

  let unsubscribe: (() => void) | null = null

  function listen(): void {
    unsubscribe ??= bridge.on('accounts:changed', (next) => {
      state.value = next
    })
  }

  async function run<T>(action: () => Promise<Result<T>>, apply?: (value: T) => void): Promise<T | null> {
    busy.value = true
    error.value = null
    try {
      const result = await action()
      if (!result.ok) {
        error.value = result.error
        return null
      }
      apply?.(result.value)
      return result.value
    } finally {
      busy.value = false
    }
  }

  /** Reads the accounts and follows their changes from then on. */
  async function load(): Promise<AccountsState | null> {
    listen()
    const value = await run(
      () => bridge.call('accounts:list'),
      (next) => (state.value = next),
    )
    loaded.value = true
    return value
  }

  /** Tests the pair and saves it; resolves to the account and what the connect did, or null with `error` set. */
  async function connect(args: ConnectArgs): Promise<ConnectedAccount | null> {
    const account = await run(() => bridge.call('accounts:connect', args))
    if (account) await refresh()
    return account
  }

  async function startDemo(): Promise<AccountSummary | null> {
    const account = await run(() => bridge.call('accounts:demo'))
    if (account) await refresh()
    return account
  }

  async function switchTo(id: string): Promise<boolean> {
    const value = await run(
      () => bridge.call('accounts:switch', { id }),
      (next) => (state.value = next),
    )
    return value !== null
  }

  async function rename(id: string, label: string): Promise<AccountSummary | null> {
    const account = await run(() => bridge.call('accounts:rename', { id, label }))
    if (account) await refresh()
    return account
  }

  /** Signs out; with `removeData` the account's cached groups, pictures and history go too. */
  async function signOut(id: string, removeData: boolean): Promise<boolean> {
    const value = await run(
      () => bridge.call('accounts:sign-out', { id, removeData }),
      (next) => (state.value = next),
    )
    return value !== null
  }

  function clearError(): void {
    error.value = null
  }

  // The changed event usually arrives first; reading again keeps the store right if it did not.
  async function refresh(): Promise<void> {
    const result = await bridge.call('accounts:list')
    if (result.ok) state.value = result.value
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return {
    state,
    accounts,
    active,
    keyring,
    error,
    busy,
    loaded,
    load,
    connect,
    startDemo,
    switchTo,
    rename,
    signOut,
    clearError,
    dispose,
  }
})
