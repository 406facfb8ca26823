import { describe, expect, it } from 'vitest'
import { servedToDevices } from '../../../../src-main/agent/guard'
import { dispatch } from '../../../../src-main/handlers/dispatch'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { testHandlers } from '../../../support/handlers'

const device = { transport: 'agent' as const, client: 'device:00000000-0000-0000-0000-000000000001' }

describe('the channels an agent serves to devices', () => {
  it("refuses the desktop's own pairing channels, so a device cannot make the agent call a server on its host", async () => {
    let called = 0
    const handlers = servedToDevices(
      testHandlers({
        'agent:pair': () => {
          called += 1
          throw new Error('must not run')
        },
      }),
    )
    for (const [channel, arg] of [
      ['agent:pair', { url: 'http://127.0.0.1:5432', code: 'ABCD-EFGH', deviceName: 'x' }],
      ['agent:check', undefined],
      ['agent:status', undefined],
      ['agent:unpair', undefined],
    ] as const) {
      expect(await dispatch(handlers, channel, arg, device, silentLogger), channel).toEqual({
        ok: false,
        error: { code: 'invalid-request', text: { key: 'errors.bridge.noEndpoint' } },
      })
    }
    expect(called).toBe(0)
    // Every other channel is served as before.
    expect(await dispatch(handlers, 'app:info', undefined, device, silentLogger)).toMatchObject({ ok: true, value: { transport: 'agent' } })
  })
})
