import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { HostedAccountView } from '@shared/channels/agent'
import { callCore, startTestCore } from '../../../../support/app-core'
import { deskAndAgentHooks, pairDeskWithAgent, planStory } from '../../../../support/desk-and-agent'
import { dispatch } from '../../../../../src-main/handlers/dispatch'
import { silentLogger } from '../../../../../src-main/platform/log/log'

const hooks = deskAndAgentHooks('statusdesk-handover-')
const { running } = hooks
const pair = () => pairDeskWithAgent(hooks.fresh(), hooks.emulator(), running)
const plan = planStory

const received = (caption: string) =>
  hooks
    .emulator()
    .control.stories.list()
    .filter((story) => story.caption === caption).length

describe('handing an account over to the agent, and back', () => {
  it('moves the planned stories to the agent, which sends each once at its time while the desktop holds none', async () => {
    const { desk, accountId, agentOutbox, deskOutbox, deskLocal } = await pair()
    const soon = Date.now() + 4_000
    await plan(desk, accountId, 'handed-1', soon)
    await plan(desk, accountId, 'handed-2', soon + 500)
    const views = await callCore<HostedAccountView[]>(desk, 'agent:hand-over', { accountId })
    expect(views.find((view) => view.accountId === accountId)).toMatchObject({ where: 'agent', pending: null })
    // No copy stays here; the desktop shows the agent's, under its own account, labelled so.
    expect(await deskLocal()).toEqual([])
    expect((await deskOutbox()).map((item) => [item.summary.text, item.where]).sort()).toEqual([
      ['handed-1', 'agent'],
      ['handed-2', 'agent'],
    ])
    expect((await agentOutbox()).map((item) => item.summary.text).sort()).toEqual(['handed-1', 'handed-2'])
    await expect.poll(() => received('handed-1') + received('handed-2'), { timeout: 15_000, interval: 200 }).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect([received('handed-1'), received('handed-2')]).toEqual([1, 1])
  }, 30_000)

  it('brings the stories back: the desktop plans them again, and the agent keeps no copy that could go', async () => {
    const { desk, accountId, agentOutbox, deskOutbox, deskLocal } = await pair()
    const later = Date.now() + 3_600_000
    await plan(desk, accountId, 'back-1', later)
    await callCore(desk, 'agent:hand-over', { accountId })
    expect(await deskLocal()).toEqual([])
    const views = await callCore<HostedAccountView[]>(desk, 'agent:bring-back', { accountId })
    expect(views.find((view) => view.accountId === accountId)).toMatchObject({ where: 'here', pending: null })
    expect((await deskOutbox()).map((item) => [item.summary.text, item.state, item.where])).toEqual([['back-1', 'scheduled', undefined]])
    expect(await agentOutbox()).toEqual([])
  }, 30_000)

  it('cut off mid-way, holds its copies (never sent here) and finishes at the next start: each story once', async () => {
    const { deskDir, desk, served, accountId, deskOutbox, deskLocal } = await pair()
    const due = Date.now() + 3_000
    for (const n of [1, 2, 3]) await plan(desk, accountId, `cut-${n}`, due)
    // The agent answers the first story and then no more: the link is cut after it took one.
    let takes = 0
    const realTake = served['handover:take']
    served['handover:take'] = async (arg, ctx) => {
      if (++takes > 1) throw new Error('link cut')
      return realTake(arg, ctx)
    }
    await expect(callCore(desk, 'agent:hand-over', { accountId })).rejects.toThrow()
    const journal = JSON.parse(await readFile(join(deskDir, 'handovers.json'), 'utf8')) as { entries: unknown[] }
    expect(journal.entries).toHaveLength(1)
    expect((await callCore<HostedAccountView[]>(desk, 'agent:accounts')).find((v) => v.accountId === accountId)).toMatchObject({
      where: 'here',
      pending: 'to-agent',
    })
    // Past their time, the desktop's held copies are not sent; the one the agent took is, once.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 2_500))
    expect((await deskOutbox()).every((item) => item.state === 'scheduled' || item.state === 'missed')).toBe(true)
    expect(received('cut-1') + received('cut-2') + received('cut-3')).toBe(1)
    // The link is back: the hand-over finishes where it stopped, taking again nothing the agent has.
    served['handover:take'] = realTake
    await desk.handovers.resume()
    expect(await deskLocal()).toEqual([])
    await expect
      .poll(() => [received('cut-1'), received('cut-2'), received('cut-3')], { timeout: 20_000, interval: 250 })
      .toEqual([1, 1, 1])
  }, 40_000)

  it('is refused, holding nothing, when no agent answers, and the stories stay here to be sent', async () => {
    const { desk, agent, accountId, deskOutbox } = await pair()
    await plan(desk, accountId, 'stays', Date.now() + 3_600_000)
    running.splice(running.indexOf(agent), 1)
    await agent.close()
    await expect(callCore(desk, 'agent:hand-over', { accountId })).rejects.toThrow(/agentLink/)
    expect((await callCore<HostedAccountView[]>(desk, 'agent:accounts')).find((v) => v.accountId === accountId)).toMatchObject({
      where: 'here',
      pending: null,
    })
    const items = await deskOutbox()
    expect(items.map((item) => item.summary.text)).toEqual(['stays'])
  }, 30_000)

  it('killed mid-way, finishes the hand-over when the desktop starts again, and each story goes once', async () => {
    const { deskDir, deskRun, desk, served, accountId } = await pair()
    const due = Date.now() + 5_000
    for (const n of [1, 2]) await plan(desk, accountId, `restart-${n}`, due)
    const realTake = served['handover:take']
    served['handover:take'] = () => Promise.reject(new Error('link cut'))
    await expect(callCore(desk, 'agent:hand-over', { accountId })).rejects.toThrow()
    running.splice(running.indexOf(deskRun), 1)
    await desk.dispose()
    served['handover:take'] = realTake
    // The desktop's holds outlive its run: started again, it finishes the hand-over rather than sending them itself.
    const again = await startTestCore(deskDir)
    running.push({ close: () => again.dispose() })
    const views = () => callCore<HostedAccountView[]>(again, 'agent:accounts')
    await expect.poll(async () => (await views()).find((v) => v.accountId === accountId)?.where, { timeout: 10_000 }).toBe('agent')
    await expect.poll(() => [received('restart-1'), received('restart-2')], { timeout: 20_000, interval: 250 }).toEqual([1, 1])
  }, 40_000)

  it("moves the account's posting-queue slots with its stories", async () => {
    const { desk, agentCore, accountId } = await pair()
    const settings = {
      timeZone: 'Europe/Berlin',
      slots: [
        { weekday: 0, time: '09:00' },
        { weekday: 4, time: '18:30' },
      ],
    }
    await callCore(desk, 'queue:set', { accountId, settings })
    await callCore(desk, 'agent:hand-over', { accountId })
    const agentAccounts = await callCore<{ accounts: AccountSummary[] }>(agentCore, 'accounts:list')
    const onAgent = agentAccounts.accounts[0]!.id
    expect(await callCore(agentCore, 'queue:get', { accountId: onAgent })).toEqual(settings)
  }, 30_000)

  it("answers the engine's hand-over steps to a paired peer only, and takes no story it cannot read or for an account it does not hold", async () => {
    const { desk, agentCore, served, accountId } = await pair()
    const handoverId = '5b0c1f7e-2d3a-4e5f-8a9b-0c1d2e3f4a5b'
    await expect(callCore(desk, 'handover:hold', { handoverId, accountId })).rejects.toThrow(/noEndpoint/)
    const asPeer = (channel: string, arg: unknown) =>
      dispatch(served, channel, arg, { transport: 'agent', client: 'device:test' }, silentLogger)
    const sent = { version: 1, id: 'abcdefgh12', requestId: 'r1', state: 'sent', createdAt: 'x', updatedAt: 'x', attempts: 0 }
    const nobody = await asPeer('handover:take', { handoverId, accountId: 'no-such-account', item: sent, media: null })
    expect(nobody).toMatchObject({ ok: false, error: { text: { key: 'errors.handover.noAccount' } } })
    // The agent holds the account once the desktop connected it there; a story already sent is not one to take.
    await callCore(desk, 'agent:hand-over', { accountId })
    const held = (await callCore<{ accounts: AccountSummary[] }>(agentCore, 'accounts:list')).accounts[0]!.id
    const bad = await asPeer('handover:take', { handoverId, accountId: held, item: sent, media: null })
    expect(bad).toMatchObject({ ok: false, error: { text: { key: 'errors.handover.badItem' } } })
    const huge = await asPeer('handover:take', { handoverId, accountId: 'a', item: {}, media: 'A'.repeat(3_000_000) })
    expect(huge).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
  }, 30_000)
})
