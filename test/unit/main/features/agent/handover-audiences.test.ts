import { randomBytes } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { HostedAccountView } from '@shared/channels/agent'
import type { PublishResult, PublishWhen } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { type Audience, MAX_AUDIENCES } from '@shared/story/library'
import type { OutboxItemView } from '@shared/story/records'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { dispatch } from '../../../../../src-main/handlers/dispatch'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { callCore, startTestCore } from '../../../../support/app-core'
import { deskAndAgentHooks, fillAgentLibrary, pairDeskWithAgent } from '../../../../support/desk-and-agent'

const hooks = deskAndAgentHooks('statusdesk-handover-audiences-')
const pair = () => pairDeskWithAgent(hooks.fresh(), hooks.emulator(), hooks.running)

const CUSTOMERS = ['4915100000001', '4915100000002']
const STAFF = ['4915100000011', '4915100000012', '4915100000013']

const audiencesOf = async (core: AppCore) =>
  (await callCore<Audience[]>(core, 'audiences:list')).map((item) => [item.name, [...item.contacts].sort()] as const)

async function publishTo(core: AppCore, accountId: string, caption: string, contacts: string[], when: PublishWhen): Promise<void> {
  const result = await callCore<PublishResult>(core, 'stories:publish', {
    requestId: `story-${randomBytes(6).toString('hex')}`,
    draft: { text: { body: caption }, audience: { mode: 'contacts', contacts } },
    accountIds: [accountId],
    when,
  })
  expect(result.targets.map((target) => target.outcome.state)).toEqual(['scheduled'])
}

