import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HostedAccountView } from '@shared/channels/agent'
import type { AudienceView, CsvImportResult } from '@shared/channels/library'
import type { PublishResult } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { MAX_AUDIENCES } from '@shared/story/library'
import type { OutboxItemView } from '@shared/story/records'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { callCore } from '../../../../support/app-core'
import { addDesk, deskAndAgentHooks, fillAgentLibrary, pairDeskWithAgent } from '../../../../support/desk-and-agent'

const hooks = deskAndAgentHooks('statusdesk-agent-audiences-')
const { running } = hooks

const CUSTOMERS = ['4915100000001', '4915100000002']
const STAFF = ['4915100000011', '4915100000012']

const listOf = (core: AppCore) => callCore<AudienceView[]>(core, 'audiences:list')
const namesOf = async (core: AppCore) => (await listOf(core)).map((item) => [item.name, item.where ?? 'here'])

async function publish(core: AppCore, accountId: string, caption: string, contacts: string[]): Promise<void> {
  const result = await callCore<PublishResult>(core, 'stories:publish', {
    requestId: `story-${caption.replace(/\W/g, '-')}`,
    draft: { text: { body: caption }, audience: { mode: 'contacts', contacts } },
    accountIds: [accountId],
    when: { at: new Date(Date.now() + 3_600_000).toISOString() },
  })
  expect(result.targets.map((target) => target.outcome.state)).toEqual(['scheduled'])
}

const away = () => Promise.reject(new AppError('offline', userText('errors.agentLink.unreachable', { url: 'http://127.0.0.1' })))

