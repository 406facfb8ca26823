import { describe, expect, it } from 'vitest'
import { agentHealth, POLL_STALE_MS } from '../../../../src-main/agent/health'
import type { SchedulerStatus } from '../../../../src-main/features/stories/outbox/outbox-service'

const NOW = Date.parse('2026-03-01T10:00:00Z')

type StatusChange = Omit<Partial<SchedulerStatus>, 'worker'> & { worker?: Partial<NonNullable<SchedulerStatus['worker']>> | null }

function status(change: StatusChange = {}): SchedulerStatus {
  const { worker, ...rest } = change
  return {
    started: true,
    sharedLook: { running: true, lastAt: new Date(NOW - 5_000).toISOString() },
    worker: worker === null ? null : { state: 'active', lastPollAt: NOW - 1_000, lastErrorAt: null, busy: false, ...worker },
    ...rest,
  }
}

const health = (scheduler: SchedulerStatus) =>
  agentHealth({ scheduler: () => scheduler, nextDue: () => null, tokens: () => [], now: () => NOW })

describe("the agent's health answer", () => {
  it('is polling while the outboxes are open, the shared look runs and the worker asked for due jobs lately', () => {
    const answer = health(status())
    expect(answer.polling).toBe(true)
    expect(answer.scheduler.lastTick).toBe(new Date(NOW - 1_000).toISOString())
    expect(answer.scheduler.worker).toEqual({
      state: 'active',
      lastPollAt: new Date(NOW - 1_000).toISOString(),
      lastErrorAt: null,
      busy: false,
    })
  })

  it('is not polling when the worker went quiet (a database gone), stopped, or was never started', () => {
    expect(health(status({ worker: { lastPollAt: NOW - POLL_STALE_MS - 1, lastErrorAt: NOW - 500 } })).polling).toBe(false)
    expect(health(status({ worker: { state: 'stopped' } })).polling).toBe(false)
    expect(health(status({ worker: null })).polling).toBe(false)
    expect(health(status({ started: false })).polling).toBe(false)
    expect(health(status({ sharedLook: { running: false, lastAt: null } })).polling).toBe(false)
  })

  it('counts a worker busy sending as polling, however long the send', () => {
    expect(health(status({ worker: { lastPollAt: NOW - 10 * 60_000, busy: true } })).polling).toBe(true)
  })

  it('names the next story by its instant and account only, and each token by its state and when it was checked', () => {
    const answer = agentHealth({
      scheduler: status,
      nextDue: () => ({ dueAt: '2026-03-01T11:00:00.000Z', accountId: 'acc1', summary: { caption: 'secret plans' } }) as never,
      tokens: () => [{ accountId: 'acc1', state: 'refused', checkedAt: '2026-03-01T09:59:00.000Z' }],
      now: () => NOW,
    })
    expect(answer.nextDue).toEqual({ at: '2026-03-01T11:00:00.000Z', accountId: 'acc1' })
    expect(answer.accounts).toEqual([{ accountId: 'acc1', token: 'refused', checkedAt: '2026-03-01T09:59:00.000Z' }])
    expect(JSON.stringify(answer)).not.toContain('secret plans')
  })
})
