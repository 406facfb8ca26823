import { userText } from '@shared/i18n/user-text'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import PublishPanel from '../../../../../src-renderer/src/components/publish/PublishPanel.vue'
import PublishSummary from '../../../../../src-renderer/src/components/publish/PublishSummary.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useAccountsStore } from '../../../../../src-renderer/src/stores/accounts'
import { usePublishStore } from '../../../../../src-renderer/src/stores/publish'
import { useStoriesStore } from '../../../../../src-renderer/src/stores/stories'
import { account, state } from '../../support/accounts-fixtures'
import { failure, fakeBridge } from '../../support/fake-bridge'
import { answerFor } from '../../support/publish-fixtures'
import { inEnglish } from '../../support/texts'

function panel(publishError: unknown) {
  return mount(PublishPanel, {
    global: {
      plugins: [createAppI18n('en-GB'), createTestingPinia({ createSpy: vi.fn, initialState: { publish: { error: publishError } } })],
    },
  })
}

describe('PublishPanel', () => {
  it('says when the server allows the next try after a long Retry-After, and publishes now when asked', async () => {
    const retryAt = new Date(Date.now() + 120_000)
    const wrapper = panel({
      code: 'rate-limited',
      text: userText('apiErrors.http.rateLimitedWait', { seconds: 120 }),
      details: { status: 429, retryAfterSeconds: 120, retryAt: retryAt.toISOString() },
    })
    const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' }).format(retryAt)
    expect(wrapper.get('[data-testid="story-error-retry-at"]').text()).toContain(`The server allows the next try at ${time}.`)
    await wrapper.get('[data-testid="story-error-retry-now"]').trigger('click')
    expect(wrapper.emitted('publish')).toHaveLength(1)
  })

  it('names a closed connection as such, with no retry time when the server gave none', () => {
    const wrapper = panel({ code: 'connection-closed', text: userText('apiErrors.network.closed') })
    expect(wrapper.get('[data-testid="story-error"]').text()).toContain('The server closed the connection without answering.')
    expect(wrapper.find('[data-testid="story-error-retry-at"]').exists()).toBe(false)
  })

  it('announces the outcome through a live region that is in the page before it', async () => {
    const wrapper = mount(PublishPanel, {
      global: { plugins: [createAppI18n('en-GB'), createTestingPinia({ createSpy: vi.fn })] },
    })
    const announcer = wrapper.get('[data-testid="story-announcer"]')
    expect(announcer.attributes('role')).toBe('status')
    expect(announcer.text()).toBe('')
    const outcome = { state: 'sent', itemId: 'i1', messageId: 'm1', messageStatus: 'pending' } as const
    usePublishStore().$patch({ targets: [{ accountId: 'a1', label: 'Shop', requestId: 'r-0', outcome, state: 'sent', error: null }] })
    await wrapper.vm.$nextTick()
    expect(wrapper.get('[data-testid="story-announcer"]').text()).toBe('Published.')
  })

  it('reads a refusal by the open account as the composer’s error, and shows no summary', async () => {
    const refused = failure('unauthorized', userText('accountErrors.tokenNeeded.named', { label: 'Shop' }))
    const wrapper = await pressWith(['a1'], answerFor({ state: 'refused', error: refused }))
    expect(wrapper.get('[data-testid="story-error"]').attributes('data-code')).toBe('unauthorized')
    expect(wrapper.get('[data-testid="story-error-message"]').text()).toBe(inEnglish(refused))
    expect(wrapper.find('[data-testid="story-result"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="broadcast-summary-title"]').exists()).toBe(false)
  })

  it('shows a press to several accounts as the summary alone', async () => {
    const wrapper = await pressWith(['a1', 'a2'], () => ({
      targets: [
        {
          accountId: 'a1',
          label: 'Shop',
          requestId: 'r-0',
          outcome: { state: 'sent', itemId: 'i1', messageId: 'm1', messageStatus: 'sent' },
        },
        {
          accountId: 'a2',
          label: 'Branch',
          requestId: 'r-1',
          outcome: { state: 'refused', error: failure('unauthorized', userText('accountErrors.tokenNeeded.named', { label: 'Branch' })) },
        },
      ],
    }))
    expect(wrapper.get('[data-testid="broadcast-summary-title"]').text()).toBe('Published to 1 of 2')
    expect(wrapper.findAll('[data-testid="broadcast-result"]').map((line) => line.attributes('data-state'))).toEqual(['sent', 'refused'])
    expect(wrapper.find('[data-testid="story-result"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="story-error"]').exists()).toBe(false)
  })

  it('heads "Add to queue" that planned one account and had the other refused as planned, not as published', async () => {
    const dueAt = '2026-06-02T09:00:00.000Z'
    const refused = failure('invalid-argument', userText('queueErrors.noSlots', { account: 'Branch' }))
    const wrapper = await pressWith(['a1', 'a2'], () => ({
      targets: [
        { accountId: 'a1', label: 'Shop', requestId: 'r-0', outcome: { state: 'scheduled', itemId: 'i1', dueAt } },
        { accountId: 'a2', label: 'Branch', requestId: 'r-1', outcome: { state: 'refused', error: refused } },
      ],
    }))
    expect(wrapper.get('[data-testid="broadcast-summary-title"]').text()).toBe('Planned for 1 of 2')
    expect(wrapper.findAll('[data-testid="broadcast-summary-line"]').map((line) => line.text())).toEqual([
      expect.stringMatching(/^1 planned for /),
      '1 refused',
    ])
  })

  it('heads a press every account refused as refused', async () => {
    const refusal = (label: string) => ({
      state: 'refused',
      error: failure('unauthorized', userText('accountErrors.tokenNeeded.named', { label })),
    })
    const wrapper = await pressWith(['a1', 'a2'], () => ({
      targets: [
        { accountId: 'a1', label: 'Shop', requestId: 'r-0', outcome: refusal('Shop') },
        { accountId: 'a2', label: 'Branch', requestId: 'r-1', outcome: refusal('Branch') },
      ],
    }))
    expect(wrapper.get('[data-testid="broadcast-summary-title"]').text()).toBe('Refused by 2 of 2')
    expect(wrapper.findAll('[data-testid="broadcast-summary-line"]')).toHaveLength(0)
  })
})

/** The composer's side column after one press to the accounts given. */
async function pressWith(accountIds: string[], answer: (arg: unknown) => unknown) {
  fakeBridge({
    'accounts:list': () => state([account({ id: 'a1', label: 'Shop' }), account({ id: 'a2', label: 'Branch' })]),
    'stories:limits': () => DEFAULT_STORY_LIMITS,
    'stories:draft-get': () => null,
    'stories:publish': answer,
  })
  const Side = defineComponent(() => () => [h(PublishPanel), h(PublishSummary)])
  const wrapper = mount(Side, { global: { plugins: [createAppI18n('en'), createTestingPinia({ stubActions: false, createSpy: vi.fn })] } })
  await useAccountsStore().load()
  const stories = useStoriesStore()
  await stories.load()
  stories.draft.text.body = 'Hello'
  const publish = usePublishStore()
  for (const id of accountIds) publish.toggle(id, true)
  await publish.publish()
  await flushPromises()
  return wrapper
}
