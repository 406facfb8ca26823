import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { AccountSummary } from '@shared/channels/accounts'
import type { AgentDated, EachAnswer, InsightsOverview, StoryInsight } from '@shared/channels/insights'
import type { LiveRecord } from '../../../../../src-main/account/files/formats/insights-files'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { callCore } from '../../../../support/app-core'
import { deskAndAgentHooks, pairDeskWithAgent } from '../../../../support/desk-and-agent'
import { eachSaying, otherAccountsHooks } from '../../../../support/insights-accounts'
import { STORY_ORDER } from '../../../../../src-main/features/insights/story-list'
import { emptyOverview, story } from '../insights/records'

const DAY = 24 * 3600_000
const hooks = deskAndAgentHooks('statusdesk-agent-insights-')
const others = otherAccountsHooks()

/** A story counted in insights: `views` viewers, the first `firstView` minutes after posting. */
function viewed(postedAt: number, views: number, firstView = 3): LiveRecord {
  return story({ postedAt, minutes: Array.from({ length: views }, (_, k) => firstView + k) })
}

async function seed(core: AppCore, accountId: string, stories: LiveRecord[]): Promise<void> {
  const store = core.accounts.workspaces.get(accountId)!.part(core.insights.part).store
  await store.updateLive((file) => ({ ...file, stories: [...file.stories, ...stories] }))
  await store.settle(90)
}

const scope = { accountId: null, timeZone: 'Europe/Madrid', weeks: 4 }
const rankingOf = (core: AppCore, page: { offset?: number; count?: number; sort?: 'reach' | 'recent' } = {}) =>
  callCore<{ items: StoryInsight[]; total: number } & AgentDated>(core, 'insights:stories', { accountId: null, sort: 'reach', ...page })
const overviewOf = (core: AppCore, accountId: string | null) =>
  callCore<InsightsOverview>(core, 'insights:overview', { ...scope, accountId })

/**
 * A desktop with an account of its own and one handed over to the agent (its stories moved
 * there), and a teammate's account on the agent that this desktop does not show.
 */
async function deskWithHostedAccount() {
  const pair = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
  const { desk, agentCore, accountId } = pair
  const now = Date.now()
  await seed(desk, accountId, [viewed(now - 3 * DAY, 10), viewed(now - 2 * DAY, 20)])
  await callCore(desk, 'agent:hand-over', { accountId })
  const onAgent = (await callCore<{ accounts: AccountSummary[] }>(agentCore, 'accounts:list')).accounts[0]!.id
  // What the agent counted since the hand-over: the desktop's copy of the account does not have it.
  await seed(agentCore, onAgent, [viewed(now - DAY, 30)])
  // The desktop's own older copy of the account, which must no longer count.
  await seed(desk, accountId, [viewed(now - DAY, 500)])
  const here = await others.connectHere(desk)
  await seed(desk, here.id, [viewed(now - 4 * DAY, 5)])
  const teammate = await others.connectTeammate(agentCore)
  await seed(agentCore, teammate.id, [viewed(now - DAY, 1_000)])
  return { ...pair, onAgent, here: here.id }
}

