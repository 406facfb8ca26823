import type { HistoryItemView } from '@shared/channels/outbox'
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

const ASOF = '2026-11-28T06:30:00.000Z'
const hosted = state([account({ id: 'a1', label: 'Shop' })])

async function mountWith(items: OutboxItemView[], history: HistoryItemView[] = []) {
  fakeBridge({
    'accounts:list': () => hosted,
    'stories:outbox-list': () => items,
    'stories:history-list': () => history,
    'stories:set-aside-list': () => [],
  })
  const wrapper = mount(OutboxView, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
  await useAccountsStore().load()
  await flushPromises()
  return wrapper
}

describe('OutboxView of an account on the agent', () => {
  it('labels the agent’s items and says nothing of a stale state while the agent answers', async () => {
    const wrapper = await mountWith([
      outboxItem({ id: 'q1', accountId: 'a1', where: 'agent', asOf: ASOF }),
      outboxItem({ id: 'p1', accountId: 'a1', state: 'scheduled', dueAt: '2099-01-02T09:00:00Z', where: 'agent', asOf: ASOF }),
    ])
    expect(wrapper.get('[data-testid="outbox-item"]').text()).toContain('On the agent')
    expect(wrapper.get('[data-testid="planned-item"]').text()).toContain('On the agent')
    expect(wrapper.find('[role="status"][data-testid="agent-stale"]').exists()).toBe(false)
  })

  it('says the last state and as of when while the agent is not reachable, and shows a waiting edit', async () => {
    const wrapper = await mountWith([
      outboxItem({
        id: 'p1',
        accountId: 'a1',
        state: 'scheduled',
        dueAt: '2099-01-02T09:00:00Z',
        where: 'agent',
        asOf: ASOF,
        stale: true,
        waiting: true,
      }),
    ])
    const banner = wrapper.get('[role="status"][data-testid="agent-stale"]')
    expect(banner.text()).toMatch(/^Last state from .*2026.*; the agent is not reachable\.$/)
    const waiting = wrapper.get('[data-testid="planned-item"]').get('[role="status"]')
    expect(waiting.text()).toBe('Edit waiting to be sent to the agent')
  })

  it('shows what the agent published in the history, so labelled', async () => {
    const entry = {
      id: 'h1',
      accountId: 'a1',
      publishedAt: '2026-11-28T05:00:00.000Z',
      summary: outboxItem({ id: 'x' }).summary,
      messageId: 'm1',
      messageStatus: 'sent',
      confirmation: 'confirmed',
      where: 'agent',
    } satisfies HistoryItemView
    const wrapper = await mountWith([], [entry])
    expect(wrapper.get('[data-testid="history-entry"]').text()).toContain('Published by the agent')
  })
})
