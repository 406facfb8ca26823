import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { AgentAccountOffer, AgentDevice, HostedAccountView } from '@shared/channels/agent'
import type { OutboxItemView } from '@shared/story/records'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { callCore } from '../../../../support/app-core'
import { addDesk, deskAndAgentHooks, pairDeskWithAgent, planStory } from '../../../../support/desk-and-agent'

const hooks = deskAndAgentHooks('statusdesk-two-desktops-')
const { running } = hooks

const outboxOf = async (desk: AppCore, accountId: string) =>
  (await callCore<OutboxItemView[]>(desk, 'stories:outbox-list')).filter((item) => item.accountId === accountId)
const received = (caption: string) =>
  hooks
    .emulator()
    .control.stories.list()
    .filter((story) => story.caption === caption).length

describe('two desktops of a team on one agent, each with the account handed over', () => {
  it('share one outbox: each sees the other’s plans, a stale edit is refused in words, a cancelled story never goes, a revoked desktop is refused', async () => {
    const one = await pairDeskWithAgent(join(hooks.root(), 'team'), hooks.emulator(), running)
    const slots = { timeZone: 'Europe/Berlin', slots: [{ weekday: 1, time: '09:00' }] }
    await callCore(one.desk, 'queue:set', { accountId: one.accountId, settings: slots })
    await planStory(one.desk, one.accountId, 'team-before', Date.now() + 3_600_000)
    await callCore(one.desk, 'agent:hand-over', { accountId: one.accountId })
    // The second desktop connected the same account on its own (the same server and token), and hands it over too.
    const two = await addDesk(join(hooks.root(), 'team', 'desk-2'), one.agent, hooks.emulator(), running, 'Back office')
    await callCore(two.desk, 'agent:hand-over', { accountId: two.accountId })
    const onAgent = await callCore<{ accounts: AccountSummary[] }>(one.agentCore, 'accounts:list')
    expect(onAgent.accounts).toHaveLength(1)
    // The team's slots stay as the first desktop gave them: the second's empty ones do not overwrite them.
    expect(await callCore(one.agentCore, 'queue:get', { accountId: onAgent.accounts[0]!.id })).toEqual(slots)
    expect((await outboxOf(two.desk, two.accountId)).map((item) => [item.summary.text, item.where])).toEqual([['team-before', 'agent']])
    // "Add to queue" and the calendar on the second desktop show the team's slots, which are the agent's (it has none of its own).
    const [next] = await callCore<Array<{ accountId: string; at: string | null }>>(two.desk, 'queue:next-free', {
      accountIds: [two.accountId],
    })
    expect(next).toMatchObject({ accountId: two.accountId, at: expect.stringMatching(/Z$/) })
    const week = { accountId: null, from: new Date().toISOString(), to: new Date(Date.now() + 8 * 86_400_000).toISOString() }
    const slotsSeen = await callCore<Array<{ accountId: string; at: string }>>(two.desk, 'queue:occurrences', week)
    expect(slotsSeen.filter((slot) => slot.accountId === two.accountId).map((slot) => slot.at)).toContain(next!.at)

    // Desktop 1 plans: desktop 2 is told within seconds, through the agent's events.
    const told: string[] = []
    two.desk.events.subscribe((name, data) => {
      if (name === 'stories:outbox-changed') told.push(...(data as { items: OutboxItemView[] }).items.map((item) => item.summary.text))
    })
    const due = Date.now() + 8_000
    await planStory(one.desk, one.accountId, 'team-story', due)
    await expect.poll(() => told.includes('team-story'), { timeout: 5_000, interval: 100 }).toBe(true)
    const seenByTwo = (await outboxOf(two.desk, two.accountId)).find((item) => item.summary.text === 'team-story')!
    const seenByOne = (await outboxOf(one.desk, one.accountId)).find((item) => item.summary.text === 'team-story')!
    expect(seenByTwo).toMatchObject({ where: 'agent', state: 'scheduled', rev: seenByOne.rev })

    // Desktop 2 edits it; desktop 1's edit, made on the revision it saw before, is refused in words.
    const edited = await callCore<OutboxItemView>(two.desk, 'stories:schedule-edit', {
      accountId: two.accountId,
      id: seenByTwo.id,
      caption: 'team-story',
      dueAt: new Date(due + 2_000).toISOString(),
      rev: seenByTwo.rev,
    })
    expect(edited.rev).toBeGreaterThan(seenByTwo.rev)
    await expect(
      callCore(one.desk, 'stories:schedule-edit', { accountId: one.accountId, id: seenByOne.id, caption: 'stale', rev: seenByOne.rev }),
    ).rejects.toThrow(/conflict storyErrors\.outbox\.changedMeanwhile/)

    // Desktop 2 cancels it: the server never receives it, past its time.
    await callCore(two.desk, 'stories:outbox-act', { accountId: two.accountId, id: seenByTwo.id, action: 'discard', rev: edited.rev })
    expect((await outboxOf(one.desk, one.accountId)).map((item) => item.summary.text)).toEqual(['team-before'])
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due + 2_000 - Date.now()) + 2_500))
    expect(received('team-story')).toBe(0)

    // Desktop 2 revokes desktop 1: its next call is refused, in words.
    const devices = await callCore<AgentDevice[]>(two.desk, 'agent:devices')
    const front = devices.find((device) => device.name === 'Front desk')!
    await callCore(two.desk, 'agent:revoke', { deviceId: front.id })
    await expect(callCore(one.desk, 'stories:outbox-list')).rejects.toThrow(/forbidden errors\.agent\.badToken/)
  }, 60_000)

  it('a desktop without the token follows a teammate’s account: it sees and plans there, cannot bring it back, and forgets it when signed out', async () => {
    const one = await pairDeskWithAgent(join(hooks.root(), 'follow'), hooks.emulator(), running)
    await callCore(one.desk, 'agent:hand-over', { accountId: one.accountId })
    await planStory(one.desk, one.accountId, 'followed-before', Date.now() + 3_600_000)
    const two = await addDesk(join(hooks.root(), 'follow', 'desk-2'), one.agent, hooks.emulator(), running, 'Assistant', {
      connect: false,
      personName: 'Bia',
    })
    const offers = await callCore<AgentAccountOffer[]>(two.desk, 'agent:others')
    expect(offers).toEqual([{ agentAccountId: expect.any(String), label: expect.any(String) }])
    const views = await callCore<HostedAccountView[]>(two.desk, 'agent:follow', { agentAccountId: offers[0]!.agentAccountId })
    expect(views).toEqual([expect.objectContaining({ where: 'agent', canMove: false, followed: true, pending: null })])
    const accountId = views[0]!.accountId
    const listed = await callCore<{ accounts: AccountSummary[] }>(two.desk, 'accounts:list')
    expect(listed.accounts).toEqual([expect.objectContaining({ id: accountId, followed: true, hasToken: false })])
    expect(await callCore(two.desk, 'agent:others')).toEqual([])

    // It sees the teammate's plans, and plans there without the token.
    expect((await outboxOf(two.desk, accountId)).map((item) => [item.summary.text, item.where])).toEqual([['followed-before', 'agent']])
    await planStory(two.desk, accountId, 'from-the-assistant', Date.now() + 3_600_000)
    expect((await outboxOf(one.desk, one.accountId)).map((item) => item.summary.text).sort()).toEqual([
      'followed-before',
      'from-the-assistant',
    ])
    // Following again adds nothing; bringing it back is refused in words (no token here to send with).
    await callCore(two.desk, 'agent:follow', { agentAccountId: offers[0]!.agentAccountId })
    expect((await callCore<{ accounts: AccountSummary[] }>(two.desk, 'accounts:list')).accounts).toHaveLength(1)
    await expect(callCore(two.desk, 'agent:bring-back', { accountId })).rejects.toThrow(/conflict errors\.handover\.followedOnly/)
    await expect(callCore(two.desk, 'agent:follow', { agentAccountId: 'no-such-account' })).rejects.toThrow(
      /not-found errors\.handover\.noAccount/,
    )

    // Signed out here, it is forgotten here; the agent keeps its stories.
    await callCore(two.desk, 'accounts:sign-out', { id: accountId, removeData: true })
    await expect.poll(() => two.desk.agent.hosted.list()).toEqual([])
    expect(await callCore(two.desk, 'agent:others')).toHaveLength(1)
    expect(await outboxOf(one.desk, one.accountId)).toHaveLength(2)

    // Bringing the account back to desktop 1 would take the assistant's story too: it says whose (the person, then the device), and moves nothing.
    await expect(callCore(one.desk, 'agent:bring-back', { accountId: one.accountId })).rejects.toThrow(
      /conflict errors\.handover\.teamStories \{"count":1,"people":"Bia \(Assistant\)"\}/,
    )
    expect((await outboxOf(one.desk, one.accountId)).map((item) => item.where)).toEqual(['agent', 'agent'])
    // Asked for with the team's stories, it brings both back, each once.
    await callCore(one.desk, 'agent:bring-back', { accountId: one.accountId, othersToo: true })
    const back = await outboxOf(one.desk, one.accountId)
    expect(back.map((item) => [item.summary.text, item.where ?? 'here']).sort()).toEqual([
      ['followed-before', 'here'],
      ['from-the-assistant', 'here'],
    ])
    expect(await one.agentOutbox()).toEqual([])
  }, 60_000)
})
