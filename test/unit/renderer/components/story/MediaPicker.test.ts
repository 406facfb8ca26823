import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import MediaPicker from '../../../../../src-renderer/src/components/story/MediaPicker.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { fakeBridge } from '../../support/fake-bridge'

function picker() {
  return mount(MediaPicker, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('MediaPicker, web address', () => {
  it.each(['photo.jpg', 'www.example.com/photo.jpg', 'ftp://example.com/a.jpg', 'https://'])(
    'says “%s” is not a web address and fetches nothing',
    async (typed) => {
      const bridge = fakeBridge({})
      const wrapper = picker()
      await wrapper.get('[data-testid="story-media-url"]').setValue(typed)
      await wrapper.get('form.url').trigger('submit')
      await flushPromises()
      const error = wrapper.get('[data-testid="story-media-url-error"]')
      expect(error.text()).toContain(`“${typed}” is not a web address`)
      expect(error.attributes('role')).toBe('alert')
      expect(wrapper.get('[data-testid="story-media-url"]').attributes('aria-invalid')).toBe('true')
      expect(bridge.callsTo('stories:media-import-url')).toEqual([])
    },
  )

  it('clears the message as the address is corrected, and fetches a real one', async () => {
    const bridge = fakeBridge({})
    const wrapper = picker()
    await wrapper.get('[data-testid="story-media-url"]').setValue('photo.jpg')
    await wrapper.get('form.url').trigger('submit')
    expect(wrapper.find('[data-testid="story-media-url-error"]').exists()).toBe(true)
    await wrapper.get('[data-testid="story-media-url"]').setValue('https://example.com/photo.jpg')
    expect(wrapper.find('[data-testid="story-media-url-error"]').exists()).toBe(false)
    await wrapper.get('form.url').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('stories:media-import-url')).toEqual([{ url: 'https://example.com/photo.jpg' }])
  })
})
