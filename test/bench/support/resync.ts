import type { SyncResult, SyncState } from '@shared/channels/groups'
import type { Page } from '@playwright/test'
import type { WebApp } from '../../e2e/support/web-app'
import { benchedAccount, invoke } from './groups-ui-page'

const INDICATOR = '[data-testid="status-syncing"]'

export const syncing = async (app: WebApp): Promise<boolean> =>
  (await invoke<SyncState>(app, 'groups:state', { accountId: await benchedAccount(app) })).syncing

/**
 * Keeps a re-sync of the account running while the benchmark types: `ensure()` starts one
 * (as the status line's "Sync now" does, over `groups:sync`) whenever none is, and returns
 * once main says it runs and the page shows it. `groups:sync` answers only when its sync
 * ends, so its answers are gathered and awaited by `settle()`.
 */
export class Resyncs {
  started = 0
  /** How long each sync started here took, by main's count, in the order they ended. */
  readonly durationsMs: number[] = []
  readonly #answers: Promise<unknown>[] = []

  constructor(
    readonly app: WebApp,
    readonly page: Page,
  ) {}

  async ensure(): Promise<void> {
    const running = async () => (await syncing(this.app)) && (await this.page.locator(INDICATOR).count()) > 0
    // A sync that ends before the page showed it is simply followed by another.
    for (let attempt = 0; attempt < 10; attempt++) {
      if (await running()) return
      if (!(await syncing(this.app))) {
        this.started++
        const answer = benchedAccount(this.app).then((accountId) => invoke<SyncResult>(this.app, 'groups:sync', { accountId }))
        this.#answers.push(answer.then((result) => this.durationsMs.push(result.durationMs)))
      }
      if (await waitFor(running, 15_000)) return
    }
    throw new Error('could not get a re-sync running')
  }

  /** Waits for the syncs started here to end; any that failed fails the run. */
  async settle(): Promise<void> {
    await Promise.all(this.#answers.splice(0))
  }
}

/** Waits until main has no sync running (the first sync's last steps, the scheduler's). */
export async function waitIdle(app: WebApp): Promise<void> {
  if (!(await waitFor(async () => !(await syncing(app)), 600_000))) throw new Error('the sync did not end')
}

async function waitFor(test: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs
  while (!(await test())) {
    if (performance.now() > until) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}
