import { describe, expect, it } from 'vitest'
import { AGENT_CALLS_AT_ONCE, askEach, splitAccounts } from '../../../../../src-main/features/agent/agent-split'
import type { HostedAccount } from '../../../../../src-main/features/agent/hosted-accounts'

const hosted = (n: number): HostedAccount[] =>
  Array.from({ length: n }, (_, k) => ({
    accountId: `desk-${k}`,
    agentAccountId: `agent-${k}`,
    handoverId: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d',
    agentUrl: 'http://127.0.0.1:1',
    since: '2026-11-28T10:00:00.000Z',
  }))

describe('calls about several accounts, split between this desktop and the agent', () => {
  it('asks the agent about many accounts a few at a time, and answers in the accounts’ order', async () => {
    let inFlight = 0
    let most = 0
    const answers = await askEach(hosted(25), async (account) => {
      most = Math.max(most, ++inFlight)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
      inFlight--
      return account.agentAccountId
    })
    expect(most).toBe(AGENT_CALLS_AT_ONCE)
    expect(answers).toEqual(hosted(25).map((account) => account.agentAccountId))
    expect(await askEach([], async () => 1)).toEqual([])
  })

  it('tells the accounts asked that run on the agent from those that run here', () => {
    expect(splitAccounts(hosted(2), ['desk-1', 'mine'])).toEqual({ theirs: [hosted(2)[1]], mine: ['mine'] })
  })
})
