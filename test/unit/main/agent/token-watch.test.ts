import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokenNeededClient } from '../../../../src-main/account/accounts/token-needed-client'
import { TokenWatch } from '../../../../src-main/agent/token-watch'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { ApiClient } from '../../../../src-main/platform/api'
import type { Logger } from '../../../../src-main/platform/log/log'
import type { Timers } from '../../../../src-main/platform/timers'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ groups: 3 })
})
afterAll(() => emulator.stop())

/** A clock the test moves; timers never fire by themselves (the test runs rounds). */
function manualTimers(start: number): Timers & { advance(ms: number): void } {
  let now = start
  return { now: () => now, setTimeout: () => null, clearTimeout: () => {}, advance: (ms) => (now += ms) }
}

function recordingLog(): Logger & { lines: { level: string; message: string; data?: Record<string, unknown> }[] } {
  const lines: { level: string; message: string; data?: Record<string, unknown> }[] = []
  const at = (level: string) => (message: string, data?: Record<string, unknown>) =>
    void lines.push({ level, message, ...(data && { data }) })
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

const client = (token = emulator.token) =>
  new ApiClient({ baseUrl: emulator.baseUrl, token, fetch: globalThis.fetch, retry: { maxAttempts: 1 } })
const groupsRequests = () => emulator.control.requests.list().filter((request) => request.path.startsWith('/groups')).length

describe("the agent's watch on each account's provider token", () => {
  it('checks each account once at start with one small authenticated request, and says what it found', async () => {
    const timers = manualTimers(Date.parse('2026-03-01T10:00:00Z'))
    const log = recordingLog()
    emulator.control.requests.clear()
    const watch = new TokenWatch({
      accounts: () => ['good', 'bad', 'locked'],
      session: async (id) =>
        id === 'good'
          ? { client: client() }
          : id === 'bad'
            ? { client: client('a-token-the-server-refuses') }
            : { client: tokenNeededClient('Shop'), tokenNeeded: true },
      nextDue: () => null,
      log,
      timers,
    })
    expect(watch.states().map((state) => state.state)).toEqual(['unchecked', 'unchecked', 'unchecked'])
    await watch.round()
    expect(watch.states()).toEqual([
      { accountId: 'good', state: 'ok', checkedAt: '2026-03-01T10:00:00.000Z' },
      { accountId: 'bad', state: 'refused', checkedAt: '2026-03-01T10:00:00.000Z' },
      { accountId: 'locked', state: 'needed', checkedAt: '2026-03-01T10:00:00.000Z' },
    ])
    expect(emulator.control.requests.list().find((request) => request.path.startsWith('/groups'))?.path).toMatch(/count=1\b/)
    expect(log.lines.filter((line) => line.level === 'warn').map((line) => [line.message, line.data?.['accountId']])).toEqual([
      ['provider token refused', 'bad'],
      ['provider token needed', 'locked'],
    ])
    // Nothing more until a check is due.
    const before = groupsRequests()
    await watch.round()
    expect(groupsRequests()).toBe(before)
  })

  it('finds a token that stopped working before the next planned story, not at its slot', async () => {
    const start = Date.parse('2026-03-01T10:00:00Z')
    const timers = manualTimers(start)
    const log = recordingLog()
    const due = new Date(start + 40 * 60_000).toISOString()
    const watch = new TokenWatch({
      accounts: () => ['shop'],
      session: async () => ({ client: client() }),
      nextDue: () => due,
      log,
      timers,
      everyMs: 6 * 3600_000,
    })
    await watch.round()
    expect(watch.states()[0]?.state).toBe('ok')
    // The server stops taking the token (logged out, revoked) 10 minutes later.
    emulator.control.faults.add({ type: 'status', status: 401, route: 'groups' })
    try {
      timers.advance(10 * 60_000)
      await watch.round()
      expect(watch.states()[0]?.state).toBe('ok')
      // A quarter of an hour before the story: checked again, refused, and said.
      timers.advance(15 * 60_000)
      await watch.round()
      expect(watch.states()[0]).toEqual({ accountId: 'shop', state: 'refused', checkedAt: new Date(start + 25 * 60_000).toISOString() })
      expect(Date.parse(watch.states()[0]!.checkedAt!)).toBeLessThan(Date.parse(due))
      expect(log.lines.some((line) => line.message === 'provider token refused')).toBe(true)
    } finally {
      emulator.control.faults.clear()
    }
  })

  it('learns nothing of a token from a server it cannot reach: the state stays, and the next round asks again', async () => {
    const timers = manualTimers(Date.parse('2026-03-01T10:00:00Z'))
    let reachable = true
    const watch = new TokenWatch({
      accounts: () => ['shop'],
      session: async () => ({
        client: new ApiClient({
          baseUrl: reachable ? emulator.baseUrl : 'http://127.0.0.1:9',
          token: emulator.token,
          fetch: globalThis.fetch,
          retry: { maxAttempts: 1 },
        }),
      }),
      nextDue: () => null,
      log: recordingLog(),
      timers,
      everyMs: 60_000,
    })
    await watch.round()
    reachable = false
    timers.advance(60_000)
    await watch.round()
    expect(watch.states()[0]).toEqual({ accountId: 'shop', state: 'ok', checkedAt: '2026-03-01T10:00:00.000Z' })
  })

  it('checks every account again at once when told a token may have changed, and forgets accounts that left', async () => {
    const timers = manualTimers(Date.parse('2026-03-01T10:00:00Z'))
    let accounts = ['a', 'b']
    let calls = 0
    const watch = new TokenWatch({
      accounts: () => accounts,
      session: async () => {
        calls++
        return { client: client() }
      },
      nextDue: () => null,
      log: recordingLog(),
      timers,
    })
    await watch.round()
    expect(calls).toBe(2)
    watch.recheck()
    await watch.round()
    expect(calls).toBe(4)
    accounts = ['b']
    expect(watch.states().map((state) => state.accountId)).toEqual(['b'])
  })
})
