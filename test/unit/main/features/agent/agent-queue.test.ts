import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError, codeText } from '@shared/errors'
import { APP_FILE_LIST, APP_FILES } from '../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import { AgentQueue } from '../../../../../src-main/features/agent/agent-queue'
import { HostedAccounts } from '../../../../../src-main/features/agent/hosted-accounts'
import { silentLogger } from '../../../../../src-main/platform/log/log'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-agent-queue-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function queueWith(invoke: (channel: string, arg: unknown) => Promise<unknown>) {
  const hosted = new HostedAccounts(new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.hostedAccounts))
  await hosted.add({
    accountId: 'desk-b',
    agentAccountId: 'agent-b',
    handoverId: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d',
    agentUrl: 'http://127.0.0.1:1',
    since: '2026-11-28T10:00:00.000Z',
  })
  return new AgentQueue({ hosted, invoke })
}

const AT = '2026-11-30T08:00:00.000Z'

describe("the posting queue's calls about several accounts, with one on the agent", () => {
  it("asks the agent for its account's next slot in its ids, and this desktop for the others, in the order asked", async () => {
    const asked: unknown[] = []
    const queue = await queueWith(async (channel, arg) => {
      asked.push([channel, arg])
      return [{ accountId: 'agent-b', at: AT }]
    })
    const next = await queue.nextFree(['desk-b', 'desk-a'], async (ids) => ids.map((accountId) => ({ accountId, at: null })))
    expect(next).toEqual([
      { accountId: 'desk-b', at: AT },
      { accountId: 'desk-a', at: null },
    ])
    expect(asked).toEqual([['queue:next-free', { accountIds: ['agent-b'] }]])
  })

  it('offers no slot for the agent’s account while it is away or answers what is not an answer', async () => {
    const away = await queueWith(async () => {
      throw new AppError('offline', codeText('offline'))
    })
    expect(await away.nextFree(['desk-b'], async () => [])).toEqual([{ accountId: 'desk-b', at: null }])
    expect(await away.everyAccount({ from: AT, to: AT }, async () => [{ accountId: 'desk-b', at: AT, itemId: null }])).toEqual([])
    // An answer that is not one is trusted for nothing: no slot offered, only this desktop's calendar.
    const hostile = await queueWith(async () => [{ accountId: 'agent-b', at: 'x'.repeat(10_000) }])
    expect(await hostile.nextFree(['desk-b'], async () => [])).toEqual([{ accountId: 'desk-b', at: null }])
    const mine = { accountId: 'desk-a', at: AT, itemId: null }
    expect(await hostile.everyAccount({ from: AT, to: AT }, async () => [mine])).toEqual([mine])
  })
})
