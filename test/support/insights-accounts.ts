import { afterAll, beforeAll } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { AppCore } from '../../src-main/app/app-core'
import { type Emulator, startEmulator } from '../../src-main/emulator'
import { callCore } from './app-core'

/**
 * The two accounts a file of every-account Insights tests adds beside the one handed over, each
 * on an emulator of its own started for the file: one this desktop keeps, and a teammate's on
 * the agent that this desktop does not show (and must never count). Call it at the top of a file.
 */
export function otherAccountsHooks() {
  const servers: { here: Emulator | null; teammate: Emulator | null } = { here: null, teammate: null }
  beforeAll(async () => {
    servers.here = await startEmulator({ groups: 1 })
    servers.teammate = await startEmulator({ groups: 1 })
  })
  afterAll(async () => {
    await servers.here?.stop()
    await servers.teammate?.stop()
  })
  const connect = (core: AppCore, server: Emulator, storage: 'weak' | 'keyring') =>
    callCore<AccountSummary>(core, 'accounts:connect', { baseUrl: server.baseUrl, token: server.token, storage })
  return {
    /** An account of the desktop's own, run here. */
    connectHere: (desk: AppCore) => connect(desk, servers.here!, 'weak'),
    /** A teammate's account, connected on the agent itself. */
    connectTeammate: (agentCore: AppCore) => connect(agentCore, servers.teammate!, 'keyring'),
  }
}

/** An agent answering the same `answer` as each account's part of a call about several accounts. */
export function eachSaying(answer: unknown): (arg: { accountIds: string[] }) => Promise<never> {
  return async (arg) => ({ parts: arg.accountIds.map((accountId) => ({ accountId, value: answer })) }) as never
}