describe('the Insights figures of every account, with one account on the agent', () => {
  it('are refused in words when the agent answers what is not an overview and nothing of the account is kept', async () => {
    const { desk, served } = await deskWithHostedAccount()
    const hostile = [
      { stories: -1 },
      { ...emptyOverview(), heatmap: [[1e300]] },
      { ...emptyOverview(), views: Number.MAX_SAFE_INTEGER * 4 },
      { ...emptyOverview(), byAudience: Array.from({ length: 5_000 }, () => ({ audience: { mode: 'everyone', name: null, size: null } })) },
      'all of them',
    ]
    for (const answer of hostile) {
      served['insights:overview-each'] = eachSaying(answer)
      await expect(overviewOf(desk, null)).rejects.toThrow(/invalid-response errors.agentRouting.badAnswer/)
    }
  }, 40_000)

  it("count the agent's figures for its account, this desktop's for its own, and no other account of the agent", async () => {
    const { desk, agentCore, accountId, onAgent } = await deskWithHostedAccount()
    const all = await overviewOf(desk, null)
    // 10 + 20 + 30 views on the agent, 5 here; not the desktop's older 500, nor the teammate's 1000.
    expect({ stories: all.stories, views: all.views }).toEqual({ stories: 4, views: 65 })
    expect(all.stale).toBeUndefined()
    expect(all.heatmap.flat().reduce((sum, cell) => sum + cell, 0)).toBe(65)
    expect(all.trend.reduce((sum, week) => sum + week.views, 0)).toBe(65)
    expect(all.byKind).toEqual([{ kind: 'text', stories: 4, medianReach: expect.any(Number) }])
    expect(all.latency.histogram.reduce((sum, bucket) => sum + bucket.views, 0)).toBe(65)
    // The account's own view says the same as the agent does.
    const theirs = await overviewOf(agentCore, onAgent)
    expect((await overviewOf(desk, accountId)).views).toBe(theirs.views)
    expect(theirs.views).toBe(60)
  }, 40_000)

  it('while the agent is away, count its last answer and say as of when; with none kept, say the agent is away', async () => {
    const { desk, agent, served } = await deskWithHostedAccount()
    const fresh = await overviewOf(desk, null)
    // An answer that is not one counts for nothing: the last one the agent gave is counted, said as such.
    const answered = served['insights:overview-each']
    served['insights:overview-each'] = eachSaying({ stories: 1e15 })
    expect(await overviewOf(desk, null)).toMatchObject({ views: fresh.views, stale: true })
    served['insights:overview-each'] = answered
    hooks.running.splice(hooks.running.indexOf(agent), 1)
    await agent.close()
    const away = await overviewOf(desk, null)
    expect(away).toMatchObject({ stories: fresh.stories, views: fresh.views, stale: true, asOf: expect.any(String) })
    expect(Date.parse(away.asOf!)).toBeLessThanOrEqual(Date.now())
    // Another time zone was never asked while the agent answered: nothing to count the account with.
    await expect(callCore(desk, 'insights:overview', { ...scope, timeZone: 'Asia/Tokyo' })).rejects.toThrow(
      /offline errors.agentLink.unreachable/,
    )
  }, 40_000)
})

