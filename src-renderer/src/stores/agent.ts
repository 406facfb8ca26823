import type { TokenStorage } from '@shared/channels/accounts'
import type { AgentCertificate, AgentStatus } from '@shared/channels/agent'
import type { AppErrorData, Result } from '@shared/errors'
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/** The agent this computer is paired with, as main tells it (never its token). */
export const useAgentStore = defineStore('agent', () => {
  const status = shallowRef<AgentStatus | null>(null)
  const error = ref<AppErrorData | null>(null)
  const busy = ref<'pair' | 'check' | 'forget' | 'certificate' | null>(null)
  /** The certificate an https agent presented, read before pairing for the user to compare. */
  const certificate = shallowRef<AgentCertificate | null>(null)
  let unsubscribe: (() => void) | null = null

  async function run(kind: NonNullable<typeof busy.value>, call: () => Promise<Result<AgentStatus>>): Promise<boolean> {
    busy.value = kind
    error.value = null
    try {
      const result = await call()
      if (!result.ok) {
        error.value = result.error
        return false
      }
      status.value = result.value
      return true
    } finally {
      busy.value = null
    }
  }

  async function load(): Promise<void> {
    unsubscribe ??= bridge.on('agent:changed', (next) => (status.value = next))
    const result = await bridge.call('agent:status')
    if (!result.ok) {
      error.value = result.error
      return
    }
    status.value = result.value
    // Not asked yet this run: asked now, so the page says whether it answers rather than "not asked".
    const { paired, hasToken, reachable } = result.value
    if (paired && hasToken && reachable === null) await check()
  }

  async function readCertificate(url: string): Promise<void> {
    busy.value = 'certificate'
    error.value = null
    certificate.value = null
    try {
      const result = await bridge.call('agent:certificate', { url })
      if (result.ok) certificate.value = result.value
      else error.value = result.error
    } finally {
      busy.value = null
    }
  }

  function pair(request: {
    url: string
    code: string
    deviceName: string
    personName?: string
    fingerprint?: string
    storage?: TokenStorage
  }): Promise<boolean> {
    return run('pair', () => bridge.call('agent:pair', request))
  }

  function check(): Promise<boolean> {
    return run('check', () => bridge.call('agent:check'))
  }

  function forget(): Promise<boolean> {
    return run('forget', () => bridge.call('agent:unpair'))
  }

  return { status, error, busy, certificate, load, readCertificate, pair, check, forget }
})
