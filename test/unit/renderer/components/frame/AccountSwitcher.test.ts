import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import AccountSwitcher from '../../../../../src-renderer/src/components/frame/AccountSwitcher.vue'
import { useAccountsStore } from '../../../../../src-renderer/src/stores/accounts'
import { useNavStore } from '../../../../../src-renderer/src/stores/nav'
import { account, state } from '../../support/accounts-fixtures'
import { fakeBridge } from '../../support/fake-bridge'
import { plugins } from '../../support/groups-fixtures'

const shop = account()
const demo = account({ id: 'd1', label: 'Demo account', baseUrl: 'http://127.0.0.1:4100', isDemo: true })

async function mountSwitcher(activeId = 'd1') {
  const bridge = fakeBridge({
    'accounts:list': () => state([shop, demo], activeId),
    'accounts:switch': (arg) => state([shop, demo], (arg as { id: string }).id),
  })
  const setup = plugins()
  await useAccountsStore().load()
  const wrapper = mount(AccountSwitcher, { ...setup, attachTo: document.body })
  return { wrapper, bridge }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('AccountSwitcher', () => {
  it('always shows the active account, and says when it is the demo', async () => {
    const { wrapper } = await mountSwitcher()
    expect(wrapper.get('[data-testid="account-active-label"]').text()).toBe('Demo account')
    expect(wrapper.get('[data-testid="account-demo-badge"]').text()).toBe('Demo')
    // Its accessible name is its visible text behind a hidden "Account:", not a label that hides the host shown.
    const button = wrapper.get('[data-testid="account-switcher-button"]')
    expect(button.attributes('aria-label')).toBeUndefined()
    expect(button.text()).toMatch(/^Account:.*Demo account\s*Demo/)
    expect(button.attributes('title')).toBe('Switch account, current: Demo account')
  })

  it('lists the accounts, marks the active one and switches to another', async () => {
    const { wrapper, bridge } = await mountSwitcher()
    await wrapper.get('[data-testid="account-switcher-button"]').trigger('click')
    expect(wrapper.get('[data-testid="account-option-d1"]').attributes('aria-checked')).toBe('true')
    expect(wrapper.get('[data-testid="account-option-a1"]').attributes('aria-checked')).toBe('false')
    await wrapper.get('[data-testid="account-option-a1"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('accounts:switch')).toEqual([{ id: 'a1' }])
    expect(wrapper.get('[data-testid="account-active-label"]').text()).toBe('Shop')
    expect(wrapper.find('[role="menu"]').exists()).toBe(false)
  })

  it('moves through the menu with the arrows and closes on Escape', async () => {
    const { wrapper } = await mountSwitcher()
    await wrapper.get('[data-testid="account-switcher-button"]').trigger('click')
    await flushPromises()
    expect(document.activeElement?.getAttribute('data-testid')).toBe('account-option-d1')
    await wrapper.get('[role="menu"]').trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement?.getAttribute('data-testid')).toBe('account-add')
    await wrapper.get('[role="menu"]').trigger('keydown', { key: 'Escape' })
    expect(wrapper.find('[role="menu"]').exists()).toBe(false)
    expect(document.activeElement?.getAttribute('data-testid')).toBe('account-switcher-button')
  })

  it('opens the connect screen to add an account', async () => {
    const { wrapper } = await mountSwitcher()
    await wrapper.get('[data-testid="account-switcher-button"]').trigger('click')
    await wrapper.get('[data-testid="account-add"]').trigger('click')
    expect(useNavStore().adding).toBe(true)
  })
})
