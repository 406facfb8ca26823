import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import AudiencePicker from '../../../../../src-renderer/src/components/story/AudiencePicker.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useAccountsStore } from '../../../../../src-renderer/src/stores/accounts'
import { usePublishStore } from '../../../../../src-renderer/src/stores/publish'
import { useStoriesStore } from '../../../../../src-renderer/src/stores/stories'
import { fakeBridge } from '../../support/fake-bridge'
import { answerFor, oneAccount, sent } from '../../support/publish-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
})

async function afterStoryToContacts(contacts: string[]) {
  fakeBridge({
    'stories:limits': () => DEFAULT_STORY_LIMITS,
    'stories:draft-get': () => null,
    'stories:contacts-search': () => ({ contacts: [], matching: 0, total: 0 }),
    'stories:publish': answerFor(sent),
    ...oneAccount,
  })
  const wrapper = mount(AudiencePicker, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
  await useAccountsStore().load()
  const store = useStoriesStore()
  await store.load()
  store.draft.text.body = 'For a few'
  store.draft.audience = { mode: 'contacts', contacts, exclude: [] }
  await usePublishStore().publish()
  await flushPromises()
  return { wrapper, store }
}

describe('AudiencePicker after a story to chosen contacts', () => {
  it('says loudly that the next story goes to everyone, and brings the contacts back in one click', async () => {
    const { wrapper, store } = await afterStoryToContacts(['15550100001', '15550100002', '15550100003'])
    expect((wrapper.get('[data-testid="story-audience-everyone"]').element as HTMLInputElement).checked).toBe(true)
    const note = wrapper.get('[data-testid="story-audience-reset"]')
    expect(note.text()).toContain('This story goes to all your contacts. The last one went to 3 chosen contacts.')
    expect(wrapper.get('[data-testid="story-audience-reuse"]').text()).toBe('Send to those 3 contacts again')

    await wrapper.get('[data-testid="story-audience-reuse"]').trigger('click')
    expect(wrapper.find('[data-testid="story-audience-reset"]').exists()).toBe(false)
    expect((wrapper.get('[data-testid="story-audience-contacts"]').element as HTMLInputElement).checked).toBe(true)
    expect(wrapper.get('[data-testid="story-audience-count"]').text()).toBe('3 contacts chosen')
    expect(store.draft.audience.contacts).toHaveLength(3)
  })

  it('lets the user keep everyone, and says it in the singular for one contact', async () => {
    const { wrapper, store } = await afterStoryToContacts(['15550100001'])
    expect(wrapper.get('[data-testid="story-audience-reset"]').text()).toContain('The last one went to 1 chosen contact.')
    await wrapper.get('[data-testid="story-audience-reset-dismiss"]').trigger('click')
    expect(wrapper.find('[data-testid="story-audience-reset"]').exists()).toBe(false)
    expect(store.draft.audience.mode).toBe('everyone')
  })
})
