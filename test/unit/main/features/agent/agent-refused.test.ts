import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AgentDevice, AgentStatus } from '@shared/channels/agent'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { callCore } from '../../../../support/app-core'
import { addDesk, deskAndAgentHooks, pairDeskWithAgent } from '../../../../support/desk-and-agent'

const hooks = deskAndAgentHooks('statusdesk-agent-refused-')
const { running } = hooks

/** The next `agent:changed` main tells the pages that says the device was refused. */
function nextRefusal(desk: AppCore, withinMs: number): Promise<AgentStatus> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error('no refusal said'))
    }, withinMs)
    const stop = desk.events.subscribe((name, payload) => {
      if (name !== 'agent:changed' || (payload as AgentStatus).refusedAt === null) return
      clearTimeout(timer)
      stop()
      resolve(payload as AgentStatus)
    })
  })
}

describe('a desktop whose pairing was revoked on the agent', () => {
  it('is said to be refused (not to have been answered), by its event stream alone, until it pairs again', async () => {
    const one = await pairDeskWithAgent(join(hooks.root(), 'revoked'), hooks.emulator(), running)
    await callCore(one.desk, 'agent:hand-over', { accountId: one.accountId })
    const accepted = await callCore<AgentStatus>(one.desk, 'agent:check')
    expect(accepted).toMatchObject({ reachable: true, refusedAt: null, lastError: null })

    const two = await addDesk(join(hooks.root(), 'revoked', 'desk-2'), one.agent, hooks.emulator(), running, 'Back office', {
      connect: false,
    })
    const devices = await callCore<AgentDevice[]>(two.desk, 'agent:devices')
    // The agent ends the revoked device's stream; the desktop's next attempt to follow it is refused at the door.
    const said = nextRefusal(one.desk, 20_000)
    await callCore(two.desk, 'agent:revoke', { deviceId: devices.find((device) => device.name === 'Front desk')!.id })
    const refused = await said
    expect(refused.refusedAt).not.toBeNull()
    expect(refused.lastError?.code).toBe('forbidden')
    expect(await callCore<AgentStatus>(one.desk, 'agent:status')).toMatchObject({
      paired: true,
      hasToken: true,
      refusedAt: refused.refusedAt,
    })

    // Asking again says the same: a refused token is no answer to show as one.
    const checked = await callCore<AgentStatus>(one.desk, 'agent:check')
    expect(checked.refusedAt).not.toBeNull()
    expect(checked.lastError?.text.key).toBe('errors.agent.badToken')

    // The way forward: pairing again with a new code.
    const again = await callCore<AgentStatus>(one.desk, 'agent:pair', {
      url: one.agent.server.url,
      code: one.agent.code(),
      deviceName: 'Front desk',
      storage: 'weak',
    })
    expect(again).toMatchObject({ reachable: true, refusedAt: null, lastError: null })
    expect(await callCore<AgentStatus>(one.desk, 'agent:check')).toMatchObject({ reachable: true, refusedAt: null })
  }, 60_000)

  it("is not said to be refused when one of the agent's handlers refuses a call: only the agent's door refuses a device", async () => {
    const one = await pairDeskWithAgent(join(hooks.root(), 'handler'), hooks.emulator(), running)
    const kept = one.served['app:info']
    one.served['app:info'] = () => {
      throw new AppError('forbidden', userText('errors.bridge.noEndpoint'))
    }
    const status = await callCore<AgentStatus>(one.desk, 'agent:check')
    expect(status.refusedAt).toBeNull()
    expect(status.lastError?.code).toBe('forbidden')
    one.served['app:info'] = kept
    expect(await callCore<AgentStatus>(one.desk, 'agent:check')).toMatchObject({ reachable: true, refusedAt: null, lastError: null })
  }, 60_000)
})
