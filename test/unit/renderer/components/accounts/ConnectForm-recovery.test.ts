import { userText } from '@shared/i18n/user-text'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import ConnectForm from '../../../../../src-renderer/src/components/accounts/ConnectForm.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useToastsStore } from '../../../../../src-renderer/src/stores/toasts'
import { account, state } from '../../support/accounts-fixtures'
import { failure, fakeBridge } from '../../support/fake-bridge'
import { inEnglish } from '../../support/texts'

const noRecovery = { 'settings:status': () => ({ recovered: [] }), 'settings:get': () => null }
const orphan = {
  id: 'f00dfeed0001',
  label: 'Shop',
  baseUrl: 'https://gate.whapi.cloud',
  tokenHint: '…1a2b',
  createdAt: '2025-01-01T00:00:00.000Z',
}

function view(props: Record<string, unknown> = {}) {
  return mount(ConnectForm, {
    props,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
}

describe('ConnectForm after the list of accounts was lost', () => {
  it('offers the account folders found on disk by name, and takes one back with its token', async () => {
    const bridge = fakeBridge({
      'accounts:list': () => ({ ...state([]), orphans: [orphan] }),
      'accounts:connect': () => ({ ...account({ id: orphan.id }), outcome: 'recovered' }),
      ...noRecovery,
    })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.get(`[data-testid="connect-orphan-${orphan.id}"]`).text()).toContain('Shop')
    await wrapper.get(`[data-testid="connect-orphan-restore-${orphan.id}"]`).trigger('click')
    expect(wrapper.text()).toContain('Take back “Shop”')
    expect(wrapper.find('[data-testid="connect-demo"]').exists()).toBe(false)
    await wrapper.get('[data-testid="connect-token"]').setValue('tok_abcdefgh1234')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('accounts:connect')).toEqual([
      { baseUrl: 'https://gate.whapi.cloud', token: 'tok_abcdefgh1234', label: 'Shop', accountId: orphan.id },
    ])
    expect(useToastsStore().toasts.map((toast) => toast.message)).toEqual([
      'Found “Shop” on this computer again, with its cached groups, history, draft and outbox.',
    ])
  })

  it('says when the pair was already connected, naming the account', async () => {
    fakeBridge({
      'accounts:list': () => state([account()]),
      'accounts:connect': () => ({ ...account(), outcome: 'already-connected' }),
      ...noRecovery,
    })
    const wrapper = view({ cancellable: true })
    await flushPromises()
    await wrapper.get('[data-testid="connect-token"]').setValue('tok_abcdefgh1234')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(useToastsStore().toasts[0]?.message).toMatch(
      /^Already connected as “Shop”\. Its name and how its token is kept stay as they were/,
    )
  })

  it('explains a token that belongs to another channel', async () => {
    const otherChannel = userText('accountErrors.connect.otherChannel', {
      channel: '4915112345678',
      label: 'Shop',
      knownChannel: '15550100001',
    })
    fakeBridge({
      'accounts:list': () => state([account()]),
      'accounts:connect': () => {
        throw failure('conflict', otherChannel, { reason: 'other-channel' })
      },
      ...noRecovery,
    })
    const wrapper = view({ reconnect: account({ hasToken: false, encryption: 'session' }), cancellable: true })
    await flushPromises()
    expect((wrapper.get('[data-testid="connect-session-only"]').element as HTMLInputElement).checked).toBe(true)
    await wrapper.get('[data-testid="connect-token"]').setValue('tok_other_channel_1')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    const error = wrapper.get('[data-testid="connect-error"]')
    expect(error.attributes('data-reason')).toBe('other-channel')
    expect(error.text()).toContain(inEnglish(otherChannel))
    expect(error.text()).toContain('Add an account')
  })
})
