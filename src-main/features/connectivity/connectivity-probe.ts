import type { ProbeResult } from '@shared/channels/connectivity'
import type { WorkspaceSource } from '../../account/workspace/workspaces'
import type { FetchLike } from '../../platform/api'

export interface ConnectivityProbeOptions {
  workspaces: WorkspaceSource
  fetch: FetchLike
  /** The account's server, or undefined when the account is not listed. */
  baseUrl: (accountId: string) => string | undefined
  /** How long the server has to start answering before it counts as unreachable. */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 5_000

/**
 * Asks an account's server whether it is there, so the status line need not claim
 * "Online" until a real request fails. One HEAD of the server's base address, without the
 * token: the question is only whether anything answers, so any status (404 and 401
 * included) means online, and only a failure to connect or a timeout means offline. It is
 * not an API call, so it spends none of the account's quota and trips no fault meant for
 * one. Never retried, redirects not followed, no body: one small exchange, whatever the
 * server sends. Probes asked for while one runs share its answer.
 */
export class ConnectivityProbe {
  readonly #options: ConnectivityProbeOptions
  readonly #running = new Map<string, Promise<ProbeResult>>()

  constructor(options: ConnectivityProbeOptions) {
    this.#options = options
  }

  probe(accountId: string): Promise<ProbeResult> {
    let running = this.#running.get(accountId)
    if (!running) {
      running = this.#probe(accountId).finally(() => this.#running.delete(accountId))
      this.#running.set(accountId, running)
    }
    return running
  }

  async #probe(accountId: string): Promise<ProbeResult> {
    const { fetch, baseUrl } = this.#options
    const connectivity = this.#options.workspaces.get(accountId)?.connectivity
    const base = baseUrl(accountId)
    if (!connectivity || base === undefined) return { online: connectivity?.online ?? true, probed: false }
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
