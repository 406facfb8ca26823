import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { BestTimes } from '@shared/channels/insights'
import type { LiveRecord } from '../../../../../src-main/account/files/formats/insights-files'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { callCore } from '../../../../support/app-core'
import { deskAndAgentHooks, pairDeskWithAgent } from '../../../../support/desk-and-agent'
import { eachSaying } from '../../../../support/insights-accounts'
import { minutesSpread, story } from '../insights/records'

const HOUR = 3600_000
const DAY = 24 * HOUR
const hooks = deskAndAgentHooks('statusdesk-agent-best-times-')

let other: Emulator
beforeAll(async () => {
  other = await startEmulator({ groups: 1 })
})
afterAll(async () => {
  await other.stop()
})

/** Midnight UTC of the Monday `weeksAgo` weeks before this week's. */
function monday(weeksAgo: number): number {
  const today = Math.floor(Date.now() / DAY) * DAY
  // 1970-01-01 was a Thursday: days since the last Monday.
  const back = (Math.floor(today / DAY) + 3) % 7
  return today - back * DAY - weeksAgo * 7 * DAY
}

/** `count` stories posted at `weekday` (0 = Monday) `hour`:00 UTC in past weeks, each seen by `views` within its first half hour. */
function postedAt(weekday: number, hour: number, count: number, views = 20): LiveRecord[] {
  return Array.from({ length: count }, (_, week) =>
    story({ postedAt: monday(week + 1) + weekday * DAY + hour * HOUR, minutes: minutesSpread(views, 30) }),
  )
}

async function seed(core: AppCore, accountId: string, stories: LiveRecord[]): Promise<void> {
  const store = core.accounts.workspaces.get(accountId)!.part(core.insights.part).store
  await store.updateLive((file) => ({ ...file, stories: [...file.stories, ...stories] }))
  await store.settle(90)
}

const bestOf = (core: AppCore, accountIds: string[], timeZone = 'UTC') =>
  callCore<BestTimes>(core, 'insights:best-times', { accountIds, timeZone, count: 3 })
const cells = (times: BestTimes) => times.slots.map((slot) => [slot.weekday, slot.hour])

/**
 * A desktop with an account of its own whose viewers look on Mondays at 9, and one handed over to
 * the agent whose viewers look on Mondays at 9 and Tuesdays at 15; the desktop's old copy of the
 * handed-over account says Fridays at 20 (it must no longer count).
 */
async function deskWithHostedAccount() {
  const pair = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
  const { desk, agentCore, accountId } = pair
  await seed(desk, accountId, [...postedAt(0, 9, 6), ...postedAt(1, 15, 6)])
  await callCore(desk, 'agent:hand-over', { accountId })
  const onAgent = (await callCore<{ accounts: AccountSummary[] }>(agentCore, 'accounts:list')).accounts[0]!.id
  await seed(desk, accountId, postedAt(4, 20, 12, 200))
  const here = await callCore<AccountSummary>(desk, 'accounts:connect', { baseUrl: other.baseUrl, token: other.token, storage: 'weak' })
  await seed(desk, here.id, postedAt(0, 9, 12))
  return { ...pair, onAgent, here: here.id }
}

