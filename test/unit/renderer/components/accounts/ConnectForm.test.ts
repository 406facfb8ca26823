import { type UserText, userText } from '@shared/i18n/user-text'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import ConnectForm from '../../../../../src-renderer/src/components/accounts/ConnectForm.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { account, state } from '../../support/accounts-fixtures'
import { failure, fakeBridge } from '../../support/fake-bridge'
import { inEnglish } from '../../support/texts'

const noRecovery = { 'settings:status': () => ({ recovered: [] }), 'settings:get': () => null }

function view(props: Record<string, unknown> = {}) {
  return mount(ConnectForm, {
    props,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
}

describe('ConnectForm', () => {
  it('offers the public gateway, a password field and the demo', async () => {
    fakeBridge({ 'accounts:list': () => state([]), ...noRecovery })
    const wrapper = view()
    await flushPromises()
    expect((wrapper.get('[data-testid="connect-base-url"]').element as HTMLInputElement).value).toBe('https://gate.whapi.cloud')
    expect(wrapper.get('[data-testid="connect-token"]').attributes('type')).toBe('password')
    await wrapper.get('[data-testid="connect-token-toggle"]').trigger('click')
    expect(wrapper.get('[data-testid="connect-token"]').attributes('type')).toBe('text')
    expect(wrapper.get('[data-testid="connect-keyring-available"]').text()).toContain('gnome_libsecret')
    expect(wrapper.find('[data-testid="connect-demo"]').exists()).toBe(true)
  })

  it('checks the fields before asking main', async () => {
    const bridge = fakeBridge({ 'accounts:list': () => state([]), ...noRecovery })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="connect-base-url"]').setValue('gate.whapi.cloud')
    await wrapper.get('[data-testid="connect-token"]').setValue('short')
    await wrapper.get('form').trigger('submit')
    expect(bridge.callsTo('accounts:connect')).toEqual([])
    expect(wrapper.get('[data-testid="connect-base-url"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.text()).toContain('The token looks too short.')
  })

  it.each(['http://gate.whapi.cloud', 'http://192.168.1.10:8080', 'ftp://127.0.0.1'])(
    'refuses %s as main does: the token would travel in clear',
    async (address) => {
      const bridge = fakeBridge({ 'accounts:list': () => state([]), ...noRecovery })
      const wrapper = view()
      await flushPromises()
      await wrapper.get('[data-testid="connect-base-url"]').setValue(address)
      await wrapper.get('[data-testid="connect-token"]').setValue('tok_abcdefgh1234')
      await wrapper.get('form').trigger('submit')
      expect(bridge.callsTo('accounts:connect')).toEqual([])
      expect(wrapper.get('[data-testid="connect-base-url"]').attributes('aria-invalid')).toBe('true')
      expect(wrapper.text()).toContain('Enter an address starting with https:// (or http:// for a server on this computer).')
    },
  )

  it('takes plain http to this computer', async () => {
    const bridge = fakeBridge({
      'accounts:list': () => state([]),
      'accounts:connect': () => ({ ...account(), outcome: 'added' as const }),
      ...noRecovery,
    })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="connect-base-url"]').setValue(' http://localhost:4010 ')
    await wrapper.get('[data-testid="connect-token"]').setValue('tok_abcdefgh1234')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('accounts:connect')).toMatchObject([{ baseUrl: 'http://localhost:4010' }])
  })

  it('says an empty token is required, not that it is too short', async () => {
    const bridge = fakeBridge({ 'accounts:list': () => state([]), ...noRecovery })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="connect-token"]').setValue('   ')
    await wrapper.get('form').trigger('submit')
    expect(bridge.callsTo('accounts:connect')).toEqual([])
    expect(wrapper.get('[data-testid="connect-token"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.text()).toContain('The API token is required.')
    expect(wrapper.text()).not.toContain('too short')
  })

  it('draws no frame of its own inside a dialog that has one', async () => {
    fakeBridge({ 'accounts:list': () => state([]), ...noRecovery })
    expect(view().get('[data-testid="connect-view"]').classes()).not.toContain('embedded')
    expect(view({ embedded: true }).get('[data-testid="connect-view"]').classes()).toContain('embedded')
  })

  it('makes the user choose session-only or weak storage when there is no keyring', async () => {
    const bridge = fakeBridge({
      'accounts:list': () => state([], null, false),
      'accounts:connect': () => ({ ...account({ encryption: 'session' }), outcome: 'added' as const }),
      ...noRecovery,
    })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="connect-token"]').setValue('tok_abcdefgh1234')
    await wrapper.get('form').trigger('submit')
    expect(bridge.callsTo('accounts:connect')).toEqual([])
    expect(wrapper.find('[data-testid="connect-storage-required"]').exists()).toBe(true)

    await wrapper.get('[data-testid="connect-storage-session"]').setValue(true)
    await wrapper.get('[data-testid="connect-label"]').setValue('  Shop ')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('accounts:connect')).toEqual([
      { baseUrl: 'https://gate.whapi.cloud', token: 'tok_abcdefgh1234', label: 'Shop', storage: 'session' },
    ])
    expect(wrapper.emitted('done')?.[0]).toEqual([{ ...account({ encryption: 'session' }), outcome: 'added' }])
  })

  const host = 'gate.whapi.cloud'
  it.each<[string, string, UserText]>([
    ['unauthorized', 'Wrong token, or the channel is not authorized', userText('apiErrors.connect.refusedToken', { host })],
    ['offline', 'Could not reach the server', userText('apiErrors.connect.unreachable', { host })],
    ['server', 'The server had a problem', userText('apiErrors.connect.serverProblem', { host, status: 502 })],
    ['not-api', 'This is not the kind of server Statusdesk talks to', userText('apiErrors.connect.notGroups', { host })],
  ])('explains a %s failure next to the form', async (reason, title, text) => {
    fakeBridge({
      'accounts:list': () => state([]),
      'accounts:connect': () => {
        throw failure('server', text, { reason })
      },
      ...noRecovery,
    })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="connect-token"]').setValue('tok_abcdefgh1234')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    const error = wrapper.get('[data-testid="connect-error"]')
    expect(error.attributes('data-reason')).toBe(reason)
    expect(error.text()).toContain(title)
    expect(error.text()).toContain(inEnglish(text))
    expect(wrapper.emitted('done')).toBeUndefined()
  })

  it('asks again for the token of an existing account, without the demo', async () => {
    const bridge = fakeBridge({
      'accounts:list': () => state([]),
      'accounts:connect': () => ({ ...account(), outcome: 'added' as const }),
      ...noRecovery,
    })
    const wrapper = view({ reconnect: account({ hasToken: false, baseUrl: 'http://127.0.0.1:9' }), cancellable: true })
    await flushPromises()
    expect(wrapper.text()).toContain('Enter the token again for “Shop”')
    expect(wrapper.find('[data-testid="connect-demo"]').exists()).toBe(false)
    await wrapper.get('[data-testid="connect-token"]').setValue('tok_abcdefgh1234')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('accounts:connect')).toEqual([
      { baseUrl: 'http://127.0.0.1:9', token: 'tok_abcdefgh1234', label: 'Shop', accountId: 'a1' },
    ])
    await wrapper.get('[data-testid="connect-cancel"]').trigger('click')
    expect(wrapper.emitted('cancel')).toHaveLength(1)
  })

  it('starts the demo', async () => {
    const demo = account({ id: 'd1', isDemo: true })
    const bridge = fakeBridge({ 'accounts:list': () => state([]), 'accounts:demo': () => demo, ...noRecovery })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="connect-demo"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('accounts:demo')).toHaveLength(1)
    expect(wrapper.emitted('done')?.[0]).toEqual([demo])
  })

  it('says so when a file was set aside at startup', async () => {
    const reason = userText('apiErrors.store.notJson')
    fakeBridge({
      'accounts:list': () => state([]),
      'settings:get': () => null,
      'settings:status': () => ({
        recovered: [{ file: 'settings', movedTo: 'settings.json.unreadable-x', at: 'now', reason }],
      }),
    })
    const wrapper = view()
    await flushPromises()
    const notice = wrapper.get('[data-testid="recovery-settings"]')
    expect(notice.text()).toContain('back to their defaults')
    expect(notice.text()).toContain('settings.json.unreadable-x')
    expect(notice.text()).toContain(inEnglish(reason))
    await wrapper.get('[data-testid="recovery-dismiss"]').trigger('click')
    expect(wrapper.find('[data-testid="recovery-notice"]').exists()).toBe(false)
  })
})
