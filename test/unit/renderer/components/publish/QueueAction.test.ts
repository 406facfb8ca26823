import type { PublishResult } from '@shared/channels/outbox'
import { targetRequestId } from '@shared/channels/outbox'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import PublishPanel from '../../../../../src-renderer/src/components/publish/PublishPanel.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useAccountsStore } from '../../../../../src-renderer/src/stores/accounts'
import { useNavStore } from '../../../../../src-renderer/src/stores/nav'
import { usePublishStore } from '../../../../../src-renderer/src/stores/publish'
import { useStoriesStore } from '../../../../../src-renderer/src/stores/stories'
import { account, state } from '../../support/accounts-fixtures'
import { fakeBridge } from '../../support/fake-bridge'

afterEach(() => {
  document.body.innerHTML = ''
})

const SHOP_AT = '2099-06-01T07:00:00.000Z'
const BAKERY_AT = '2099-06-02T16:30:00.000Z'

/** Two accounts, each with its own next free slot unless `bare`; main plans each at its own slot. */
function fakeMain(options: { bare?: boolean } = {}) {
  const next: Record<string, string | null> = options.bare ? { a1: null, a2: null } : { a1: SHOP_AT, a2: BAKERY_AT }
  return fakeBridge({
    'accounts:list': () => state([account({ id: 'a1', label: 'Shop' }), account({ id: 'a2', label: 'Bakery' })]),
    'stories:limits': () => DEFAULT_STORY_LIMITS,
    'stories:draft-get': () => null,
    'stories:draft-save': () => undefined,
    'queue:next-free': (arg) =>
      (arg as { accountIds: string[] }).accountIds.map((accountId) => ({ accountId, at: next[accountId] ?? null })),
    'stories:publish': (arg): PublishResult => {
      const { requestId, accountIds } = arg as { requestId: string; accountIds: string[] }
      return {
        targets: accountIds.map((accountId, index) => ({
          accountId,
          label: accountId === 'a1' ? 'Shop' : 'Bakery',
          requestId: targetRequestId(requestId, index),
          outcome: { state: 'scheduled', itemId: `item-${accountId}`, dueAt: next[accountId]! },
        })),
      }
    },
  })
}

async function mountPanel(options: { bare?: boolean } = {}) {
  const bridge = fakeMain(options)
  const wrapper = mount(PublishPanel, {
    attachTo: document.body,
    global: { plugins: [createAppI18n('en-GB'), createTestingPinia({ stubActions: false, createSpy: vi.fn })] },
  })
  await useAccountsStore().load()
  const stories = useStoriesStore()
  await stories.load()
  stories.draft.text.body = 'Fresh bread at nine'
  return { wrapper, bridge }
}

describe('Add to queue', () => {
  it('shows each ticked account’s next free slot, then plans the story in each on the user’s word', async () => {
    const { wrapper, bridge } = await mountPanel()
    usePublishStore().toggle('a2', true)
    await wrapper.get('[data-testid="story-add-to-queue"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('queue:next-free')).toEqual([{ accountIds: ['a1', 'a2'] }])
    const slots = wrapper.findAll('[data-testid="story-queue-slot"]')
    expect(slots.map((slot) => [slot.attributes('data-account'), slot.attributes('data-at')])).toEqual([
      ['a1', SHOP_AT],
      ['a2', BAKERY_AT],
    ])
    expect(slots[0]!.text()).toContain('Shop')
    expect(slots[1]!.text()).toContain('Bakery')
    const confirm = wrapper.get('[data-testid="story-queue-confirm-button"]')
    expect(document.activeElement).toBe(confirm.element)
    expect(bridge.callsTo('stories:publish')).toEqual([])
    await confirm.trigger('click')
    await flushPromises()
    expect(bridge.callsTo('stories:publish')).toEqual([expect.objectContaining({ accountIds: ['a1', 'a2'], when: { queue: true } })])
    expect(wrapper.find('[data-testid="story-queue-confirm"]').exists()).toBe(false)
    expect(usePublishStore().targets.map((target) => target.state)).toEqual(['scheduled', 'scheduled'])
  })

  it('says when no ticked account has a free slot, plans nothing, and leads to Settings', async () => {
    const { wrapper, bridge } = await mountPanel({ bare: true })
    await wrapper.get('[data-testid="story-add-to-queue"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="story-queue-slot"]').text()).toContain('no free time')
    expect(wrapper.get('[data-testid="story-queue-none"]').text()).toBe('None of these accounts has a free time in its queue.')
    expect(wrapper.get('[data-testid="story-queue-confirm-button"]').attributes('disabled')).toBeDefined()
    expect(document.activeElement).toBe(wrapper.get('[data-testid="story-queue-cancel"]').element)
    await wrapper.get('[data-testid="story-queue-settings"]').trigger('click')
    expect(useNavStore().section).toBe('settings')
    expect(bridge.callsTo('stories:publish')).toEqual([])
  })

  it('closes on Escape and gives the keyboard back to the button', async () => {
    const { wrapper } = await mountPanel()
    const opener = wrapper.get('[data-testid="story-add-to-queue"]')
    await opener.trigger('click')
    await flushPromises()
    expect(opener.attributes('aria-expanded')).toBe('true')
    await wrapper.get('[data-testid="story-queue-confirm"]').trigger('keydown', { key: 'Escape' })
    await flushPromises()
    expect(wrapper.find('[data-testid="story-queue-confirm"]').exists()).toBe(false)
    expect(document.activeElement).toBe(opener.element)
  })
})