describe('the good times for accounts of which one runs on the agent', () => {
  it('refuses in words an answer of the agent that is not one account’s times, and counts none of it once one was kept', async () => {
    const { desk, served, accountId } = await deskWithHostedAccount()
    const slot = { at: new Date(Date.now() + DAY).toISOString(), weekday: 0, hour: 9 }
    const hostile = [
      // More times than an account is asked for.
      { thin: false, slots: Array.from({ length: 11 }, (_, hour) => ({ ...slot, hour, share: 0.01 })) },
      // A share beyond all of the account's views, or shares together more than all of them: it would outweigh the others.
      { thin: false, slots: [{ ...slot, share: 5 }] },
      {
        thin: false,
        slots: [
          { ...slot, share: 0.9 },
          { ...slot, hour: 10, share: 0.9 },
        ],
      },
      { thin: false, slots: [{ ...slot, weekday: 7, share: 0.5 }] },
      { thin: false, slots: [{ ...slot, hour: 9.5, share: 0.5 }] },
      { thin: 'no', slots: [] },
      'soon',
    ]
    const real = served['insights:best-times-each']
    for (const answer of hostile) {
      served['insights:best-times-each'] = eachSaying(answer)
      await expect(bestOf(desk, [accountId])).rejects.toThrow(/invalid-response errors.agentRouting.badAnswer/)
    }
    served['insights:best-times-each'] = real
    const fresh = await bestOf(desk, [accountId])
    for (const answer of hostile) {
      served['insights:best-times-each'] = eachSaying(answer)
      expect(await bestOf(desk, [accountId])).toMatchObject({ slots: fresh.slots, stale: true })
    }
    // The agent's instants are its clock's: each time is placed on this desktop's, ahead of now.
    served['insights:best-times-each'] = eachSaying({
      thin: false,
      partial: false,
      slots: [{ at: '1999-01-01T00:00:00.000Z', weekday: 2, hour: 7, share: 0.5 }],
    })
    const placed = await bestOf(desk, [accountId])
    expect(placed.stale).toBeUndefined()
    expect(placed.slots).toEqual([{ at: expect.any(String), weekday: 2, hour: 7, share: 0.5 }])
    expect(Date.parse(placed.slots[0]!.at)).toBeGreaterThan(Date.now())
    expect(Date.parse(placed.slots[0]!.at)).toBeLessThanOrEqual(Date.now() + 7 * DAY)
    expect(new Date(placed.slots[0]!.at).getUTCHours()).toBe(7)
  }, 60_000)

  it("puts the agent's times of its account with this desktop's own, as if both ran here, and asks the agent of that account only", async () => {
    const { desk, served, agentCore, accountId, onAgent, here } = await deskWithHostedAccount()
    const real = served['insights:best-times-each']
    const asked: unknown[] = []
    served['insights:best-times-each'] = (arg, ctx) => {
      asked.push(arg)
      return real(arg, ctx)
    }
    const both = await bestOf(desk, [accountId, here])
    // Mondays at 9 suit both accounts and come first; never the desktop's old Fridays at 20.
    expect(both).toMatchObject({ thin: false, partial: false })
    expect(both.stale).toBeUndefined()
    expect(new Set(cells(both).map(String))).toEqual(new Set(['0,9', '1,15']))
    const monday9 = both.slots.find((slot) => slot.weekday === 0)!
    // Each account has one say: all of this desktop's account's views, half of the other's.
    expect(monday9.share).toBeCloseTo((1 + 0.5) / 2)
    expect(both.slots.map((slot) => slot.at)).toEqual([...both.slots.map((slot) => slot.at)].sort())
    for (const slot of both.slots) expect(Date.parse(slot.at)).toBeGreaterThan(Date.now())
    expect(asked).toEqual([{ accountIds: [onAgent], timeZone: 'UTC', count: 10 }])
    // The account alone: what the agent says of it.
    const alone = await bestOf(desk, [accountId])
    const theirs = await bestOf(agentCore, [onAgent])
    expect(alone.slots.map(({ weekday, hour, share }) => ({ weekday, hour, share }))).toEqual(
      theirs.slots.map(({ weekday, hour, share }) => ({ weekday, hour, share })),
    )
    // A desktop's own account alone is answered here, the agent not asked.
    asked.length = 0
    expect(cells(await bestOf(desk, [here]))).toEqual([[0, 9]])
    expect(asked).toEqual([])
  }, 60_000)

  it('while the agent is away, counts its last answer, placed ahead of now, and says as of when; with none kept, says the agent is away', async () => {
    const { desk, agent, accountId, here } = await deskWithHostedAccount()
    const fresh = await bestOf(desk, [accountId, here])
    hooks.running.splice(hooks.running.indexOf(agent), 1)
    await agent.close()
    const away = await bestOf(desk, [accountId, here])
    expect(away).toMatchObject({ thin: false, partial: false, stale: true, asOf: expect.any(String) })
    expect(away.slots).toEqual(fresh.slots)
    expect(Date.parse(away.asOf!)).toBeLessThanOrEqual(Date.now())
    // Another time zone was never asked while the agent answered: nothing to count the account with.
    await expect(bestOf(desk, [accountId, here], 'Asia/Tokyo')).rejects.toThrow(/offline errors.agentLink.unreachable/)
    // The desktop's own account alone does not need the agent.
    expect(cells(await bestOf(desk, [here]))).toEqual([[0, 9]])
  }, 60_000)
})
