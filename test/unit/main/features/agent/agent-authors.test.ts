import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import type { AgentItemAuthors } from '@shared/channels/agent'
import type { OutboxItemView } from '@shared/story/records'
import { MAX_AUTHORS_ASKED, withAuthors } from '../../../../../src-main/features/agent/agent-authors'
import type { AgentLink } from '../../../../../src-main/features/agent/agent-link'
import { AgentTeam } from '../../../../../src-main/features/agent/agent-team'
import { downloadsFolder } from '../../../../../src-main/features/export'
import { callCore } from '../../../../support/app-core'
import { deskAndAgentHooks, pairDeskWithAgent, planStory } from '../../../../support/desk-and-agent'

const AT = '2026-11-28T10:42:00.000Z'
const who = (deviceName: string, personName: string | null = null) => ({ deviceId: 'd1', deviceName, personName, at: AT })

describe('naming the agent’s items with who planned and changed them', () => {
  it('asks once, for at most 500 ids, in the agent’s account id, and names only the items asked about', async () => {
    const items = Array.from({ length: MAX_AUTHORS_ASKED + 20 }, (_, n) => ({ id: `i${n}`, accountId: 'here' }))
    const calls: Array<[string, string[]]> = []
    const named = await withAuthors(items, 'there', async (accountId, ids) => {
      calls.push([accountId, ids])
      return Object.fromEntries(ids.map((id) => [id, { planned: who('Front desk'), changed: null }]))
    })
    expect(calls).toHaveLength(1)
    expect(calls[0]![0]).toBe('there')
    expect(calls[0]![1]).toHaveLength(MAX_AUTHORS_ASKED)
    expect(named[0]).toEqual({
      id: 'i0',
      accountId: 'here',
      by: { planned: { deviceName: 'Front desk', personName: null, at: AT }, changed: null },
    })
    expect(named.at(-1)).toEqual({ id: `i${MAX_AUTHORS_ASKED + 19}`, accountId: 'here' })
  })

  it('shows the items without names when the agent does not answer, and never keeps a name the item came with', async () => {
    const forged = { id: 'i1', accountId: 'here', by: { planned: { deviceName: 'Forged', at: AT }, changed: null } }
    const failing = async (): Promise<Record<string, AgentItemAuthors>> => {
      throw new Error('offline')
    }
    expect(await withAuthors([forged], 'there', failing)).toEqual([{ id: 'i1', accountId: 'here' }])
    // An answer about an item that was not asked about names nothing.
    const stray = async () => ({ other: { planned: who('Stray'), changed: null } })
    expect(await withAuthors([forged], 'there', stray)).toEqual([{ id: 'i1', accountId: 'here' }])
  })

  it('reads an older agent’s answer without person names as names of devices alone', async () => {
    const older = { i1: { planned: { deviceId: 'd1', deviceName: 'Front desk', at: AT }, changed: null } }
    const link = { request: async () => older, status: async () => ({ url: 'https://agent.test' }) } as unknown as AgentLink
    const team = new AgentTeam({ link, dialogs: downloadsFolder(tmpdir()) })
    expect(await withAuthors([{ id: 'i1' }], 'there', (id, ids) => team.authorsOnAgent(id, ids))).toEqual([
      { id: 'i1', by: { planned: { deviceName: 'Front desk', personName: null, at: AT }, changed: null } },
    ])
  })

  it('reads an older agent’s devices and activity without person names as devices named alone', async () => {
    const device = { id: 'd1', name: 'Front desk', pairedAt: AT, lastSeenAt: null, self: true, lastAction: null }
    const entry = { id: '1', at: AT, deviceId: 'd1', deviceName: 'Front desk', action: 'pair', accountId: null, subject: null }
    const answers: Record<string, unknown> = { '/devices': [device], '/activity': { entries: [entry], more: false } }
    const link = {
      request: async (path: string) => answers[path],
      status: async () => ({ url: 'https://agent.test' }),
    } as unknown as AgentLink
    const team = new AgentTeam({ link, dialogs: downloadsFolder(tmpdir()) })
    expect(await team.devices()).toEqual([{ ...device, personName: null }])
    expect((await team.activity({ limit: 10 })).entries).toEqual([{ ...entry, personName: null }])
  })

  it('refuses an answer of the wrong shape, an overlong name or too many entries', async () => {
    const answers: unknown[] = [
      { i1: { planned: { deviceId: 'd1', deviceName: 'x'.repeat(201), at: AT }, changed: null } },
      { i1: { planned: { ...who('Desk'), personName: 'x'.repeat(201) }, changed: null } },
      { i1: { planned: { ...who('Desk'), personName: 42 }, changed: null } },
      { i1: { planned: { deviceId: 'd1', deviceName: 'Desk', at: 'yesterday' }, changed: null } },
      { i1: { planned: null, changed: { ...who('Desk'), action: 'format-disk' } } },
      Object.fromEntries(Array.from({ length: MAX_AUTHORS_ASKED + 1 }, (_, n) => [`i${n}`, { planned: null, changed: null }])),
      ['i1'],
    ]
    for (const answer of answers) {
      const link = { request: async () => answer, status: async () => ({ url: 'https://agent.test' }) } as unknown as AgentLink
      const team = new AgentTeam({ link, dialogs: downloadsFolder(tmpdir()) })
      await expect(team.authorsOnAgent('there', ['i1'])).rejects.toMatchObject({ code: 'invalid-response' })
      expect(await withAuthors([{ id: 'i1' }], 'there', (id, ids) => team.authorsOnAgent(id, ids))).toEqual([{ id: 'i1' }])
    }
  })
})

