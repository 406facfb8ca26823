import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import AccountsSettings from '../../../../../src-renderer/src/components/settings/AccountsSettings.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { account, state } from '../../support/accounts-fixtures'
import { fakeBridge } from '../../support/fake-bridge'

const shop = account()
const temp = account({ id: 'a2', label: 'Temp', encryption: 'session', hasToken: false, tokenHint: '…9z9z' })
const demo = account({ id: 'd1', label: 'Demo account', isDemo: true, encryption: 'session', baseUrl: 'http://127.0.0.1:4000' })
const noRecovery = { 'settings:status': () => ({ recovered: [] }), 'settings:get': () => null }

function view() {
  return mount(AccountsSettings, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
}

describe('AccountsSettings', () => {
  it('lists each account with its server, token hint, storage and the keyring status', async () => {
    fakeBridge({ 'accounts:list': () => state([shop, temp, demo], 'a1', false), ...noRecovery })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.get('[data-testid="accounts-keyring"]').text()).toContain('No system keyring (basic_text)')
    expect(wrapper.find('[data-testid="accounts-active-a1"]').exists()).toBe(true)
    expect(wrapper.get('[data-testid="accounts-hint-a1"]').text()).toBe('…1a2b')
    expect(wrapper.get('[data-testid="accounts-storage-a1"]').text()).toBe('Encrypted by the system keyring')
    expect(wrapper.get('[data-testid="accounts-storage-a2"]').text()).toBe('This session only (not stored)')
    expect(wrapper.find('[data-testid="accounts-token-needed-a2"]').exists()).toBe(true)
    expect(wrapper.get('[data-testid="accounts-item-d1"]').find('[data-testid="demo-badge"]').exists()).toBe(true)
    expect(wrapper.get('[data-testid="accounts-item-a1"]').find('[data-testid="demo-badge"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="accounts-switch-a1"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('switches and renames through main', async () => {
    const bridge = fakeBridge({
      'accounts:list': () => state([shop, demo], 'a1'),
      'accounts:switch': () => state([shop, demo], 'd1'),
      'accounts:rename': () => account({ label: 'Main shop' }),
      ...noRecovery,
    })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="accounts-switch-d1"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('accounts:switch')).toEqual([{ id: 'd1' }])
    expect(wrapper.get('[data-testid="accounts-item-d1"]').attributes('data-active')).toBe('true')

    await wrapper.get('[data-testid="accounts-rename-a1"]').trigger('click')
    await wrapper.get('[data-testid="accounts-rename-input-a1"]').setValue('Main shop')
    await wrapper.get('[data-testid="accounts-rename-save-a1"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('accounts:rename')).toEqual([{ id: 'a1', label: 'Main shop' }])
    expect(wrapper.find('[data-testid="accounts-rename-input-a1"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('asks before signing out and offers to delete the cached data', async () => {
    const bridge = fakeBridge({
      'accounts:list': () => state([shop, demo], 'a1'),
      'accounts:sign-out': () => state([demo], 'd1'),
      ...noRecovery,
    })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="accounts-signout-a1"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('accounts:sign-out')).toEqual([])
    const dialog = wrapper.get('[data-testid="accounts-signout-dialog"]')
    expect(dialog.text()).toContain('Sign out of “Shop”?')
    await dialog.get('[data-testid="accounts-signout-remove-data"]').setValue(true)
    await dialog.get('[data-testid="accounts-signout-confirm"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('accounts:sign-out')).toEqual([{ id: 'a1', removeData: true }])
    expect(wrapper.find('[data-testid="accounts-item-a1"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('opens the connect form to enter a missing token again', async () => {
    fakeBridge({ 'accounts:list': () => state([temp], 'a2', false), ...noRecovery })
    const wrapper = view()
    await flushPromises()
    await wrapper.get('[data-testid="accounts-reenter-a2"]').trigger('click')
    await flushPromises()
    const form = wrapper.get('[data-testid="accounts-connect-dialog"]')
    expect(form.text()).toContain('Enter the token again for “Temp”')
    expect(form.find('[data-testid="connect-storage-choice"]').exists()).toBe(true)
    wrapper.unmount()
  })
})
