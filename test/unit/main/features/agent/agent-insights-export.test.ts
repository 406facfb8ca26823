import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { EachAnswer, StoryInsight } from '@shared/channels/insights'
import type { LiveRecord } from '../../../../../src-main/account/files/formats/insights-files'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { MAX_EXPORTED_PER_ACCOUNT } from '../../../../../src-main/features/agent/agent-insights-export'
import { callCore } from '../../../../support/app-core'
import { deskAndAgentHooks, pairDeskWithAgent } from '../../../../support/desk-and-agent'
import { eachSaying, otherAccountsHooks } from '../../../../support/insights-accounts'
import { minutesSpread, story } from '../insights/records'

const DAY = 24 * 3600_000
const hooks = deskAndAgentHooks('statusdesk-agent-insights-export-')
const others = otherAccountsHooks()

/** `count` stories of `views` viewers each, posted a few hours apart from `daysAgo` days back, named `name-<n>`. */
function stories(name: string, count: number, views: number, daysAgo = 3): LiveRecord[] {
  return Array.from({ length: count }, (_, n) =>
    story({
      id: `${name}-${n}`,
      snippet: `${name} ${n}`,
      postedAt: Date.now() - daysAgo * DAY - n * 3 * 3600_000,
      minutes: minutesSpread(views, 60),
    }),
  )
}

/** Kept as the sampler keeps them, a live file's worth at a time. */
async function seed(core: AppCore, accountId: string, records: LiveRecord[]): Promise<void> {
  const store = core.accounts.workspaces.get(accountId)!.part(core.insights.part).store
  for (let i = 0; i < records.length; i += 100) {
    await store.updateLive((file) => ({ ...file, stories: [...file.stories, ...records.slice(i, i + 100)] }))
    await store.settle(90)
  }
}

type Exported = { path: string | null; rows: number }
const exportOf = (core: AppCore, accountId: string | null) =>
  callCore<Exported>(core, 'insights:export', { accountId, timeZone: 'Europe/Madrid' })
/** The CSV's rows, each as its column → cell. */
async function rowsOf(exported: Exported): Promise<Array<Record<string, string>>> {
  return parse(await readFile(exported.path!, 'utf8'), { bom: true, columns: true }) as Array<Record<string, string>>
}

/**
 * A desktop with an account of its own and one handed over to the agent (its stories moved
 * there, more counted there since), the desktop's old copy of that account, and a teammate's
 * account on the agent that this desktop does not show.
 */
async function deskWithHostedAccount(onAgentSince = 1) {
  const pair = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
  const { desk, agentCore, accountId } = pair
  await seed(desk, accountId, stories('MOVED', 2, 10, 4))
  await callCore(desk, 'agent:hand-over', { accountId })
  const onAgent = (await callCore<{ accounts: AccountSummary[] }>(agentCore, 'accounts:list')).accounts[0]!.id
  await seed(agentCore, onAgent, stories('SINCE', onAgentSince, 30))
  await seed(desk, accountId, stories('OLD-COPY', 1, 500))
  const here = await others.connectHere(desk)
  await seed(desk, here.id, stories('HERE', 1, 5))
  const teammate = await others.connectTeammate(agentCore)
  await seed(agentCore, teammate.id, stories('TEAMMATE', 1, 1_000))
  const exportsDir = join(pair.deskDir, 'exports')
  const written = async () => (await readdir(exportsDir).catch(() => [])).length
  return { ...pair, onAgent, here: here.id, written }
}