describe('the saved audiences in a hand-over', () => {
  it('move with the stories that name them, each once, even taken up again after a cut, and come back once', async () => {
    const { desk, agentCore, served, accountId } = await pair()
    await callCore(desk, 'audiences:save', { name: 'Customers', contacts: CUSTOMERS })
    await callCore(desk, 'audiences:save', { name: 'Staff', contacts: STAFF })
    await callCore(desk, 'audiences:save', { name: 'Unused', contacts: ['4915100000099'] })
    await callCore(desk, 'queue:set', { accountId, settings: { timeZone: 'UTC', slots: [{ weekday: 0, time: '09:00' }] } })
    const later = Date.now() + 3_600_000
    await publishTo(desk, accountId, 'to customers 1', CUSTOMERS, { at: new Date(later).toISOString() })
    await publishTo(desk, accountId, 'to customers 2', [...CUSTOMERS].reverse(), { at: new Date(later + 60_000).toISOString() })
    await publishTo(desk, accountId, 'to staff, in a slot', STAFF, { queue: true })
    const names = (await callCore<OutboxItemView[]>(desk, 'stories:outbox-list')).map((item) => item.summary.audience.name).sort()
    expect(names).toEqual(['Customers', 'Customers', 'Staff'])

    // The agent takes the audiences, and the link is cut before the desktop hears it: the hand-over stays open.
    const realTake = served['handover:audiences-take']
    served['handover:audiences-take'] = async (arg, ctx) => {
      await realTake(arg, ctx)
      throw new AppError('offline', userText('errors.agentLink.unreachable', { url: 'http://127.0.0.1' }))
    }
    await expect(callCore(desk, 'agent:hand-over', { accountId })).rejects.toThrow()
    expect(await audiencesOf(agentCore)).toEqual([
      ['Customers', CUSTOMERS],
      ['Staff', STAFF],
    ])
    served['handover:audiences-take'] = realTake
    await desk.handovers.resume()
    const onAgent = (await callCore<{ accounts: AccountSummary[] }>(agentCore, 'accounts:list')).accounts[0]!.id
    expect((await callCore<OutboxItemView[]>(agentCore, 'stories:outbox-list')).map((item) => item.summary.text).sort()).toEqual([
      'to customers 1',
      'to customers 2',
      'to staff, in a slot',
    ])
    expect(await audiencesOf(agentCore)).toEqual([
      ['Customers', CUSTOMERS],
      ['Staff', STAFF],
    ])

    // Here, "Customers" is gone and "Staff" is another list now: back, neither list overwrites the other.
    // (This desktop's own library: through the channels, an audience the agent holds too is edited there.)
    const here = await desk.stories.audiences.list()
    await desk.stories.audiences.delete(here.find((item) => item.name === 'Customers')!.id)
    await desk.stories.audiences.delete(here.find((item) => item.name === 'Staff')!.id)
    await desk.stories.audiences.save({ name: 'Staff', contacts: ['4915100000021'] })
    await callCore(desk, 'agent:bring-back', { accountId })
    const back = [
      ['Customers', CUSTOMERS],
      ['Staff', ['4915100000021']],
      ['Staff (2)', STAFF],
      ['Unused', ['4915100000099']],
    ]
    expect(await audiencesOf(desk)).toEqual(back)

    // Given again (an answer lost), the same audiences add nothing on either side.
    const asPeer = (core: AppCore, channel: string, arg: unknown) =>
      dispatch(core.handlers, channel, arg, { transport: 'agent', client: 'device:test' }, silentLogger)
    const again = await callCore<Audience[]>(agentCore, 'audiences:list')
    const handoverId = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
    expect(await asPeer(desk, 'handover:audiences-take', { handoverId, accountId, audiences: again })).toMatchObject({
      ok: true,
      value: { added: 0, renamed: 0, same: 2 },
    })
    expect(await audiencesOf(desk)).toEqual(back)
    expect(await asPeer(agentCore, 'handover:audiences-take', { handoverId, accountId: onAgent, audiences: again })).toMatchObject({
      ok: true,
      value: { added: 0, same: 2 },
    })
    expect(await audiencesOf(agentCore)).toHaveLength(2)
  }, 40_000)

  it('refuses in words a list it cannot take, taking none of it; a bring-back goes on without the agent’s unreadable list', async () => {
    const { desk, agentCore, served, accountId } = await pair()
    await callCore(desk, 'audiences:save', { name: 'Customers', contacts: CUSTOMERS })
    await publishTo(desk, accountId, 'to customers', CUSTOMERS, { at: new Date(Date.now() + 3_600_000).toISOString() })
    await callCore(desk, 'agent:hand-over', { accountId })
    const onAgent = (await callCore<{ accounts: AccountSummary[] }>(agentCore, 'accounts:list')).accounts[0]!.id
    const handoverId = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a'
    const take = (audiences: unknown[]) =>
      dispatch(
        served,
        'handover:audiences-take',
        { handoverId, accountId: onAgent, audiences },
        { transport: 'agent', client: 'device:test' },
        silentLogger,
      )
    const audience = (n: number, contacts: string[]) => ({
      id: `aud-${n}`,
      name: `List ${n}`,
      contacts,
      updatedAt: '2026-01-01T00:00:00.000Z',
    })
    const numbers = (count: number, from = 0) => Array.from({ length: count }, (_, i) => String(4_915_200_000_000 + from + i))
    const badAudiences = { ok: false, error: { code: 'invalid-argument', text: { key: 'errors.handover.badAudiences' } } }
    // Numbers that are not phone numbers, an audience over 5,000 numbers, a call over 60,000 numbers, one id twice.
    expect(await take([audience(1, ['12', 'not-a-number'])])).toMatchObject(badAudiences)
    expect(await take([audience(1, numbers(5_001))])).toMatchObject(badAudiences)
    expect(await take(Array.from({ length: 13 }, (_, n) => audience(n, numbers(5_000, n * 5_000))))).toMatchObject(badAudiences)
    expect(await take([audience(1, numbers(1)), audience(1, numbers(1, 5))])).toMatchObject(badAudiences)
    // More audiences than the app keeps: refused by the contract, in words naming the field.
    expect(await take(Array.from({ length: 201 }, (_, n) => audience(n, numbers(1, n))))).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', text: { key: 'errors.bridge.invalidArgument' } },
    })
    expect(await audiencesOf(agentCore)).toEqual([['Customers', CUSTOMERS]])

    // The agent answers an unreadable page: the stories come back, the desktop's audiences stay as they were.
    served['handover:audiences-give'] = () => Promise.resolve({ audiences: [audience(1, ['x'])], next: null })
    await callCore(desk, 'agent:bring-back', { accountId })
    expect((await callCore<OutboxItemView[]>(desk, 'stories:outbox-list')).map((item) => [item.summary.text, item.where])).toEqual([
      ['to customers', undefined],
    ])
    expect(await audiencesOf(desk)).toEqual([['Customers', CUSTOMERS]])
  }, 40_000)

  it('still tells after a restart of the saved audiences the agent had no room for; an unreadable or hostile record of it tells nothing', async () => {
    const { deskDir, deskRun, desk, agentCore, accountId } = await pair()
    // The agent's library is full already.
    await fillAgentLibrary(agentCore)
    await callCore(desk, 'audiences:save', { name: 'Customers', contacts: CUSTOMERS })
    await callCore(desk, 'audiences:save', { name: 'Staff', contacts: STAFF })
    const later = new Date(Date.now() + 3_600_000).toISOString()
    await publishTo(desk, accountId, 'to customers', CUSTOMERS, { at: later })
    await publishTo(desk, accountId, 'to staff', STAFF, { at: later })
    await callCore(desk, 'agent:hand-over', { accountId })
    const told = { key: 'errors.handover.audiencesToFull', params: { count: 2, max: MAX_AUDIENCES } }

    let core = desk
    let run = deskRun
    const restart = async () => {
      hooks.running.splice(hooks.running.indexOf(run), 1)
      await core.dispose()
      core = await startTestCore(deskDir)
      run = { close: () => core.dispose() }
      hooks.running.push(run)
    }
    const leftOf = async () =>
      (await callCore<HostedAccountView[]>(core, 'agent:accounts')).find((item) => item.accountId === accountId)?.audiencesLeft
    expect(await leftOf()).toEqual(told)

    // Started again, Settings → Agent says it still: the counts were kept, not the words.
    await restart()
    expect(await leftOf()).toEqual(told)
    const file = join(deskDir, 'handovers-left.json')
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      accounts: [{ accountId, direction: 'to-agent', full: 2, failed: 0 }],
    })

    // Unreadable: no message, no failure; the file is set aside, kept for a look.
    await writeFile(file, '{"version":1,"accounts":[')
    await restart()
    expect(await leftOf()).toBeUndefined()
    expect((await readdir(deskDir)).filter((name) => name.startsWith('handovers-left.json.corrupt-'))).toHaveLength(1)

    // Hostile: counts past any library, or more entries than the app keeps, are refused the same way.
    const entry = (id: string, full: number) => ({ accountId: id, direction: 'to-agent', full, failed: 0 })
    for (const accounts of [
      [entry(accountId, 1e9)],
      Array.from({ length: 10_001 }, (_, n) => entry(n === 0 ? accountId : `gone-${n}`, 2)),
    ]) {
      await writeFile(file, JSON.stringify({ version: 1, accounts }))
      await restart()
      expect(await leftOf()).toBeUndefined()
    }

    // Brought back with everything moved: the message goes, and so does the entry of an account this desktop no longer has.
    await writeFile(file, JSON.stringify({ version: 1, accounts: [entry('gone', 3), entry(accountId, 2)] }))
    await restart()
    expect(await leftOf()).toEqual(told)
    await callCore(core, 'agent:bring-back', { accountId })
    expect(await leftOf()).toBeUndefined()
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, accounts: [] })
  }, 60_000)
})
