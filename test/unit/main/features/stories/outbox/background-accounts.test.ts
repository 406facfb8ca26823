import type { PublishResult } from '@shared/channels/outbox'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../../../../src-main/app/app-core'
import { callCore, testCores } from '../../../../../support/app-core'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'

let servers: Emulator[]
const call = callCore

/** Plans a story on one account (on screen or not), due at `dueAt`. */
async function plan(core: AppCore, accountId: string, caption: string, dueAt: number): Promise<void> {
  const result = await call<PublishResult>(core, 'stories:publish', {
    requestId: `plan-${caption.replace(/\W+/g, '-')}`,
    draft: { text: { body: caption } },
    accountIds: [accountId],
    when: { at: new Date(dueAt).toISOString() },
  })
  expect(result.targets[0]!.outcome.state).toBe('scheduled')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What each server received of a caption: how many times, and how late after its time. */
function received(server: Emulator, caption: string, dueAt: number): { count: number; lateMs: number[] } {
  const stories = server.control.stories.list().filter((story) => story.caption === caption)
  return { count: stories.length, lateMs: stories.map((story) => story.receivedAt - dueAt) }
}

beforeEach(async () => {
  servers = await Promise.all(
    ['one', 'two', 'three', 'four'].map((name) => startEmulator({ groups: 3, token: `token-${name}-0123456789` })),
  )
})
afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})
// After the servers' hooks, so the cores are disposed before the servers stop.
const cores = testCores('statusdesk-background-')
const startCore = () => cores.start()

describe('background accounts', () => {
  it('send every planned story once, on time, through 20 switches and another account signed out', async () => {
    const core = await startCore()
    const ids: string[] = []
    for (const server of servers) {
      const account = await call<{ id: string }>(core, 'accounts:connect', {
        baseUrl: server.baseUrl,
        token: server.token,
        storage: 'weak',
      })
      ids.push(account.id)
    }
    const [one, two, three, extra] = ids as [string, string, string, string]
    // Two stories each on three accounts, due one after another while the user moves between accounts.
    const start = Date.now() + 1_500
    const plans = [one, two, three].flatMap((accountId, index) => [
      { accountId, server: servers[index]!, caption: `Account ${index + 1}, first`, dueAt: start + index * 400 },
      { accountId, server: servers[index]!, caption: `Account ${index + 1}, second`, dueAt: start + 2_000 + index * 400 },
    ])
    for (const item of plans) await plan(core, item.accountId, item.caption, item.dueAt)
    expect(core.stories.outboxes.scheduledCount()).toBe(6)

    for (let switches = 0; switches < 20; switches++) {
      await call(core, 'accounts:switch', { id: [one, two, three][switches % 3] })
      if (switches === 7) await call(core, 'accounts:sign-out', { id: extra, removeData: false })
      await sleep(200)
    }
    const last = Math.max(...plans.map((item) => item.dueAt))
    for (let i = 0; i < 300 && plans.some((item) => received(item.server, item.caption, item.dueAt).count === 0); i++) await sleep(50)
    await core.stories.outboxes.idle()
    await sleep(300)

    for (const item of plans) {
      const got = received(item.server, item.caption, item.dueAt)
      expect(got.count, item.caption).toBe(1)
      expect(got.lateMs[0]!, item.caption).toBeGreaterThanOrEqual(0)
      expect(got.lateMs[0]!, item.caption).toBeLessThan(60_000)
    }
    // Each server received only its own account's stories.
    for (const [index, server] of servers.slice(0, 3).entries()) {
      expect(
        server.control.stories
          .list()
          .map((story) => story.caption)
          .sort(),
      ).toEqual([`Account ${index + 1}, first`, `Account ${index + 1}, second`])
    }
    expect(servers[3]!.control.stories.list()).toEqual([])
    expect(Date.now()).toBeGreaterThan(last)
    expect(core.stories.outboxes.scheduledCount()).toBe(0)
  }, 60_000)

  it('after a restart, a background account’s planned story goes at its time while another is on screen', async () => {
    const first = await startCore()
    const one = await call<{ id: string }>(first, 'accounts:connect', {
      baseUrl: servers[0]!.baseUrl,
      token: servers[0]!.token,
      storage: 'weak',
    })
    const two = await call<{ id: string }>(first, 'accounts:connect', {
      baseUrl: servers[1]!.baseUrl,
      token: servers[1]!.token,
      storage: 'weak',
    })
    const dueAt = Date.now() + 3_000
    await plan(first, one.id, 'Planned before the restart', dueAt)
    await first.dispose()
    cores.forget(first)

    const again = await startCore()
    expect((await call<{ activeId: string }>(again, 'accounts:list')).activeId).toBe(two.id)
    expect(again.stories.outboxes.nextDue()).toMatchObject({ accountId: one.id })
    for (let i = 0; i < 200 && received(servers[0]!, 'Planned before the restart', dueAt).count === 0; i++) await sleep(50)
    const got = received(servers[0]!, 'Planned before the restart', dueAt)
    expect(got.count).toBe(1)
    expect(got.lateMs[0]!).toBeGreaterThanOrEqual(0)
    expect(got.lateMs[0]!).toBeLessThan(60_000)
    expect(servers[1]!.control.stories.list()).toEqual([])
  }, 30_000)
})