describe('a desktop’s list of an account that runs on the agent', () => {
  const hooks = deskAndAgentHooks('statusdesk-agent-authors-', { groups: 1 })

  it('names the device (and no person) when it paired without a person’s name', async () => {
    const { desk, accountId, deskOutbox } = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)
    await callCore(desk, 'agent:hand-over', { accountId })
    await planStory(desk, accountId, 'device-only', Date.now() + 3 * 3600_000)
    const [item] = await deskOutbox()
    expect(item!.by).toEqual({ planned: { deviceName: 'Front desk', personName: null, at: item!.by!.planned!.at }, changed: null })
  }, 60_000)

  it('names the person and device that planned each item and those that last changed it, in lists, answers and events', async () => {
    const { desk, accountId, deskOutbox } = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running, { personName: 'Ana' })
    await callCore(desk, 'agent:hand-over', { accountId })
    await planStory(desk, accountId, 'named-story', Date.now() + 3 * 3600_000)
    const [item] = await deskOutbox()
    expect(item).toMatchObject({ where: 'agent', by: { planned: { deviceName: 'Front desk', personName: 'Ana' }, changed: null } })
    expect(Date.parse(item!.by!.planned!.at)).toBeLessThanOrEqual(Date.now())

    const seen: OutboxItemView[][] = []
    desk.events.subscribe((name, payload) => name === 'stories:outbox-changed' && seen.push((payload as { items: OutboxItemView[] }).items))
    const edited = await callCore<OutboxItemView>(desk, 'stories:schedule-edit', {
      accountId,
      id: item!.id,
      caption: 'renamed',
      rev: item!.rev,
    })
    expect(edited.by).toMatchObject({
      planned: { deviceName: 'Front desk', personName: 'Ana' },
      changed: { deviceName: 'Front desk', personName: 'Ana', action: 'edit' },
    })
    await expect
      .poll(() => seen.flat().some((one) => one.id === item!.id && one.by?.changed?.action === 'edit'), { timeout: 10_000 })
      .toBe(true)

    // The channel the views call themselves takes this desktop's account id.
    const authors = await callCore<Record<string, AgentItemAuthors>>(desk, 'agent:item-authors', { accountId, itemIds: [item!.id] })
    expect(authors[item!.id]).toMatchObject({ planned: { deviceName: 'Front desk', personName: 'Ana' }, changed: { action: 'edit' } })
  }, 60_000)
})
