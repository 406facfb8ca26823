import type { AccountsList } from '@shared/channels/accounts'
import type { HistoryItemView, OutboxAction, SetAsideAction, SetAsideItem } from '@shared/channels/outbox'
import type { AppErrorData } from '@shared/errors'
import type { OutboxItemView } from '@shared/story/records'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'

/** What an action is running on: one item of one account's outbox, or one set-aside file. */
export interface ActingOn {
  accountId: string | null
  id: string
}

function byAccountOf(items: readonly OutboxItemView[]): Map<string, readonly OutboxItemView[]> {
  const map = new Map<string, OutboxItemView[]>()
  for (const item of items) {
    const list = map.get(item.accountId) ?? []
    list.push(item)
    map.set(item.accountId, list)
  }
  return map
}

/**
 * Every account's outbox (stories on their way or waiting for the user), the history of
 * published ones and the files set aside, each item naming its account. The outbox is kept
 * per account, because main sends one account's whole list at a time: an event for one account
 * replaces that account's items and never another's.
 */
export const useOutboxStore = defineStore('outbox', () => {
  const accounts = useAccountsStore()
  const byAccount = shallowRef<ReadonlyMap<string, readonly OutboxItemView[]>>(new Map())
  const history = shallowRef<readonly HistoryItemView[]>([])
  /** Files that could not be read and were set aside: every account's, and the app's own lists (no account). */
  const setAside = shallowRef<readonly SetAsideItem[]>([])
  /** Why the last restore or discard of a set-aside file did not happen. */
  const setAsideError = shallowRef<AppErrorData | null>(null)
  const loading = ref(false)
  const error = shallowRef<AppErrorData | null>(null)
  const acting = shallowRef<ActingOn | null>(null)
  /** The one account the lists are narrowed to, or null for every account. */
  const accountFilter = ref<string | null>(null)
  const unsubscribers: Array<() => void> = []
  /** The accounts whose lists were read last: one not among them brings its lists when it appears. */
  let seen = new Set<string>()

  /** More than one account is connected: items name their account and the lists can be narrowed to one. */
  const manyAccounts = computed(() => accounts.accounts.length > 1)
  const filter = computed(() => (manyAccounts.value ? accountFilter.value : null))
  /** Every account's items, the accounts in their own order, each account's items in its queue's order. */
  const items = computed<OutboxItemView[]>(() => {
    const order = accounts.accounts.map((account) => account.id)
    const rest = [...byAccount.value.keys()].filter((id) => !order.includes(id))
    return [...order, ...rest].flatMap((id) => byAccount.value.get(id) ?? [])
  })
  const shownItems = computed(() => (filter.value === null ? items.value : (byAccount.value.get(filter.value) ?? [])))
  const shownHistory = computed(() =>
    filter.value === null ? history.value : history.value.filter((entry) => entry.accountId === filter.value),
  )
  // The app's own lists serve every account, so they show whichever account is chosen.
  const shownSetAside = computed(() =>
    filter.value === null ? setAside.value : setAside.value.filter((item) => item.accountId === null || item.accountId === filter.value),
  )

  function isActing(accountId: string | null, id: string): boolean {
    return acting.value !== null && acting.value.accountId === accountId && acting.value.id === id
  }

  /** Whether an account's items belong on screen: until the accounts are known, every one does. */
  function listed(accountId: string): boolean {
    return accounts.state === null || accounts.accounts.some((account) => account.id === accountId)
  }

  function replaceAccount(accountId: string, list: readonly OutboxItemView[]): void {
    if (!listed(accountId)) return
    const next = new Map(byAccount.value)
    if (list.length > 0) next.set(accountId, list)
    else next.delete(accountId)
    byAccount.value = next
  }

  function replaceAll(list: readonly OutboxItemView[]): void {
    byAccount.value = byAccountOf(list)
  }

  /**
   * The accounts changed: an account no longer listed takes its items off the screen at once,
   * and a new one (connected, or its folder taken back) brings its own.
   */
  function onAccounts(state: AccountsList): void {
    const ids = new Set(state.accounts.map((account) => account.id))
    if (accountFilter.value !== null && !ids.has(accountFilter.value)) accountFilter.value = null
    const known = new Set([...byAccount.value.keys(), ...history.value.map((entry) => entry.accountId)])
    if ([...known].some((id) => !ids.has(id))) {
      byAccount.value = new Map([...byAccount.value].filter(([id]) => ids.has(id)))
      history.value = history.value.filter((entry) => ids.has(entry.accountId))
      setAside.value = setAside.value.filter((item) => item.accountId === null || ids.has(item.accountId))
    }
    if ([...ids].some((id) => !seen.has(id))) void load()
    seen = ids
  }

  function listen(): void {
    if (unsubscribers.length > 0) return
    unsubscribers.push(
      bridge.on('stories:outbox-changed', ({ accountId, items: list }) => replaceAccount(accountId, list)),
      bridge.on('stories:history-changed', () => void loadHistory()),
      // A notice often means a file was just set aside.
      bridge.on('app:notice', () => void loadSetAside()),
      bridge.on('accounts:changed', onAccounts),
    )
  }

  async function loadHistory(): Promise<void> {
    const result = await bridge.call('stories:history-list')
    if (result.ok) history.value = result.value
  }

  async function loadSetAside(): Promise<void> {
    const result = await bridge.call('stories:set-aside-list')
    if (result.ok) setAside.value = result.value
  }

  async function load(): Promise<void> {
    listen()
    seen = new Set(accounts.accounts.map((account) => account.id))
    loading.value = true
    error.value = null
    const [outbox, past] = await Promise.all([bridge.call('stories:outbox-list'), bridge.call('stories:history-list')])
    // After the lists: reading them is what sets a damaged file aside.
    await loadSetAside()
    loading.value = false
    if (outbox.ok) replaceAll(outbox.value)
    else error.value = outbox.error
    if (past.ok) history.value = past.value
    else error.value ??= past.error
  }

  /** The user's decision on an item as they saw it: `rev` lets main refuse it if the story moved on meanwhile. */
  async function act(
    item: Pick<OutboxItemView, 'accountId' | 'id'> & Partial<Pick<OutboxItemView, 'rev'>>,
    action: OutboxAction,
  ): Promise<boolean> {
    acting.value = { accountId: item.accountId, id: item.id }
    error.value = null
    try {
      const result = await bridge.call('stories:outbox-act', {
        accountId: item.accountId,
        id: item.id,
        action,
        ...(item.rev !== undefined && { rev: item.rev }),
      })
      if (!result.ok) {
        error.value = result.error
        return false
      }
      replaceAccount(item.accountId, result.value)
      return true
    } finally {
      acting.value = null
    }
  }

  /** Restores what can be read of a set-aside file, or deletes it; the lists are read again after. */
  async function actOnSetAside(item: Pick<SetAsideItem, 'accountId' | 'id'>, action: SetAsideAction): Promise<boolean> {
    acting.value = { accountId: item.accountId, id: item.id }
    setAsideError.value = null
    try {
      const result = await bridge.call('stories:set-aside-act', { accountId: item.accountId, id: item.id, action })
      if (!result.ok) {
        setAsideError.value = result.error
        return false
      }
      setAside.value = result.value
      const [outbox, past] = await Promise.all([bridge.call('stories:outbox-list'), bridge.call('stories:history-list')])
      if (outbox.ok) replaceAll(outbox.value)
      if (past.ok) history.value = past.value
      return true
    } finally {
      acting.value = null
    }
  }

  function dispose(): void {
    for (const off of unsubscribers.splice(0)) off()
  }

  return {
    byAccount,
    items,
    history,
    setAside,
    setAsideError,
    loading,
    error,
    acting,
    accountFilter,
    manyAccounts,
    filter,
    shownItems,
    shownHistory,
    shownSetAside,
    isActing,
    replaceAll,
    load,
    loadHistory,
    loadSetAside,
    act,
    actOnSetAside,
    dispose,
  }
})
