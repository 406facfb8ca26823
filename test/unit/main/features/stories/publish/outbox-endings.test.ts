import type { OutboxItemEnd, PublishResult } from '@shared/channels/outbox'
import type { OutboxItemView } from '@shared/story/records'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import { callCore, testCores } from '../../../../../support/app-core'

/**
 * What became of an item that left an account's outbox is said by main, with the change that
 * took it out: the page never infers it from which event came first.
 */

let server: Emulator
beforeEach(async () => {
  server = await startEmulator({ groups: 2 })
})
afterEach(async () => {
  await server.stop()
})
const cores = testCores('statusdesk-outbox-endings-')

type Change = { accountId: string; items: OutboxItemView[]; left: OutboxItemEnd[] }

async function connected() {
  const core = await cores.start()
  const { id } = await callCore<{ id: string }>(core, 'accounts:connect', { baseUrl: server.baseUrl, token: server.token, storage: 'weak' })
  const changes: Change[] = []
  core.events.subscribe((name, payload) => {
    if (name === 'stories:outbox-changed') changes.push(payload as Change)
  })
  return { core, id, changes }
}

const endsOf = (changes: Change[]) => changes.flatMap((change) => change.left.map((end) => ({ ...end, accountId: change.accountId })))

describe('the outbox says how an item left it', () => {
  it('published: the change that takes a sent story out says so, after the change that showed it sent', async () => {
    const { core, id, changes } = await connected()
    const answer = await callCore<PublishResult>(core, 'stories:publish', {
      requestId: 'ending-published',
      draft: { text: { body: 'Out it goes' } },
      accountIds: [id],
    })
    const outcome = answer.targets[0]!.outcome
    expect(outcome.state).toBe('sent')
    const itemId = outcome.state === 'sent' ? outcome.itemId : ''
    await vi.waitFor(() =>
      expect(endsOf(changes)).toEqual([{ accountId: id, id: itemId, requestId: 'ending-published-0', outcome: 'published' }]),
    )
    const leaving = changes.findIndex((change) => change.left.length > 0)
    expect(changes[leaving]!.items.some((item) => item.id === itemId)).toBe(false)
    expect(changes[leaving - 1]!.items.find((item) => item.id === itemId)?.state).toBe('sent')
  })

  it('removed: a planned story discarded by the user, and only the one that left', async () => {
    const { core, id, changes } = await connected()
    const plan = (requestId: string) =>
      callCore<PublishResult>(core, 'stories:publish', {
        requestId,
        draft: { text: { body: requestId } },
        accountIds: [id],
        when: { at: new Date(Date.now() + 86_400_000).toISOString() },
      })
    const [first] = (await plan('ending-removed')).targets
    await plan('ending-kept')
    const itemId = first!.outcome.state === 'scheduled' ? first!.outcome.itemId : ''
    expect(endsOf(changes)).toEqual([])
    await callCore(core, 'stories:outbox-act', { accountId: id, id: itemId, action: 'discard' })
    expect(endsOf(changes)).toEqual([{ accountId: id, id: itemId, requestId: 'ending-removed-0', outcome: 'removed' }])
    expect(changes.at(-1)!.items.map((item) => item.requestId)).toEqual(['ending-kept-0'])
  })
})
