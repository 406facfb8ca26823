import { describe, expect, it } from 'vitest'
import type { OutboxItem } from '../../../../../../src-main/account/files/formats/outbox-item'
import type { OutboxCore } from '../../../../../../src-main/features/stories/outbox/outbox-core'
import { OutboxDrain } from '../../../../../../src-main/features/stories/outbox/outbox-drain'
import type { OutboxSchedule } from '../../../../../../src-main/features/stories/outbox/outbox-schedule'
import type { OutboxSender } from '../../../../../../src-main/features/stories/outbox/outbox-sender'

const NOW = Date.parse('2026-03-01T09:00:00Z')

function queued(id: string, fields: Partial<OutboxItem> = {}): OutboxItem {
  return { id, state: 'queued', nextAttemptAt: null, claim: null, ...fields } as OutboxItem
}

/**
 * A drain over an account whose store hands out nothing (another send holds the account's turn)
 * or fails outright, with timers that remember each delay asked for.
 */
function drainOver(items: OutboxItem[], claimNext: () => Promise<OutboxItem | null>) {
  const delays: number[] = []
  let claims = 0
  const core = {
    closed: false,
    items: () => items,
    claimNext: () => {
      claims++
      return claimNext()
    },
    log: { error: () => {} },
    opts: { retry: { firstMs: 10_000, maxMs: 300_000 } },
    timers: {
      now: () => NOW,
      setTimeout: (_callback: () => void, ms: number) => delays.push(ms),
      clearTimeout: () => {},
    },
  } as unknown as OutboxCore
  const sender = { retryDelay: () => 40_000 } as unknown as OutboxSender
  const drain = new OutboxDrain(core, {} as OutboxSchedule, sender, { before: async () => {}, unknown: () => {} })
  return { drain, delays, claims: () => claims }
}

describe('the drain after a run that sent nothing', () => {
  it('waits the first retry before looking again when another send holds the account', async () => {
    const { drain, delays, claims } = drainOver([queued('a')], async () => null)
    await drain.run()
    expect(claims()).toBe(1)
    expect(delays).toEqual([10_000])
  })

  it('waits the first retry after a run that failed, rather than spinning on the failure', async () => {
    const { drain, delays } = drainOver([queued('a')], () => Promise.reject(new Error('EMFILE')))
    await drain.run()
    expect(delays).toEqual([10_000])
  })

  it('waits for a claim held elsewhere to lapse when that is later than the floor', async () => {
    const claim = { owner: 'other', expiresAt: new Date(NOW + 90_000).toISOString(), purpose: 'send' as const }
    const { drain, delays } = drainOver([queued('a', { claim })], async () => null)
    await drain.run()
    expect(delays).toEqual([90_000])
  })

  it('reads an unreadable retry instant as no reason to wait, and still keeps the floor', async () => {
    const { drain, delays } = drainOver([queued('a', { nextAttemptAt: 'not a time' })], async () => null)
    await drain.run()
    expect(delays).toEqual([10_000])
  })

  it('keeps a backoff the store wrote when it is later than the floor', async () => {
    const { drain, delays } = drainOver([queued('a', { nextAttemptAt: new Date(NOW + 120_000).toISOString() })], async () => null)
    await drain.run()
    expect(delays).toEqual([120_000])
  })

  it('schedules nothing once no story waits', async () => {
    const { drain, delays } = drainOver([], async () => null)
    await drain.run()
    expect(delays).toEqual([])
  })
})
