import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import { type BestTimes, type EachAnswer, type InsightsOverview, MAX_EACH_ACCOUNTS, type StoryInsight } from '@shared/channels/insights'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { eachAccount } from '../../../../../src-main/features/insights/each-account'
import type { Handlers } from '../../../../../src-main/handlers/dispatch'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { callCore } from '../../../../support/app-core'
import { type DeskAndAgent, deskAndAgentHooks, pairDeskWithAgent } from '../../../../support/desk-and-agent'
import { emptyOverview } from '../insights/records'

const hooks = deskAndAgentHooks('statusdesk-agent-parts-')
const scope = { accountId: null, timeZone: 'Europe/Madrid', weeks: 4 }
const POSTED = new Date(Date.now() - 3600_000).toISOString()

/** Figures of one account: `views` views of one story. */
function figures(views: number): InsightsOverview {
  return emptyOverview({ stories: 1, views })
}

/** One story of an account on the agent, reaching `reach`. */
function storyOf(accountId: string, reach: number): StoryInsight {
  return {
    accountId,
    storyId: `S-${accountId}`,
    postedAt: POSTED,
    kind: 'text',
    snippet: 'Hello',
    style: null,
    audience: { mode: 'everyone', name: null, size: null },
    source: 'statusdesk',
    reach,
    reachShare: null,
    firstViewMinutes: 2,
    final: false,
  }
}

/**
 * The agent serving `count` accounts handed over by this desktop (`agent-<n>` there, `desk-<n>`
 * here, one story of `n + 1` views each) with the agent's real answers about several accounts;
 * an account it does not hold is `not-found`. Counts the insights calls that reach it.
 */
async function hostMany(pair: DeskAndAgent, count: number) {
  const { desk, served, agent } = pair
  const held = new Map(Array.from({ length: count }, (_, n) => [`agent-${n}`, n + 1]))
  const views = (accountId: string): number => {
    const found = held.get(accountId)
    if (found === undefined) throw new AppError('not-found', userText('insightsErrors.noAccount'))
    return found
  }
  const overview = async (accountId: string) => figures(views(accountId))
  const stories = async (accountId: string, offset: number) => ({
    items: offset > 0 ? [] : [storyOf(accountId, views(accountId))],
    total: 1,
  })
  const times = async (accountId: string): Promise<BestTimes> => {
    views(accountId)
    return { thin: false, partial: false, slots: [{ at: new Date().toISOString(), weekday: 0, hour: 9, share: 0.5 }] }
  }
  served['insights:overview'] = (arg) => overview(arg.accountId!)
  served['insights:overview-each'] = (arg) => eachAccount(arg.accountIds, overview, silentLogger)
  served['insights:stories'] = (arg) => stories(arg.accountId!, arg.offset)
  served['insights:stories-each'] = (arg) => eachAccount(arg.accountIds, (id) => stories(id, arg.offset), silentLogger)
  // The one ranking of the accounts named: each one's story, by reach, the most first.
  served['insights:stories-across'] = async (arg) => {
    const named = arg.accountIds.filter((id) => held.has(id)).map((id) => storyOf(id, views(id)))
    const ranked = named.sort((a, b) => b.reach - a.reach)
    return { items: ranked.slice(arg.offset, arg.offset + arg.count), total: ranked.length }
  }
  served['insights:best-times'] = (arg) => times(arg.accountIds[0]!)
  served['insights:best-times-each'] = (arg) => eachAccount(arg.accountIds, times, silentLogger)
  for (let n = 0; n < count; n++) {
    await desk.agent.hosted.add({
      accountId: `desk-${n}`,
      agentAccountId: `agent-${n}`,
      handoverId: randomUUID(),
      agentUrl: agent.server.url,
      since: new Date().toISOString(),
    })
  }
  return countCalls(served)
}

/** How many calls of each insights channel the agent was asked, from now on. */
function countCalls(served: Handlers): Map<string, number> {
  const calls = new Map<string, number>()
  const names = Object.keys(served).filter((name) => name.startsWith('insights:')) as Array<keyof Handlers>
  for (const name of names) {
    const handler = served[name] as (arg: unknown, ctx: unknown) => unknown
    ;(served as Record<string, unknown>)[name] = (arg: unknown, ctx: unknown) => {
      calls.set(name, (calls.get(name) ?? 0) + 1)
      return handler(arg, ctx)
    }
  }
  return calls
}

