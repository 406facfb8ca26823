import type { ErrorCode } from '@shared/errors'
import { Connectivity } from '../../../platform/net/connectivity'
import type { ConnectivityPort } from './outbox'

/**
 * The connection as one account's outbox sees it. Accounts may live on different servers, so
 * a story queued for one whose server is down must not make the app "offline" for the
 * others: each account keeps its own state, and only the active account's requests (the
 * one the status line speaks for) also report to the app's connectivity and follow it.
 */
export class AccountConnectivity implements ConnectivityPort {
  readonly #own = new Connectivity()
  readonly #app: ConnectivityPort
  readonly #isActive: () => boolean

  constructor(app: ConnectivityPort, isActive: () => boolean) {
    this.#app = app
    this.#isActive = isActive
  }

  get online(): boolean {
    return this.#isActive() ? this.#app.online : this.#own.online
  }

  reportSuccess(): void {
    this.#own.reportSuccess()
    if (this.#isActive()) this.#app.reportSuccess()
  }

  reportFailure(code: ErrorCode): void {
    this.#own.reportFailure(code)
    if (this.#isActive()) this.#app.reportFailure(code)
  }

  onChange(listener: (online: boolean) => void): () => void {
    const stopOwn = this.#own.onChange((online) => {
      if (!this.#isActive()) listener(online)
    })
    const stopApp = this.#app.onChange((online) => {
      if (this.#isActive()) listener(online)
    })
    return () => {
      stopOwn()
      stopApp()
    }
  }
}
