import type { HostedAccountView } from '@shared/channels/agent'
import type { AppErrorData, Result } from '@shared/errors'
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/** Where each account runs (this computer or the paired agent), as main tells it, and the hand-overs asked for. */
export const useAgentAccountsStore = defineStore('agentAccounts', () => {
  const accounts = shallowRef<HostedAccountView[]>([])
  const error = ref<AppErrorData | null>(null)
  /** The account a hand-over was asked for and not answered yet. */
  const moving = ref<string | null>(null)
  let unsubscribe: (() => void) | null = null

  async function load(): Promise<void> {
    unsubscribe ??= bridge.on('agent:accounts-changed', (next) => (accounts.value = next))
    const result = await bridge.call('agent:accounts')
    if (result.ok) accounts.value = result.value
    else error.value = result.error
  }

  async function move(accountId: string, call: () => Promise<Result<HostedAccountView[]>>): Promise<boolean> {
    moving.value = accountId
    error.value = null
    try {
      const result = await call()
      if (!result.ok) {
        error.value = result.error
        // What main has now (a hand-over left waiting for the agent shows as such).
        await load()
        return false
      }
      accounts.value = result.value
      return true
    } finally {
      moving.value = null
    }
  }

  const handOver = (accountId: string) => move(accountId, () => bridge.call('agent:hand-over', { accountId }))
  const bringBack = (accountId: string) => move(accountId, () => bridge.call('agent:bring-back', { accountId }))

  return { accounts, error, moving, load, handOver, bringBack }
})
