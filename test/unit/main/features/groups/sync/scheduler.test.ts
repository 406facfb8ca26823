import { afterEach, describe, expect, it } from 'vitest'
import { Connectivity } from '../../../../../../src-main/platform/net/connectivity'
import { SyncScheduler, type Timers } from '../../../../../../src-main/features/groups/sync'

/** Timers on a clock the test moves by hand. */
function manualTimers(start = Date.parse('2025-06-01T08:00:00Z')) {
  let now = start
  let nextId = 1
  const pending = new Map<number, { at: number; callback: () => void }>()
  const timers: Timers & { advance(ms: number): Promise<void>; count(): number } = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++
      pending.set(id, { at: now + ms, callback })
      return id
    },
    clearTimeout(handle) {
      pending.delete(handle as number)
    },
    async advance(ms) {
      const until = now + ms
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        pending.delete(due[0])
        now = due[1].at
        due[1].callback()
        // Let the sync's promise chain (and the reschedule after it) run.
        for (let i = 0; i < 5; i++) await Promise.resolve()
      }
      now = until
    },
    count: () => pending.size,
  }
  return timers
}

const MINUTE = 60_000
let scheduler: SyncScheduler | null = null
afterEach(() => scheduler?.stop())

function setUp(options: { interval?: number; fails?: () => boolean } = {}) {
  const timers = manualTimers()
  const connectivity = new Connectivity()
  let interval = options.interval ?? 15
  let lastSyncedAt: number | null = timers.now()
  const syncs: number[] = []
  scheduler = new SyncScheduler({
    connectivity,
    timers,
    intervalMinutes: () => interval,
    lastSyncedAt: () => lastSyncedAt,
    offlineRetryMs: [15_000, 30_000, 60_000],
    sync: async () => {
      syncs.push(timers.now())
      if (options.fails?.()) connectivity.reportFailure('offline')
      else {
        connectivity.reportSuccess()
        lastSyncedAt = timers.now()
      }
    },
  })
  return {
    timers,
    connectivity,
    syncs,
    scheduler,
    setInterval: (minutes: number) => (interval = minutes),
    setLast: (at: number | null) => (lastSyncedAt = at),
  }
}

describe('background refreshes', () => {
  it('run every interval after the last complete sync', async () => {
    const { timers, syncs, scheduler: s } = setUp({ interval: 15 })
    s.start()
    const start = timers.now()
    await timers.advance(14 * MINUTE)
    expect(syncs).toEqual([])
    await timers.advance(MINUTE)
    expect(syncs).toEqual([start + 15 * MINUTE])
    await timers.advance(15 * MINUTE)
    expect(syncs).toEqual([start + 15 * MINUTE, start + 30 * MINUTE])
  })

  it('count from the last sync, however it was started', async () => {
    const { timers, syncs, scheduler: s, setLast } = setUp({ interval: 10 })
    s.start()
    await timers.advance(6 * MINUTE)
    // A sync the user started just now.
    setLast(timers.now())
    s.reschedule()
    await timers.advance(9 * MINUTE)
    expect(syncs).toEqual([])
    await timers.advance(MINUTE)
    expect(syncs).toHaveLength(1)
  })

  it('are off with an interval of 0, and follow a changed setting', async () => {
    const { timers, syncs, scheduler: s, setInterval } = setUp({ interval: 0 })
    s.start()
    expect(s.nextAt).toBeNull()
    await timers.advance(24 * 60 * MINUTE)
    expect(syncs).toEqual([])
    setInterval(5)
    s.reschedule()
    // The last sync is a day old: overdue, so at once; then every 5 minutes.
    expect(s.nextAt).toBe(timers.now())
    await timers.advance(0)
    expect(syncs).toHaveLength(1)
    await timers.advance(5 * MINUTE)
    expect(syncs).toHaveLength(2)
  })

  it('start at once when the network comes back', async () => {
    const { timers, syncs, scheduler: s, connectivity } = setUp({ interval: 60 })
    s.start()
    connectivity.reportFailure('offline')
    expect(syncs).toEqual([])
    connectivity.reportSuccess()
    await Promise.resolve()
    expect(syncs).toEqual([timers.now()])
  })

  it('while offline, are tried again after growing waits, the last one repeating', async () => {
    let offline = true
    const { timers, syncs, scheduler: s, connectivity } = setUp({ interval: 60, fails: () => offline })
    const start = timers.now()
    s.start()
    connectivity.reportFailure('timeout')
    await timers.advance(15_000)
    await timers.advance(30_000)
    await timers.advance(60_000)
    await timers.advance(60_000)
    expect(syncs.map((t) => t - start)).toEqual([15_000, 45_000, 105_000, 165_000])
    offline = false
    await timers.advance(60_000)
    expect(connectivity.online).toBe(true)
    // Back online: the next one is a normal interval away.
    expect(s.nextAt).toBe(timers.now() + 60 * MINUTE)
  })

  it('stop when stopped', async () => {
    const { timers, syncs, scheduler: s, connectivity } = setUp({ interval: 1 })
    s.start()
    s.stop()
    connectivity.reportFailure('offline')
    connectivity.reportSuccess()
    await timers.advance(10 * MINUTE)
    expect(syncs).toEqual([])
    expect(timers.count()).toBe(0)
  })
})