describe('the Insights CSV, with one account on the agent', () => {
  it("takes from the agent only the asked account's stories, each once, and refuses in words an answer that is not a page of them", async () => {
    const { desk, served, accountId, written } = await deskWithHostedAccount()
    const real = served['insights:stories-each']
    const asked: Array<{ offset: number }> = []
    served['insights:stories-each'] = async (arg, ctx) => {
      asked.push(arg as { offset: number })
      const answer = (await real(arg, ctx)) as EachAnswer<{ items: StoryInsight[]; total: number }>
      // The agent's other accounts slipped in, and the same story twice.
      const slipped = (items: StoryInsight[]) =>
        [...items, ...items, ...items.map((item) => ({ ...item, accountId: 'someone-else', storyId: `X-${item.storyId}` }))].slice(0, 200)
      return {
        parts: answer.parts.map((part) =>
          'value' in part ? { ...part, value: { ...part.value, items: slipped(part.value.items) } } : part,
        ),
      }
    }
    const rows = await rowsOf(await exportOf(desk, accountId))
    expect(rows.map((row) => row.story_id).sort()).toEqual(['MOVED-0', 'MOVED-1', 'SINCE-0'])
    expect(asked.map((arg) => arg.offset)).toEqual([0])
    const before = await written()
    for (const answer of [
      { items: 'all', total: 1 },
      { items: [], total: -5 },
      { items: [{ storyId: 'x'.repeat(5_000) }], total: 1 },
      // More stories than any account keeps: not believed, and not read page after page.
      { items: [], total: MAX_EXPORTED_PER_ACCOUNT + 1 },
    ]) {
      served['insights:stories-each'] = eachSaying(answer)
      await expect(exportOf(desk, null)).rejects.toThrow(/invalid-response errors.agentRouting.badAnswer/)
    }
    expect(await written()).toBe(before)
  }, 60_000)

  it('reads an agent that pages on for ever a bounded number of times', async () => {
    const { desk, served, onAgent, accountId } = await deskWithHostedAccount()
    let calls = 0
    const one = (await callCore<{ items: StoryInsight[] }>(desk, 'insights:stories', { accountId, sort: 'recent' })).items[0]!
    const page = { items: Array.from({ length: 200 }, () => ({ ...one, accountId: onAgent })), total: MAX_EXPORTED_PER_ACCOUNT }
    served['insights:stories-each'] = async (arg) => {
      calls++
      return eachSaying(page)(arg as { accountIds: string[] })
    }
    const exported = await exportOf(desk, accountId)
    expect(exported.rows).toBe(1)
    expect(calls).toBe(MAX_EXPORTED_PER_ACCOUNT / 200)
  }, 60_000)

  it("writes every account's stories: the agent's of its account page by page, this desktop's own, not its old copy nor the agent's other accounts", async () => {
    const { desk, accountId, here, served } = await deskWithHostedAccount(450)
    const calls = { each: 0, one: 0 }
    const each = served['insights:stories-each']
    const one = served['insights:stories']
    served['insights:stories-each'] = (arg, ctx) => (calls.each++, each(arg, ctx))
    served['insights:stories'] = (arg, ctx) => (calls.one++, one(arg, ctx))
    const every = await exportOf(desk, null)
    // A page of each hosted account per call: 452 stories in 3 calls.
    expect(calls).toEqual({ each: 3, one: 0 })
    const rows = await rowsOf(every)
    // 2 moved and 450 counted on the agent since, 1 here; not the old copy (500), nor the teammate's (1000).
    expect(every.rows).toBe(453)
    expect(new Set(rows.map((row) => row.story_id)).size).toBe(453)
    expect(rows.some((row) => /OLD-COPY|TEAMMATE/.test(row.story_id!))).toBe(false)
    expect(rows.filter((row) => row.story_id === 'HERE-0')).toHaveLength(1)
    // Newest first across both.
    const posted = rows.map((row) => Date.parse(row.posted_at!))
    expect(posted).toEqual([...posted].sort((a, b) => b - a))
    // The hosted account alone: the agent's stories of it, none of this desktop's.
    const alone = await rowsOf(await exportOf(desk, accountId))
    expect(alone).toHaveLength(452)
    expect(alone.every((row) => /^(MOVED|SINCE)-/.test(row.story_id!))).toBe(true)
    expect((await rowsOf(await exportOf(desk, here))).map((row) => row.story_id)).toEqual(['HERE-0'])
  }, 90_000)

  it('while the agent is away, refuses in words naming the agent, writing nothing; this desktop’s own account still exports', async () => {
    const { desk, agent, accountId, here, written } = await deskWithHostedAccount()
    await exportOf(desk, null)
    const before = await written()
    hooks.running.splice(hooks.running.indexOf(agent), 1)
    await agent.close()
    for (const scope of [null, accountId]) {
      const refused = exportOf(desk, scope)
      await expect(refused).rejects.toThrow(/offline insightsErrors.export.agentAway/)
      await expect(refused).rejects.toThrow(agent.server.url)
    }
    expect(await written()).toBe(before)
    expect((await exportOf(desk, here)).rows).toBe(1)
  }, 60_000)

  it('reads an agent older than the call about several accounts one account at a time', async () => {
    const { desk, served, accountId } = await deskWithHostedAccount(250)
    // As an agent that does not know the call answers it.
    served['insights:stories-each'] = () => {
      throw new AppError('invalid-request', userText('errors.bridge.unknownChannel'))
    }
    const rows = await rowsOf(await exportOf(desk, accountId))
    expect(rows).toHaveLength(252)
    expect(rows.every((row) => /^(MOVED|SINCE)-/.test(row.story_id!))).toBe(true)
  }, 60_000)
})
