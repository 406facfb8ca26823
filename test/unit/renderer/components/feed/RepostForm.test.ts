import { createTestingPinia } from '@pinia/testing'
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import RepostForm from '../../../../../src-renderer/src/components/feed/RepostForm.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useFeedStore } from '../../../../../src-renderer/src/stores/feed'

afterEach(() => {
  document.body.innerHTML = ''
})

function form() {
  return mount(RepostForm, { global: { plugins: [createTestingPinia({ createSpy: vi.fn }), createAppI18n('en')] } })
}

describe('RepostForm', () => {
  it('shows what was not a number as the user typed it, spaces and all', async () => {
    const wrapper = form()
    await wrapper.get('[data-testid="repost-contacts"]').setValue('+1 555 010 0042, call me, 12 34')
    const error = wrapper.get('[data-testid="repost-invalid"]')
    expect(error.text()).toBe('Not phone numbers of 7 to 15 digits: call me, 12 34')
    expect(wrapper.get('[data-testid="repost-submit"]').attributes('disabled')).toBeDefined()
  })

  it('sends the numbers as digits once every entry is one', async () => {
    const wrapper = form()
    await wrapper.get('[data-testid="repost-contacts"]').setValue('+1 (555) 010-0042; 447700900123')
    expect(wrapper.find('[data-testid="repost-invalid"]').exists()).toBe(false)
    await wrapper.get('form').trigger('submit')
    expect(useFeedStore().repost).toHaveBeenCalledWith(['15550100042', '447700900123'])
  })
})
