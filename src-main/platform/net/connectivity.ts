import type { ErrorCode } from '@shared/errors'

/** Failures that mean "no network", as opposed to the server answering badly. */
const OFFLINE_CODES: ReadonlySet<ErrorCode> = new Set(['offline', 'timeout'])

/**
 * Online or offline, learnt from real requests: a request that reaches the server means
 * online, one that fails for want of a network means offline. Sync and the outbox report
 * here; both, and the status line, listen for changes.
 */
export class Connectivity {
  private state = true
  private readonly listeners = new Set<(online: boolean) => void>()

  get online(): boolean {
    return this.state
  }

  reportSuccess(): void {
    this.set(true)
  }

  reportFailure(code: ErrorCode): void {
    if (OFFLINE_CODES.has(code)) this.set(false)
    else this.set(true)
  }

  onChange(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private set(online: boolean): void {
    if (online === this.state) return
    this.state = online
    for (const listener of this.listeners) listener(online)
  }
}
