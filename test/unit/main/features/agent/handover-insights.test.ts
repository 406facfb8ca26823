import { describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { StoryInsight } from '@shared/channels/insights'
import type { LiveRecord } from '../../../../../src-main/account/files/formats/insights-files'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { dispatch } from '../../../../../src-main/handlers/dispatch'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { callCore } from '../../../../support/app-core'
import { deskAndAgentHooks, pairDeskWithAgent } from '../../../../support/desk-and-agent'

const DAY = 24 * 3600_000

const hooks = deskAndAgentHooks('statusdesk-handover-insights-')

let seq = 0
function record(postedAt: number, final = true): LiveRecord {
  seq++
  return {
    id: `INSIGHT-${seq}`,
    postedAt,
    kind: 'text',
    snippet: `Insight ${seq}`,
    background: null,
    font: null,
    audience: { mode: 'everyone', name: null, size: null },
    source: 'statusdesk',
    final,
    minutes: [0, 2, 9],
    sampledAt: postedAt + DAY,
    failures: 0,
  }
}

/** Puts stories into an engine's insights of an account: the final ones archived, the others followed. */
async function seed(core: AppCore, accountId: string, stories: LiveRecord[]): Promise<void> {
  const store = core.accounts.workspaces.get(accountId)!.part(core.insights.part).store
  await store.updateLive((file) => ({ ...file, stories: [...file.stories, ...stories] }))
  await store.settle(90)
}

const storiesOf = async (core: AppCore, accountId: string) =>
  (await callCore<{ items: StoryInsight[] }>(core, 'insights:stories', { accountId, count: 200 })).items.map((item) => item.storyId).sort()

describe("an account's insights in a hand-over", () => {
  it('go to the agent with its stories, come back with what the agent added, and no story is counted twice', async () => {
    const { desk, agentCore, accountId, served } = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
    const now = Date.now()
    const archived = [record(now - 5 * DAY), record(now - 4 * DAY)]
    const followed = record(now - 3_600_000, false)
    await seed(desk, accountId, [...archived, followed])
    const before = await storiesOf(desk, accountId)
    expect(before).toHaveLength(3)

    await callCore(desk, 'agent:hand-over', { accountId })
    const onAgent = (await callCore<{ accounts: AccountSummary[] }>(agentCore, 'accounts:list')).accounts[0]!.id
    expect(await storiesOf(agentCore, onAgent)).toEqual(before)
    // The desktop's view of the account is the agent's now, with the same stories.
    expect(await storiesOf(desk, accountId)).toEqual(before)

    // The agent follows the account from here: a story it counted comes back with the others.
    const added = record(now - 2 * DAY)
    await seed(agentCore, onAgent, [added])
    await callCore(desk, 'agent:bring-back', { accountId })
    expect(await storiesOf(desk, accountId)).toEqual([...before, added.id].sort())

    // A piece given again (its answer lost) or a hand-over repeated adds nothing; a piece out of order or unreadable is refused.
    const asPeer = (core: AppCore, channel: string, arg: unknown) =>
      dispatch(core.handlers, channel, arg, { transport: 'agent', client: 'device:test' }, silentLogger)
    const handoverId = '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d'
    const piece = await asPeer(desk, 'handover:insights-give', { handoverId, accountId, offset: 0 })
    expect(piece).toMatchObject({ ok: true, value: { offset: 0 } })
    const value = (piece as { value: { piece: string; total: number } }).value
    expect(value.total).toBeLessThan(1_000_000)
    const take = (arg: Record<string, unknown>) =>
      asPeer(agentCore, 'handover:insights-take', { handoverId, accountId: onAgent, ...value, ...arg })
    expect(await take({})).toMatchObject({ ok: true, value: { done: true, added: 0 } })
    expect(await take({ offset: 0 })).toMatchObject({ ok: true, value: { done: true, added: 0 } })
    expect(await storiesOf(agentCore, onAgent)).toEqual([...before, added.id].sort())
    expect(await take({ offset: 5 })).toMatchObject({ ok: false, error: { text: { key: 'errors.handover.badInsights' } } })
    const garbage = Buffer.from('not an archive at all').toString('base64')
    expect(await take({ offset: 0, piece: garbage, total: 21 })).toMatchObject({
      ok: false,
      error: { text: { key: 'errors.handover.badInsights' } },
    })
    expect(await take({ offset: 0, total: 64 * 1024 * 1024 })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    // A page of an engine cannot ask for an account's insights through the hand-over's channels.
    expect(
      await dispatch(
        served,
        'handover:insights-give',
        { handoverId, accountId: onAgent, offset: 0 },
        { transport: 'web', client: 'page' },
        silentLogger,
      ),
    ).toMatchObject({
      ok: false,
      error: { text: { key: 'errors.bridge.noEndpoint' } },
    })
  }, 40_000)
})
