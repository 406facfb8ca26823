import type { AccountsState } from '@shared/channels/accounts'
import type { OutboxItemView } from '@shared/story/records'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import OutboxView from '../../../../src-renderer/src/views/OutboxView.vue'
import { account, state } from '../support/accounts-fixtures'
import { fakeBridge } from '../support/fake-bridge'
import { outboxItem } from '../support/publish-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
})

const shopAndDemo = state([account({ id: 'a1', label: 'Shop' }), account({ id: 'demo', label: 'Demo bakery', isDemo: true })])
const items = [
  outboxItem({ id: 'q1', accountId: 'a1', summary: { ...outboxItem({ id: 'q1' }).summary, text: 'Waiting at the shop' } }),
  outboxItem({ id: 'p1', accountId: 'a1', state: 'scheduled', dueAt: '2099-01-02T09:00:00Z' }),
  outboxItem({ id: 'p2', accountId: 'demo', state: 'scheduled', dueAt: '2099-01-01T09:00:00Z' }),
  outboxItem({ id: 'p3', accountId: 'demo', state: 'scheduled', dueAt: '2099-01-03T09:00:00Z' }),
]

async function mountWith(accounts: AccountsState, list: OutboxItemView[] = items) {
  const bridge = fakeBridge({
    'accounts:list': () => accounts,
    'stories:outbox-list': () => list,
    'stories:history-list': () => [],
    'stories:set-aside-list': () => [],
    'stories:outbox-act': () => [],
  })
  const wrapper = mount(OutboxView, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
  await useAccountsStore().load()
  await flushPromises()
  return { wrapper, bridge }
}

describe('OutboxView with several accounts', () => {
  it('lists every account’s stories, each naming its account, and the demo with its badge', async () => {
    const { wrapper } = await mountWith(shopAndDemo)
    expect(wrapper.get('[data-testid="planned-count"]').text()).toBe('3 stories planned')
    const planned = wrapper.findAll('[data-testid="planned-item"]')
    const named = planned.map((row) => row.get('[data-testid="item-account"]'))
    expect(named.map((name) => name.get('bdi').text())).toEqual(['Demo bakery', 'Shop', 'Demo bakery'])
    expect(named.map((name) => name.find('[data-testid="demo-badge"]').exists())).toEqual([true, false, true])
    // A screen reader hears which account before the name.
    expect(named[1]!.text()).toBe('Account: Shop')
    expect(wrapper.get('[data-testid="outbox-item"]').get('[data-testid="item-account"]').attributes('data-account')).toBe('a1')
  })

  it('narrows the lists and the count to the account chosen in the filter', async () => {
    const { wrapper } = await mountWith(shopAndDemo)
    const filter = wrapper.get('[data-testid="outbox-account-filter"]')
    expect(filter.element.id).toBe(wrapper.get('label').attributes('for'))
    expect(filter.findAll('option').map((option) => option.text())).toEqual(['All accounts', 'Shop', 'Demo bakery (demo)'])
    await filter.setValue('demo')
    expect(wrapper.get('[data-testid="planned-count"]').text()).toBe('2 stories planned')
    expect(wrapper.findAll('[data-testid="planned-item"]').map((row) => row.attributes('data-account'))).toEqual(['demo', 'demo'])
    expect(wrapper.find('[data-testid="outbox-item"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="outbox-empty"]').exists()).toBe(true)
    await filter.setValue('a1')
    expect(wrapper.get('[data-testid="planned-count"]').text()).toBe('1 story planned')
    expect(wrapper.get('[data-testid="outbox-item"]').text()).toContain('Waiting at the shop')
    await filter.setValue('')
    expect(wrapper.get('[data-testid="planned-count"]').text()).toBe('3 stories planned')
  })

  it('acts on a planned story in its own account', async () => {
    const { wrapper, bridge } = await mountWith(shopAndDemo)
    window.confirm = vi.fn(() => true)
    await wrapper.findAll('[data-testid="planned-item"]')[0]!.get('[data-testid="planned-cancel"]').trigger('click')
    expect(bridge.callsTo('stories:outbox-act')).toEqual([{ accountId: 'demo', id: 'p2', action: 'discard', rev: 1 }])
  })
})

describe('OutboxView with one account', () => {
  it('shows no filter and names no account', async () => {
    const { wrapper } = await mountWith(state([account({ id: 'a1', label: 'Shop' })]), items.slice(0, 2))
    expect(wrapper.find('[data-testid="outbox-account-filter"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="item-account"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="planned-count"]').text()).toBe('1 story planned')
  })
})

describe('OutboxView times', () => {
  it('says when a queued story is tried next, "in a moment" once that time has come, never "now"', async () => {
    const now = Date.now()
    const at = (ms: number) => new Date(now + ms).toISOString()
    const { wrapper } = await mountWith(state([account({ id: 'a1', label: 'Shop' })]), [
      outboxItem({ id: 'q1', createdAt: at(-3 * 60_000), attempts: 1, nextAttemptAt: at(5 * 60_000 + 10_000) }),
      outboxItem({ id: 'q2', createdAt: at(-3 * 60_000), attempts: 2, nextAttemptAt: at(-90_000) }),
    ])
    const meta = wrapper.findAll('[data-testid="outbox-item"] .meta').map((line) => line.text().replace(/\s+/g, ' '))
    expect(meta).toEqual([
      'Text · All contacts · 3 min. ago · 1 attempt · Next try in 5 minutes',
      'Text · All contacts · 3 min. ago · 2 attempts · Next try in a moment',
    ])
  })
})
