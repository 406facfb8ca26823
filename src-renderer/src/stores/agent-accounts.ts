import type { AgentAccountOffer, HostedAccountView } from '@shared/channels/agent'
import type { AppErrorData, Result } from '@shared/errors'
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/** Where each account runs (this computer or the paired agent), as main tells it, and the hand-overs asked for. */
export const useAgentAccountsStore = defineStore('agentAccounts', () => {
  const accounts = shallowRef<HostedAccountView[]>([])
  /** The agent's accounts this computer does not show (a teammate's), as main read them last. */
  const others = shallowRef<AgentAccountOffer[]>([])
  const othersError = ref<AppErrorData | null>(null)
  const error = ref<AppErrorData | null>(null)
  /** The account whose move the error is about: a refusal that names teammates' stories offers to take them too. */
  const errorFor = ref<string | null>(null)
  /** The account a hand-over was asked for and not answered yet. */
  const moving = ref<string | null>(null)
  let unsubscribe: (() => void) | null = null

  async function load(): Promise<void> {
    unsubscribe ??= bridge.on('agent:accounts-changed', (next) => (accounts.value = next))
    const result = await bridge.call('agent:accounts')
    if (result.ok) accounts.value = result.value
    else error.value = result.error
    await loadOthers()
  }

  async function loadOthers(): Promise<void> {
    const result = await bridge.call('agent:others')
    othersError.value = result.ok ? null : result.error
    others.value = result.ok ? result.value : []
  }

  async function move(accountId: string, call: () => Promise<Result<HostedAccountView[]>>): Promise<boolean> {
    moving.value = accountId
    error.value = null
    errorFor.value = null
    try {
      const result = await call()
      if (!result.ok) {
        error.value = result.error
        errorFor.value = accountId
        // What main has now (a hand-over left waiting for the agent shows as such).
        await load()
        return false
      }
      accounts.value = result.value
      await loadOthers()
      return true
    } finally {
      moving.value = null
    }
  }

  const handOver = (accountId: string) => move(accountId, () => bridge.call('agent:hand-over', { accountId }))
  /** With `othersToo`, after main said whose stories would come too (`errors.handover.teamStories`). */
  const bringBack = (accountId: string, othersToo = false) =>
    move(accountId, () => bridge.call('agent:bring-back', { accountId, ...(othersToo && { othersToo }) }))

  const follow = (agentAccountId: string) => move(agentAccountId, () => bridge.call('agent:follow', { agentAccountId }))

  return { accounts, others, othersError, error, errorFor, moving, load, handOver, bringBack, follow }
})
