import type { AccountSummary, AccountsList, AccountsState, ConnectArgs, ConnectedAccount } from '@shared/channels/accounts'
import type { AppErrorData, Result } from '@shared/errors'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/**
 * The accounts the app knows and which one is on this client's screen (each window or web page
 * has its own; main remembers it per client). Tokens never reach this store: main sends each
 * account as an AccountSummary (label, base URL, '…' + last four characters).
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
  /** The id of the account on this client's screen: what every account-scoped call names. */
  const activeId = computed<string | null>(() => active.value?.id ?? null)
  const keyring = computed(() => state.value?.keyring ?? null)

  let unsubscribe: (() => void) | null = null
  /** Counts the answers that set which account is on screen: only the newest request's may. */
  let asked = 0

  function listen(): void {
    unsubscribe ??= bridge.on('accounts:changed', onChanged)
  }

  /**
   * The list changed (here or in another client). Which account this client shows is its own
   * and stays; when it left the list, or accounts came to a client that had none, main says
   * which one this client is on now.
   */
  function onChanged(next: AccountsList): void {
    const current = state.value
    // Before main's first answer there is nothing of this client's to keep: that answer brings the list too.
    if (!current) return
    const keep = current.activeId
    const kept = keep !== null && next.accounts.some((account) => account.id === keep)
    if (kept || next.accounts.length === 0) state.value = { ...next, activeId: kept ? keep : null }
    else void refresh({ ...next, activeId: null })
  }

  /** Takes main's answer to a call made as request `ticket`, unless a newer request was made since. */
  function take(ticket: number, next: AccountsState): void {
    if (ticket === asked) state.value = next
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
    const ticket = ++asked
    const value = await run(
      () => bridge.call('accounts:list'),
      (next) => take(ticket, next),
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
    const ticket = ++asked
    const value = await run(
      () => bridge.call('accounts:switch', { id }),
      (next) => take(ticket, next),
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
    const ticket = ++asked
    const value = await run(
      () => bridge.call('accounts:sign-out', { id, removeData }),
      (next) => take(ticket, next),
    )
    return value !== null
  }

  function clearError(): void {
    error.value = null
  }

  // The changed event usually arrives first; reading again keeps the store right if it did not.
  // `otherwise` is what to show when main cannot be asked.
  async function refresh(otherwise?: AccountsState): Promise<void> {
    const ticket = ++asked
    const result = await bridge.call('accounts:list')
    if (result.ok) take(ticket, result.value)
    else if (otherwise) take(ticket, otherwise)
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return {
    state,
    accounts,
    active,
    activeId,
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
