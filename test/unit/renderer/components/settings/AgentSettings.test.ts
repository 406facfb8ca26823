import type { AgentStatus } from '@shared/channels/agent'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import AgentSettings from '../../../../../src-renderer/src/components/settings/AgentSettings.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { failure, fakeBridge } from '../../support/fake-bridge'

const UNPAIRED: AgentStatus = {
  paired: false,
  url: null,
  deviceName: null,
  personName: null,
  pairedAt: null,
  storage: null,
  hasToken: false,
  reachable: null,
  lastSeenAt: null,
  lastError: null,
  refusedAt: null,
  fingerprint: null,
  keyring: { available: true, backend: 'gnome_libsecret' },
}
const PAIRED: AgentStatus = {
  ...UNPAIRED,
  paired: true,
  url: 'http://127.0.0.1:8731',
  deviceName: 'Front desk',
  personName: 'Ana',
  pairedAt: '2026-03-01T10:00:00.000Z',
  storage: 'keyring',
  hasToken: true,
  reachable: true,
  lastSeenAt: '2026-03-01T10:00:00.000Z',
}

function view() {
  return mount(AgentSettings, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
}

const byLabel = (wrapper: ReturnType<typeof view>, label: string) => {
  const found = wrapper.findAll('label').find((candidate) => candidate.text() === label)
  if (!found) throw new Error(`no label ${label}`)
  return wrapper.get(`#${found.attributes('for')!}`)
}
const button = (wrapper: ReturnType<typeof view>, name: string) => {
  const found = wrapper.findAll('button').find((candidate) => candidate.text() === name)
  if (!found) throw new Error(`no button ${name}`)
  return found
}

describe('Settings → Agent', () => {
  it('pairs with the address and code main is given, and shows the pairing, never a token', async () => {
    const bridge = fakeBridge({ 'agent:status': () => UNPAIRED, 'agent:pair': () => PAIRED })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.text()).toContain('This computer is not paired with an agent.')
    await byLabel(wrapper, 'Agent address').setValue('http://192.168.1.4:8731')
    await byLabel(wrapper, 'Pairing code').setValue('ABCD-EFGH')
    await byLabel(wrapper, 'This computer’s name').setValue('Front desk')
    await wrapper.get('form').trigger('submit')
    // An address off this machine is said at once, and main is not asked.
    expect(wrapper.get('[role="alert"]').text()).toContain('Over http:// only an agent on this computer')
    expect(bridge.callsTo('agent:pair')).toEqual([])
    await byLabel(wrapper, 'Agent address').setValue('http://127.0.0.1:8731')
    // The person's name is asked for: blank (spaces only) is said, and main is not asked.
    await byLabel(wrapper, 'Your name').setValue('   ')
    await wrapper.get('form').trigger('submit')
    expect(wrapper.get('[role="alert"]').text()).toBe('Enter your name.')
    expect(byLabel(wrapper, 'Your name').attributes('aria-invalid')).toBe('true')
    expect(bridge.callsTo('agent:pair')).toEqual([])
    await byLabel(wrapper, 'Your name').setValue('Ana')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('agent:pair')).toEqual([
      { url: 'http://127.0.0.1:8731', code: 'ABCD-EFGH', deviceName: 'Front desk', personName: 'Ana' },
    ])
    expect(wrapper.get('[data-testid="agent-paired"]').text()).toContain('Paired with http://127.0.0.1:8731 by Ana as “Front desk”')
    expect(wrapper.find('form').exists()).toBe(false)
    wrapper.unmount()
  })

  it('shows a pairing made without a person’s name by the device’s name alone', async () => {
    fakeBridge({
      'agent:status': () => ({ ...PAIRED, personName: null }),
      'agent:devices': () => [],
      'agent:activity': () => ({ entries: [], more: false }),
    })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.get('[data-testid="agent-paired"]').text()).toContain('Paired with http://127.0.0.1:8731 as “Front desk”')
    wrapper.unmount()
  })

  it("says the agent's refusal in words, and asks how to keep the token when there is no keyring", async () => {
    const noKeyring = { ...UNPAIRED, keyring: { available: false, backend: 'basic_text' } }
    const bridge = fakeBridge({
      'agent:status': () => noKeyring,
      'agent:pair': () => {
        throw failure('forbidden', { key: 'errors.agent.wrongCode', params: { tries: 3 } })
      },
    })
    const wrapper = view()
    await flushPromises()
    await byLabel(wrapper, 'Pairing code').setValue('WXYZ-WXYZ')
    await byLabel(wrapper, 'Your name').setValue('Ana')
    await wrapper.get('form').trigger('submit')
    expect(bridge.callsTo('agent:pair')).toEqual([])
    expect(wrapper.find('[data-testid="connect-storage-required"]').exists()).toBe(true)
    await wrapper.get('[data-testid="connect-storage-session"]').setValue(true)
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('agent:pair')).toMatchObject([{ storage: 'session' }])
    expect(wrapper.get('[data-testid="agent-pair-error"]').text()).toMatch(/not the pairing code the agent printed. Tries left: \P{L}*3/u)
    wrapper.unmount()
  })

  it('says when the agent cannot be reached, checks again, and forgets it', async () => {
    const away = {
      ...PAIRED,
      reachable: false,
      lastError: failure('offline', { key: 'errors.agentLink.unreachable', params: { url: PAIRED.url! } }),
    }
    const bridge = fakeBridge({ 'agent:status': () => away, 'agent:check': () => PAIRED, 'agent:unpair': () => UNPAIRED })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.get('[data-testid="agent-unreachable"]').text()).toMatch(
      /The agent at \P{L}*http:\/\/127.0.0.1:8731\P{L}* did not answer/u,
    )
    await button(wrapper, 'Check now').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('agent:check')).toHaveLength(1)
    expect(wrapper.find('[data-testid="agent-reachable"]').exists()).toBe(true)
    await button(wrapper, 'Forget this agent').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('agent:unpair')).toHaveLength(1)
    expect(wrapper.find('[data-testid="agent-not-paired"]').exists()).toBe(true)
    wrapper.unmount()
  })

  it('over https, shows the certificate to compare and pairs only with the fingerprint the user accepted', async () => {
    const fingerprint = Array.from({ length: 32 }, () => 'AB').join(':')
    const url = 'https://agent.example:8731'
    const bridge = fakeBridge({
      'agent:status': () => UNPAIRED,
      'agent:certificate': () => ({ url, fingerprint, subject: 'agent', validTo: '2036-03-01T10:00:00.000Z' }),
      'agent:pair': () => ({ ...PAIRED, url, fingerprint }),
    })
    const wrapper = view()
    await flushPromises()
    await byLabel(wrapper, 'Agent address').setValue(url)
    await byLabel(wrapper, 'Pairing code').setValue('ABCD-EFGH')
    await byLabel(wrapper, 'Your name').setValue('Ana')
    await wrapper.get('form').trigger('submit')
    expect(bridge.callsTo('agent:pair')).toEqual([])
    await button(wrapper, 'Read its certificate').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('agent:certificate')).toEqual([{ url }])
    expect(wrapper.get('[data-testid="agent-certificate"]').text()).toContain(fingerprint)
    await wrapper.get('form').trigger('submit')
    expect(bridge.callsTo('agent:pair')).toEqual([])
    await byLabel(wrapper, 'It is the same as the agent’s certificate line').setValue(true)
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('agent:pair')).toMatchObject([{ url, fingerprint, code: 'ABCD-EFGH' }])
    expect(wrapper.get('[data-testid="agent-pin"]').text()).toContain(fingerprint)
    wrapper.unmount()
  })

  it('lists the devices with what each last did, revokes one, and shows and exports the activity log', async () => {
    const me = {
      id: 'd-1',
      name: 'Front desk',
      personName: null,
      pairedAt: PAIRED.pairedAt!,
      lastSeenAt: PAIRED.lastSeenAt,
      self: true,
      lastAction: null,
    }
    const other = {
      ...me,
      id: 'd-2',
      name: 'Old laptop',
      personName: 'Bia',
      self: false,
      lastAction: { action: 'plan', at: '2026-03-01T11:00:00.000Z', accountId: 'acc-1' },
    }
    const entry = {
      id: '7',
      at: '2026-03-01T11:00:00.000Z',
      deviceId: 'd-2',
      deviceName: 'Old laptop',
      personName: 'Bia',
      action: 'plan',
      accountId: 'acc-1',
      subject: 'item-1',
    }
    const bridge = fakeBridge({
      'agent:status': () => PAIRED,
      'agent:devices': () => [me, other],
      'agent:revoke': () => [me],
      'agent:activity': () => ({ entries: [entry], more: false }),
      'agent:activity-export': () => ({ path: '/tmp/agent-activity.csv', rows: 1 }),
    })
    const wrapper = view()
    await flushPromises()
    const devices = wrapper.get('[data-testid="agent-devices"]')
    expect(devices.text()).toContain('Front desk')
    expect(devices.text()).toContain('Last: planned a story at')
    // Who paired each device, when they gave a name; a device paired without one is named alone.
    expect(devices.findAll('[data-testid="agent-device-person"]').map((said) => said.text())).toEqual(['Paired by Bia'])
    const headers = wrapper.findAll('[data-testid="agent-activity"] th').map((th) => th.text())
    const cells = wrapper.findAll('[data-testid="agent-activity"] tbody td').map((td) => td.text())
    expect(cells[headers.indexOf('Person')]).toBe('Bia')
    expect(cells[headers.indexOf('Device')]).toBe('Old laptop')
    const revoke = wrapper.findAll('button').find((candidate) => candidate.attributes('aria-label') === 'Revoke Old laptop')!
    await revoke.trigger('click')
    await flushPromises()
    expect(bridge.callsTo('agent:revoke')).toEqual([{ deviceId: 'd-2' }])
    expect(wrapper.get('[data-testid="agent-devices"]').text()).not.toContain('Old laptop')
    await button(wrapper, 'Export as CSV').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('agent:activity-export')).toEqual([{}])
    wrapper.unmount()
  })

  it('asks the agent at once when this run has not asked it yet', async () => {
    const bridge = fakeBridge({ 'agent:status': () => ({ ...PAIRED, reachable: null, lastSeenAt: null }), 'agent:check': () => PAIRED })
    const wrapper = view()
    await flushPromises()
    expect(bridge.callsTo('agent:check')).toHaveLength(1)
    expect(wrapper.find('[data-testid="agent-reachable"]').exists()).toBe(true)
    wrapper.unmount()
  })

  it('says a device whose pairing was revoked is refused, with the way forward: pairing again', async () => {
    const refused: AgentStatus = {
      ...PAIRED,
      refusedAt: '2026-03-02T09:30:00.000Z',
      lastError: failure('forbidden', { key: 'errors.agent.badToken' }),
    }
    const bridge = fakeBridge({ 'agent:status': () => refused, 'agent:pair': () => PAIRED })
    const wrapper = view()
    await flushPromises()
    const said = wrapper.get('[data-testid="agent-refused"]')
    expect(said.attributes('role')).toBe('alert')
    expect(said.text()).toContain('The agent refused this computer')
    expect(said.text()).toContain('Pair again with a new code from the agent.')
    // Not said to have answered, nor to be away: refused is a state of its own.
    expect(wrapper.find('[data-testid="agent-reachable"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="agent-unreachable"]').exists()).toBe(false)
    // The way forward is at hand: the pairing form, with a new code.
    await byLabel(wrapper, 'Pairing code').setValue('WXYZ-1234')
    await byLabel(wrapper, 'Your name').setValue('Ana')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('agent:pair')).toEqual([
      { url: 'http://127.0.0.1:8731', code: 'WXYZ-1234', deviceName: expect.any(String), personName: 'Ana' },
    ])
    expect(wrapper.find('[data-testid="agent-refused"]').exists()).toBe(false)
    expect(wrapper.find('form').exists()).toBe(false)
    wrapper.unmount()
  })
})
