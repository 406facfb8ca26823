import type { ProbeResult } from '@shared/channels/connectivity'
import type { FetchLike } from '../../platform/api'
import type { Connectivity } from '../../platform/net/connectivity'

export interface ConnectivityProbeOptions {
  connectivity: Connectivity
  fetch: FetchLike
  /** The active account's server, or null when there is none to ask. */
  baseUrl: () => string | null
  /** How long the server has to start answering before it counts as unreachable. */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 5_000

/**
 * Asks the active account's server whether it is there, so the status line need not claim
 * "Online" until a real request fails. One HEAD of the server's base address, without the
 * token: the question is only whether anything answers, so any status (404 and 401
 * included) means online, and only a failure to connect or a timeout means offline. It is
 * not an API call, so it spends none of the account's quota and trips no fault meant for
 * one. Never retried, redirects not followed, no body: one small exchange, whatever the
 * server sends. Probes asked for while one runs share its answer.
 */
export class ConnectivityProbe {
  readonly #options: ConnectivityProbeOptions
  #running: Promise<ProbeResult> | null = null

  constructor(options: ConnectivityProbeOptions) {
    this.#options = options
  }

  probe(): Promise<ProbeResult> {
    this.#running ??= this.#probe().finally(() => (this.#running = null))
    return this.#running
  }

  async #probe(): Promise<ProbeResult> {
    const { connectivity, fetch, baseUrl } = this.#options
    const base = baseUrl()
    if (base === null) return { online: connectivity.online, probed: false }
    const timeout = AbortSignal.timeout(this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    try {
      const response = await fetch(`${base.replace(/\/+$/, '')}/`, { method: 'HEAD', redirect: 'manual', signal: timeout })
      await response.body?.cancel().catch(() => undefined)
      connectivity.reportSuccess()
    } catch {
      connectivity.reportFailure(timeout.aborted ? 'timeout' : 'offline')
    }
    return { online: connectivity.online, probed: true }
  }
}
