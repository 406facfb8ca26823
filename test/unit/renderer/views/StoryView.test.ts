import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { emptyDraft } from '@shared/story/draft'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { useShortcuts } from '../../../../src-renderer/src/composables/useShortcuts'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { useNavStore } from '../../../../src-renderer/src/stores/nav'
import StoryView from '../../../../src-renderer/src/views/StoryView.vue'
import { onScreen } from '../support/accounts-fixtures'
import { fakeBridge } from '../support/fake-bridge'

const mounted: Array<{ unmount(): void }> = []
afterEach(() => {
  for (const wrapper of mounted.splice(0)) wrapper.unmount()
  document.body.innerHTML = ''
})

function bridgeWith(draft: unknown = null) {
  return fakeBridge({
    'stories:limits': () => DEFAULT_STORY_LIMITS,
    'stories:draft-get': () => draft,
    'stories:draft-save': () => undefined,
    'stories:contacts-search': () => ({ contacts: [], matching: 0, total: 0 }),
  })
}

/** The composer as the frame shows it: present only while its section is. */
const Frame = defineComponent(() => {
  useShortcuts()
  const nav = useNavStore()
  return () => (nav.section === 'story' ? h(StoryView) : h('p', 'groups'))
})

function mountFrame() {
  const pinia = createTestingPinia({ stubActions: false, createSpy: vi.fn })
  onScreen('a1')
  const wrapper = mount(Frame, {
    attachTo: document.body,
    global: { plugins: [pinia, createAppI18n('en')] },
  })
  mounted.push(wrapper)
  return wrapper
}

const ctrlN = () => new KeyboardEvent('keydown', { key: 'n', ctrlKey: true, metaKey: true, bubbles: true, cancelable: true })

describe('StoryView and Ctrl/Cmd+N', () => {
  it('opens the composer with the keyboard in its text', async () => {
    bridgeWith()
    const wrapper = mountFrame()
    window.dispatchEvent(ctrlN())
    await flushPromises()
    expect(wrapper.find('[data-testid="story-view"]').exists()).toBe(true)
    expect(document.activeElement).toBe(wrapper.get('[data-testid="story-text"]').element)
  })

  it('puts the keyboard in the caption when the draft is a media story', async () => {
    bridgeWith({ ...emptyDraft(), kind: 'media' })
    const wrapper = mountFrame()
    window.dispatchEvent(ctrlN())
    await flushPromises()
    expect(document.activeElement).toBe(wrapper.get('[data-testid="story-caption"]').element)
  })

  it('focuses the text again when pressed while the composer already shows', async () => {
    bridgeWith()
    const wrapper = mountFrame()
    useNavStore().go('story')
    await flushPromises()
    ;(document.activeElement as HTMLElement | null)?.blur()
    expect(document.activeElement).not.toBe(wrapper.get('[data-testid="story-text"]').element)
    window.dispatchEvent(ctrlN())
    await flushPromises()
    expect(document.activeElement).toBe(wrapper.get('[data-testid="story-text"]').element)
  })

  it('leaves the focus alone when the composer is opened from the sidebar', async () => {
    bridgeWith()
    const wrapper = mountFrame()
    useNavStore().go('story')
    await flushPromises()
    expect(document.activeElement).not.toBe(wrapper.get('[data-testid="story-text"]').element)
  })
})
