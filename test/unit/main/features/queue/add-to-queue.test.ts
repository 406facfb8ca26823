import type { PublishResult } from '@shared/channels/outbox'
import type { QueueOccurrence, QueueSettings } from '@shared/channels/queue'
import type { OutboxItemView } from '@shared/story/records'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { dispatch } from '../../../../../src-main/handlers/dispatch'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { callCore, testCores } from '../../../../support/app-core'

/**
 * "Add to queue" through the app as web mode builds it: the publish channel's queue option, each
 * ticked account's story in that account's own next free slot, and the queue's channels.
 */

let servers: Emulator[]
const call = callCore

beforeEach(async () => {
  servers = await Promise.all(['one', 'two', 'three'].map((name) => startEmulator({ groups: 3, token: `token-${name}-0123456789` })))
})
afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})
const cores = testCores('statusdesk-queue-')

/** A weekly slot (UTC, no daylight saving) at the whole minute `ahead` ms from now, and its instant. */
function slotAhead(ahead: number): { slot: QueueSettings['slots'][number]; at: number } {
  const at = Math.ceil((Date.now() + ahead) / 60_000) * 60_000
  const date = new Date(at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { slot: { weekday: (date.getUTCDay() + 6) % 7, time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` }, at }
}

async function connectAll(core: AppCore): Promise<string[]> {
  const ids: string[] = []
  for (const server of servers) {
    const account = await call<{ id: string }>(core, 'accounts:connect', { baseUrl: server.baseUrl, token: server.token, storage: 'weak' })
    ids.push(account.id)
  }
  return ids
}

const WEEK_MS = 7 * 86_400_000

describe('Add to queue', () => {
  it('plans each ticked account’s story at that account’s own next free slot, and refuses an account without slots', async () => {
    const core = await cores.start()
    const [one, two, three] = (await connectAll(core)) as [string, string, string]
    const changed: string[] = []
    core.events.subscribe((name, payload) => {
      if (name === 'queue:changed') changed.push((payload as { accountId: string }).accountId)
    })
    const early = slotAhead(2 * 3_600_000)
    const late = slotAhead(5 * 3_600_000)
    await call(core, 'queue:set', { accountId: one, settings: { timeZone: 'UTC', slots: [early.slot] } })
    await call(core, 'queue:set', { accountId: two, settings: { timeZone: 'UTC', slots: [late.slot] } })
    expect(await call<QueueSettings>(core, 'queue:get', { accountId: one })).toEqual({ timeZone: 'UTC', slots: [early.slot] })
    expect(await call(core, 'queue:next-free', { accountIds: [one, two, three] })).toEqual([
      { accountId: one, at: new Date(early.at).toISOString() },
      { accountId: two, at: new Date(late.at).toISOString() },
      { accountId: three, at: null },
    ])

    const first = await call<PublishResult>(core, 'stories:publish', {
      requestId: 'queue-press-one',
      draft: { text: { body: 'Fresh bread at the corner shop' } },
      accountIds: [one, two, three],
      when: { queue: true },
    })
    expect(first.targets.map((target) => target.outcome)).toEqual([
      { state: 'scheduled', itemId: expect.any(String), dueAt: new Date(early.at).toISOString() },
      { state: 'scheduled', itemId: expect.any(String), dueAt: new Date(late.at).toISOString() },
      {
        state: 'refused',
        error: expect.objectContaining({
          code: 'invalid-request',
          text: { key: 'queueErrors.noSlots', params: { account: expect.any(String) } },
        }),
      },
    ])
    // The same press again gets the same answer, and plans nothing more.
    const again = await call<PublishResult>(core, 'stories:publish', {
      requestId: 'queue-press-one',
      draft: { text: { body: 'Fresh bread at the corner shop' } },
      accountIds: [one, two, three],
      when: { queue: true },
    })
    expect(again).toEqual(first)
    // A second press goes to each account's next slot: a week on, as each has one slot a week.
    const second = await call<PublishResult>(core, 'stories:publish', {
      requestId: 'queue-press-two',
      draft: { text: { body: 'Cakes on Sunday' } },
      accountIds: [one, two],
      when: { queue: true },
    })
    expect(second.targets.map((target) => (target.outcome.state === 'scheduled' ? target.outcome.dueAt : target.outcome.state))).toEqual([
      new Date(early.at + WEEK_MS).toISOString(),
      new Date(late.at + WEEK_MS).toISOString(),
    ])
    expect(changed).toEqual(expect.arrayContaining([one, two]))

    // Every account's slots on the calendar, each naming the story in it.
    const slots = await call<QueueOccurrence[]>(core, 'queue:occurrences', {
      accountId: null,
      from: new Date(Date.now()).toISOString(),
      to: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    })
    const items = await call<OutboxItemView[]>(core, 'stories:outbox-list')
    const caption = (id: string | null) => items.find((item) => item.id === id)?.summary.text ?? null
    expect(slots.map((slot) => [slot.accountId, slot.at, caption(slot.itemId)])).toEqual([
      [one, new Date(early.at).toISOString(), 'Fresh bread at the corner shop'],
      [two, new Date(late.at).toISOString(), 'Fresh bread at the corner shop'],
      [one, new Date(early.at + WEEK_MS).toISOString(), 'Cakes on Sunday'],
      [two, new Date(late.at + WEEK_MS).toISOString(), 'Cakes on Sunday'],
    ])

    // Moved through the channel: the two stories of account one change places.
    const bread = items.find((item) => item.accountId === one && item.summary.text.startsWith('Fresh'))!
    await call(core, 'queue:move', { accountId: one, itemId: bread.id, to: new Date(early.at + WEEK_MS).toISOString() })
    const after = await call<OutboxItemView[]>(core, 'stories:outbox-list')
    expect(
      after
        .filter((item) => item.accountId === one)
        .map((item) => [item.summary.text, item.dueAt])
        .sort(),
    ).toEqual([
      ['Cakes on Sunday', new Date(early.at).toISOString()],
      ['Fresh bread at the corner shop', new Date(early.at + WEEK_MS).toISOString()],
    ])
    expect(servers.flatMap((server) => server.control.stories.list())).toEqual([])
  })

  it('refuses a publish that asks for both a time and the queue', async () => {
    const core = await cores.start()
    const [one] = await connectAll(core)
    const result = await dispatch(
      core.handlers,
      'stories:publish',
      {
        requestId: 'queue-and-time',
        draft: { text: { body: 'Either or' } },
        accountIds: [one],
        when: { at: new Date(Date.now() + 3_600_000).toISOString(), queue: true },
      },
      { transport: 'web', client: 'web' },
      silentLogger,
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    expect(await call(core, 'stories:outbox-list')).toEqual([])
  })
})