/** An older agent: it does not know the calls about several accounts, nor their one ranking. */
function withoutEachCalls(served: Handlers): void {
  const unknown = async (): Promise<never> => {
    throw new AppError('invalid-request', userText('errors.bridge.unknownChannel'))
  }
  served['insights:overview-each'] = unknown
  served['insights:stories-each'] = unknown
  served['insights:best-times-each'] = unknown
  served['insights:stories-across'] = unknown
}

const overviewOf = (pair: DeskAndAgent) => callCore<InsightsOverview>(pair.desk, 'insights:overview', scope)
const rankingOf = (pair: DeskAndAgent) =>
  callCore<{ items: StoryInsight[]; total: number }>(pair.desk, 'insights:stories', { accountId: null, sort: 'reach', count: 50 })
const bestOf = (pair: DeskAndAgent, count: number) =>
  callCore<BestTimes>(pair.desk, 'insights:best-times', {
    accountIds: Array.from({ length: count }, (_, n) => `desk-${n}`),
    timeZone: 'UTC',
    count: 3,
  })

describe('every hosted account asked of the agent in few calls', () => {
  it('asks about 250 hosted accounts in 2 calls for the figures, one for the ranking, and one for the good times', async () => {
    const pair = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
    const calls = await hostMany(pair, 250)
    const all = await overviewOf(pair)
    expect({ stories: all.stories, views: all.views }).toEqual({ stories: 250, views: (250 * 251) / 2 })
    expect(all.stale).toBeUndefined()
    expect(Object.fromEntries(calls)).toEqual({ 'insights:overview-each': Math.ceil(250 / MAX_EACH_ACCOUNTS) })
    calls.clear()
    const ranking = await rankingOf(pair)
    expect(ranking.items.slice(0, 3).map((item) => [item.accountId, item.reach])).toEqual([
      ['desk-249', 250],
      ['desk-248', 249],
      ['desk-247', 248],
    ])
    expect(ranking.total).toBe(250)
    // One ranking of every hosted account, the page's window of it.
    expect(Object.fromEntries(calls)).toEqual({ 'insights:stories-across': 1 })
    calls.clear()
    expect((await bestOf(pair, 20)).slots.map((slot) => [slot.weekday, slot.hour])).toEqual([[0, 9]])
    expect(Object.fromEntries(calls)).toEqual({ 'insights:best-times-each': 1 })
  }, 60_000)

  it('asks an agent that does not know those calls about each account by itself, with the same answers', async () => {
    const pair = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
    const calls = await hostMany(pair, 30)
    const batched = { overview: await overviewOf(pair), ranking: await rankingOf(pair), best: await bestOf(pair, 20) }
    withoutEachCalls(pair.served)
    const asked = countCalls(pair.served)
    calls.clear()
    expect(await overviewOf(pair)).toEqual(batched.overview)
    expect(await rankingOf(pair)).toEqual(batched.ranking)
    expect((await bestOf(pair, 20)).slots).toEqual(batched.best.slots)
    expect(Object.fromEntries(asked)).toEqual({
      'insights:overview-each': 1,
      'insights:overview': 30,
      'insights:stories-across': 1,
      'insights:stories-each': 2,
      'insights:stories': 30,
      'insights:best-times-each': 1,
      'insights:best-times': 20,
    })
  }, 60_000)

  it('ignores a part about an account not asked, and refuses an answer of more parts than accounts asked, a part missing, or a value that is not one', async () => {
    const pair = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
    await hostMany(pair, 5)
    const { served } = pair
    const real = served['insights:overview-each']
    const answered = (arg: Parameters<typeof real>[0], ctx: Parameters<typeof real>[1]) =>
      real(arg, ctx) as Promise<EachAnswer<InsightsOverview>>
    const hostile: Array<typeof real> = [
      // Parts beyond the accounts asked: the answer is not read at all.
      async (arg, ctx) => ({ parts: [...(await answered(arg, ctx)).parts, { accountId: 'agent-0', value: figures(1) }] }),
      async (arg) => ({
        parts: Array.from({ length: MAX_EACH_ACCOUNTS + 1 }, () => ({ accountId: arg.accountIds[0]!, value: figures(1) })),
      }),
      // An account asked and left out: nothing said of it.
      async (arg, ctx) => ({ parts: (await answered(arg, ctx)).parts.slice(1) }),
      // A part that is no account's figures.
      async (arg, ctx) =>
        ({ parts: (await answered(arg, ctx)).parts.map((part, n) => (n === 0 ? { ...part, value: { stories: -1 } } : part)) }) as never,
      async () => ({ parts: 'all of them' }) as never,
      // Another account of the agent, in the place of one asked: not this desktop's, and the one left out said nothing of.
      async (arg, ctx) => {
        const { parts } = await answered({ ...arg, accountIds: arg.accountIds.slice(1) }, ctx)
        return { parts: [{ accountId: 'agent-teammate', value: figures(1_000_000) }, ...parts] }
      },
    ]
    // The accounts answered are kept as they come, but the first is never said of: the figures are refused.
    for (const answer of hostile) {
      served['insights:overview-each'] = answer
      await expect(overviewOf(pair)).rejects.toThrow(/invalid-response errors.agentRouting.badAnswer/)
    }
    served['insights:overview-each'] = real
    const fresh = await overviewOf(pair)
    expect(fresh.views).toBe(15)
    // Once an answer was kept, a hostile one counts for nothing: the last one is counted, said as such (never the stranger's million).
    for (const answer of hostile) {
      served['insights:overview-each'] = answer
      expect(await overviewOf(pair)).toMatchObject({ views: 15, stale: true })
    }
  }, 60_000)

  it("the agent answers each account's part, an account it does not hold as not found, within the contract's bounds", async () => {
    const pair = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
    const { agentCore } = pair
    const emulator = hooks.emulator()
    const held = await callCore<AccountSummary>(agentCore, 'accounts:connect', {
      baseUrl: emulator.baseUrl,
      token: emulator.token,
      storage: 'keyring',
    })
    const each = await callCore<EachAnswer<InsightsOverview>>(agentCore, 'insights:overview-each', {
      accountIds: [held.id, 'missing', held.id],
      timeZone: 'UTC',
      weeks: 4,
    })
    expect(each.parts).toEqual([
      { accountId: held.id, value: await callCore(agentCore, 'insights:overview', { accountId: held.id, timeZone: 'UTC', weeks: 4 }) },
      { accountId: 'missing', error: expect.objectContaining({ code: 'not-found' }) },
    ])
    const stories = await callCore<EachAnswer<unknown>>(agentCore, 'insights:stories-each', { accountIds: ['missing', held.id] })
    expect(stories.parts.map((part) => ('value' in part ? part.value : part.error.code))).toEqual(['not-found', { items: [], total: 0 }])
    const times = await callCore<EachAnswer<BestTimes>>(agentCore, 'insights:best-times-each', { accountIds: [held.id], timeZone: 'UTC' })
    expect(times.parts).toEqual([{ accountId: held.id, value: expect.objectContaining({ thin: true }) }])
    const many = Array.from({ length: MAX_EACH_ACCOUNTS + 1 }, (_, n) => `account-${n}`)
    await expect(callCore(agentCore, 'insights:overview-each', { accountIds: many, timeZone: 'UTC' })).rejects.toThrow(/invalid-argument/)
    await expect(callCore(agentCore, 'insights:best-times-each', { accountIds: many, timeZone: 'UTC' })).rejects.toThrow(/invalid-argument/)
    // Stories by the hundred for each of many accounts: an answer far larger than a peer's answer may be.
    await expect(callCore(agentCore, 'insights:stories-each', { accountIds: many.slice(0, 21), count: 200 })).rejects.toThrow(
      /invalid-argument/,
    )
    await expect(callCore(agentCore, 'insights:overview-each', { accountIds: [], timeZone: 'UTC' })).rejects.toThrow(/invalid-argument/)
  }, 60_000)
})