describe('the saved audiences of accounts on the agent', () => {
  it('are listed on a teammate’s desktop, picked there for a story, edited on the agent, and shown as last seen while it is away', async () => {
    const one = await pairDeskWithAgent(join(hooks.root(), 'team'), hooks.emulator(), running)
    await callCore(one.desk, 'audiences:save', { name: 'Customers', contacts: CUSTOMERS })
    await publish(one.desk, one.accountId, 'to customers', CUSTOMERS)
    await callCore(one.desk, 'agent:hand-over', { accountId: one.accountId })
    const two = await addDesk(join(hooks.root(), 'team', 'desk-2'), one.agent, hooks.emulator(), running, 'Back office')
    await callCore(two.desk, 'audiences:save', { name: 'Staff', contacts: STAFF })
    await callCore(two.desk, 'agent:hand-over', { accountId: two.accountId })

    // The second desktop never saved "Customers": it lists the agent's, beside its own.
    expect(await namesOf(two.desk)).toEqual([
      ['Customers', 'agent'],
      ['Staff', 'here'],
    ])
    // The first desktop lists its copy once, as the agent's.
    expect((await namesOf(one.desk)).filter(([name]) => name === 'Customers')).toEqual([['Customers', 'agent']])

    // Picked on the second desktop: the story goes to the agent, named by the audience.
    const customers = (await listOf(two.desk)).find((item) => item.name === 'Customers')!
    await publish(two.desk, two.accountId, 'picked there', customers.contacts)
    const outbox = await callCore<OutboxItemView[]>(two.desk, 'stories:outbox-list')
    expect(outbox.map((item) => [item.summary.text, item.summary.audience.name, item.where]).sort()).toEqual([
      ['picked there', 'Customers', 'agent'],
      ['to customers', 'Customers', 'agent'],
    ])

    // Edited on the second desktop: the agent's audience changes, and the first desktop sees it.
    const more = [...CUSTOMERS, '4915100000003']
    await callCore(two.desk, 'audiences:save', { id: customers.id, name: 'Customers', contacts: more })
    const onAgent = await listOf(one.agentCore)
    expect(onAgent.find((item) => item.id === customers.id)?.contacts).toEqual(more)
    expect((await listOf(one.desk)).find((item) => item.id === customers.id)?.contacts).toEqual(more)

    // The agent away: its audiences as last seen, said as such; an edit of one is refused in words, none of the desktop's own is.
    one.served['audiences:list'] = away
    const seen = (await listOf(two.desk)).find((item) => item.id === customers.id)
    expect(seen).toMatchObject({ where: 'agent', stale: true, contacts: more })
    await expect(callCore(two.desk, 'audiences:delete', { id: customers.id })).rejects.toThrow('offline errors.agentRouting.audienceAway')
    const staff = (await listOf(two.desk)).find((item) => item.name === 'Staff')!
    await callCore(two.desk, 'audiences:save', { id: staff.id, name: 'Staff', contacts: [STAFF[0]!] })
    expect((await listOf(two.desk)).find((item) => item.id === staff.id)?.contacts).toEqual([STAFF[0]])
    expect((await listOf(one.agentCore)).map((item) => item.name)).toEqual(['Customers'])
  }, 60_000)

  it('a CSV imported on a teammate’s desktop is its own audience, and the answer lists the agent’s beside it, as last seen while it is away', async () => {
    const one = await pairDeskWithAgent(join(hooks.root(), 'csv'), hooks.emulator(), running)
    await callCore(one.desk, 'audiences:save', { name: 'Customers', contacts: CUSTOMERS })
    await publish(one.desk, one.accountId, 'to customers by csv', CUSTOMERS)
    await callCore(one.desk, 'agent:hand-over', { accountId: one.accountId })
    const two = await addDesk(join(hooks.root(), 'csv', 'desk-2'), one.agent, hooks.emulator(), running, 'Back office')
    await callCore(two.desk, 'agent:hand-over', { accountId: two.accountId })

    const importCsv = (name: string) =>
      callCore<CsvImportResult>(two.desk, 'audiences:csv-import', { text: `phone\n${STAFF.join('\n')}\n`, column: 0, name })
    const imported = await importCsv('Imported')
    expect(imported.audience.name).toBe('Imported')
    expect(imported.imported).toBe(2)
    const tags = (list: AudienceView[]) => list.map((item) => [item.name, item.where ?? 'here', item.stale ?? false])
    expect(tags(imported.audiences)).toEqual([
      ['Customers', 'agent', false],
      ['Imported', 'here', false],
    ])
    // The same list `audiences:list` gives; the new audience is this desktop's, not the agent's.
    expect(imported.audiences).toEqual(await listOf(two.desk))
    expect((await listOf(one.agentCore)).map((item) => item.name)).toEqual(['Customers'])

    // The agent away: its audiences as last seen, said as such, and the import goes on here.
    one.served['audiences:list'] = away
    expect(tags((await importCsv('Imported later')).audiences)).toEqual([
      ['Customers', 'agent', true],
      ['Imported', 'here', false],
      ['Imported later', 'here', false],
    ])
  }, 60_000)

  it('a hand-over tells of the saved audiences the agent had no room for, and they stay on the desktop', async () => {
    const { desk, agentCore, accountId } = await pairDeskWithAgent(hooks.fresh(), hooks.emulator(), running)
    // The agent's library is full already.
    await fillAgentLibrary(agentCore)
    await callCore(desk, 'audiences:save', { name: 'Customers', contacts: CUSTOMERS })
    await callCore(desk, 'audiences:save', { name: 'Staff', contacts: STAFF })
    await publish(desk, accountId, 'to customers', CUSTOMERS)
    await publish(desk, accountId, 'to staff', STAFF)

    const result = await callCore<HostedAccountView[]>(desk, 'agent:hand-over', { accountId })
    expect(result.find((item) => item.accountId === accountId)).toMatchObject({
      where: 'agent',
      audiencesLeft: { key: 'errors.handover.audiencesToFull', params: { count: 2, max: MAX_AUDIENCES } },
    })
    // Settings → Agent reads the same list.
    expect(
      (await callCore<HostedAccountView[]>(desk, 'agent:accounts')).find((item) => item.accountId === accountId)?.audiencesLeft,
    ).toEqual({
      key: 'errors.handover.audiencesToFull',
      params: { count: 2, max: MAX_AUDIENCES },
    })
    // Nothing is lost: both stay on the desktop, still listed there.
    const here = (await desk.stories.audiences.list()).map((item) => item.name)
    expect(here).toEqual(['Customers', 'Staff'])
    expect((await listOf(desk)).filter((item) => ['Customers', 'Staff'].includes(item.name)).map((item) => item.where ?? 'here')).toEqual([
      'here',
      'here',
    ])
  }, 60_000)
})
