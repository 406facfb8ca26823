import { createTestingPinia } from '@pinia/testing'
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import PublishPanel from '../../../../../src-renderer/src/components/story/PublishPanel.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'

function panel(publishError: unknown) {
  return mount(PublishPanel, {
    global: {
      plugins: [createAppI18n('en-GB'), createTestingPinia({ createSpy: vi.fn, initialState: { stories: { publishError } } })],
    },
  })
}

describe('PublishPanel', () => {
  it('says when the server allows the next try after a long Retry-After, and publishes now when asked', async () => {
    const retryAt = new Date(Date.now() + 120_000)
    const wrapper = panel({
      code: 'rate-limited',
      message: 'The server is receiving too many requests from this account and asks to wait 2 min before the next try.',
      details: { status: 429, retryAfterSeconds: 120, retryAt: retryAt.toISOString() },
    })
    const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' }).format(retryAt)
    expect(wrapper.get('[data-testid="story-error-retry-at"]').text()).toContain(`The server allows the next try at ${time}.`)
    await wrapper.get('[data-testid="story-error-retry-now"]').trigger('click')
    expect(wrapper.emitted('publish')).toHaveLength(1)
  })

  it('names a closed connection as such, with no retry time when the server gave none', () => {
    const wrapper = panel({ code: 'connection-closed', message: 'The server closed the connection before answering.' })
    expect(wrapper.get('[data-testid="story-error"]').text()).toContain('The server closed the connection without answering.')
    expect(wrapper.find('[data-testid="story-error-retry-at"]').exists()).toBe(false)
  })

  it('announces the outcome through a live region that is in the page before it', async () => {
    const wrapper = mount(PublishPanel, {
      global: { plugins: [createAppI18n('en-GB'), createTestingPinia({ createSpy: vi.fn, initialState: { stories: {} } })] },
    })
    const announcer = wrapper.get('[data-testid="story-announcer"]')
    expect(announcer.attributes('role')).toBe('status')
    expect(announcer.text()).toBe('')
    const { useStoriesStore } = await import('../../../../../src-renderer/src/stores/stories')
    const stories = useStoriesStore()
    stories.$patch({ result: { state: 'sent', messageId: 'm1', messageStatus: 'pending' } } as never)
    await wrapper.vm.$nextTick()
    expect(wrapper.get('[data-testid="story-announcer"]').text()).toBe('Published.')
  })
})
