import type { SchedulerStatus } from '../features/stories/outbox/outbox-service'
import type { AccountTokenState } from './token-watch'

/**
 * A worker that has not asked for due jobs for this long (and is not busy sending) is not
 * polling: it polls every second, so this is many missed polls, a database gone quiet.
 */
export const POLL_STALE_MS = 30_000

/** What `GET /health` answers, to anyone: whether stories will go out, and nothing about whose. */
export interface AgentHealth {
  /** The scheduler is polling: the outboxes are open, the shared look runs and the store's worker asked for due jobs lately. */
  polling: boolean
  scheduler: {
    started: boolean
    sharedLook: { running: boolean; lastAt: string | null } | null
    worker: { state: string; lastPollAt: string | null; lastErrorAt: string | null; busy: boolean } | null
    /** The last time the scheduler looked: the later of the shared look and the worker's poll. */
    lastTick: string | null
  }
  /** The next planned story of any account: its instant and account, nothing of the story. */
  nextDue: { at: string; accountId: string } | null
  /** Each account's provider token, as the last check found it. */
  accounts: { accountId: string; token: AccountTokenState['state']; checkedAt: string | null }[]
}

export interface HealthSources {
  scheduler: () => SchedulerStatus
  nextDue: () => { dueAt: string; accountId: string } | null
  tokens: () => AccountTokenState[]
  now?: () => number
}

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())

export function agentHealth(sources: HealthSources): AgentHealth {
  const now = (sources.now ?? Date.now)()
  const status = sources.scheduler()
  const worker = status.worker
  const lookAt = status.sharedLook?.lastAt ? Date.parse(status.sharedLook.lastAt) : null
  const ticks = [lookAt, worker?.lastPollAt ?? null].filter((at): at is number => at !== null)
  const workerPolling =
    worker !== null && worker.state === 'active' && (worker.busy || (worker.lastPollAt !== null && now - worker.lastPollAt < POLL_STALE_MS))
  const next = sources.nextDue()
  return {
    polling: status.started && (status.sharedLook?.running ?? true) && workerPolling,
    scheduler: {
      started: status.started,
      sharedLook: status.sharedLook,
      worker: worker && {
        state: worker.state,
        lastPollAt: iso(worker.lastPollAt),
        lastErrorAt: iso(worker.lastErrorAt),
        busy: worker.busy,
      },
      lastTick: ticks.length > 0 ? iso(Math.max(...ticks)) : null,
    },
    nextDue: next && { at: next.dueAt, accountId: next.accountId },
    accounts: sources.tokens().map((token) => ({ accountId: token.accountId, token: token.state, checkedAt: token.checkedAt })),
  }
}