describe("the ranking of every account's stories, with one account on the agent", () => {
  it('takes from the agent only the stories of the account asked about, and refuses an answer that is not a page of stories', async () => {
    const { desk, served, onAgent } = await deskWithHostedAccount()
    const real = served['insights:stories-each']
    const across = served['insights:stories-across']
    const slipped = (items: StoryInsight[]) => [...items, ...items.map((item) => ({ ...item, accountId: 'someone-else', reach: 9_999 }))]
    // Stories of the agent's other accounts slipped into an account's part are not this desktop's.
    served['insights:stories-each'] = async (arg, ctx) => {
      const answer = (await real(arg, ctx)) as EachAnswer<{ items: StoryInsight[]; total: number }>
      return {
        parts: answer.parts.map((part) =>
          'value' in part ? { ...part, value: { ...part.value, items: slipped(part.value.items) } } : part,
        ),
      }
    }
    const olderAgent = async (): Promise<never> => {
      throw new AppError('invalid-request', userText('errors.bridge.unknownChannel'))
    }
    const slippedAcross: typeof across = async (arg, ctx) => {
      const answer = await across(arg, ctx)
      return { ...answer, items: slipped(answer.items) }
    }
    // An agent older than the one ranking of several accounts (each account's own asked), and one with it.
    for (const answering of [olderAgent, slippedAcross]) {
      served['insights:stories-across'] = answering
      for (const asked of [
        { offset: 0, count: 4 },
        { offset: 1, count: 2 },
      ]) {
        const ranking = await rankingOf(desk, asked)
        expect(ranking.items.map((item) => item.reach)).toEqual([30, 20, 10, 5].slice(asked.offset, asked.offset + asked.count))
        expect(ranking.items.map((item) => item.accountId)).not.toContain(onAgent)
      }
    }
    served['insights:stories-across'] = across
    const ranking = await rankingOf(desk)
    for (const answer of [
      { items: 'all', total: 1 },
      { items: [], total: -5 },
      { items: [{ storyId: 'x'.repeat(5_000) }], total: 1 },
    ]) {
      served['insights:stories-across'] = async () => answer as never
      served['insights:stories-each'] = eachSaying(answer)
      // Trusted for nothing: the last page the agent gave is shown, said as such.
      expect(await rankingOf(desk)).toMatchObject({ items: ranking.items, total: ranking.total, stale: true })
    }
  }, 40_000)

  it("lists the agent's stories of its account and this desktop's own in one order, page by page, and the last state while the agent is away", async () => {
    const { desk, agent, accountId, here } = await deskWithHostedAccount()
    const ranking = await rankingOf(desk)
    // Not the desktop's older copy (500), nor the teammate's account on the agent (1000).
    expect(ranking.items.map((item) => [item.accountId, item.reach])).toEqual([
      [accountId, 30],
      [accountId, 20],
      [accountId, 10],
      [here, 5],
    ])
    expect(ranking.total).toBe(4)
    expect(ranking.stale).toBeUndefined()
    expect((await rankingOf(desk, { offset: 2, count: 1 })).items.map((item) => item.reach)).toEqual([10])
    hooks.running.splice(hooks.running.indexOf(agent), 1)
    await agent.close()
    expect(await rankingOf(desk)).toMatchObject({ items: ranking.items, total: 4, stale: true, asOf: expect.any(String) })
  }, 40_000)
})

describe("every account's ranking past its first thousand stories", () => {
  /** Kept as the sampler keeps them, a live file's worth at a time. */
  async function seedMany(core: AppCore, accountId: string, stories: LiveRecord[]): Promise<void> {
    for (let i = 0; i < stories.length; i += 100) await seed(core, accountId, stories.slice(i, i + 100))
  }
  const keys = (item: StoryInsight) => ({ reach: item.reach, share: item.reachShare ?? -1, posted: Date.parse(item.postedAt) })

  it('lists every page in the one order, each story once, and a deep page first asked the same', async () => {
    const { desk, agentCore, onAgent, here } = await deskWithHostedAccount()
    const now = Date.now()
    const many = (count: number, step: number) =>
      Array.from({ length: count }, (_, k) => viewed(now - 3 * DAY - k * 45_000, ((k * step) % 23) + 1))
    await seedMany(agentCore, onAgent, many(1_300, 7))
    await seedMany(desk, here, many(250, 11))
    const listed: StoryInsight[] = []
    for (let offset = 0; ; offset += 50) {
      const page = await rankingOf(desk, { offset, count: 50 })
      expect(page.total).toBe(1_554)
      if (page.items.length === 0) break
      listed.push(...page.items)
    }
    expect(listed).toHaveLength(1_554)
    expect(new Set(listed.map((item) => `${item.accountId}/${item.storyId}`)).size).toBe(1_554)
    for (let i = 1; i < listed.length; i++) expect(STORY_ORDER.reach(keys(listed[i - 1]!), keys(listed[i]!))).toBeLessThanOrEqual(0)
    // Past the first thousand: the agent's account and this desktop's both.
    expect(new Set(listed.slice(1_000).map((item) => item.accountId)).size).toBe(2)
    const recent = await rankingOf(desk, { offset: 1_400, count: 20, sort: 'recent' })
    expect(recent.items).toHaveLength(20)
    for (let i = 1; i < recent.items.length; i++)
      expect(Date.parse(recent.items[i - 1]!.postedAt)).toBeGreaterThanOrEqual(Date.parse(recent.items[i]!.postedAt))
  }, 120_000)
})
