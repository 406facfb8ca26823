import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import ContactListEditor from '../../../../../src-renderer/src/components/story/ContactListEditor.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'

function editor(initial: string[] = []) {
  const updates: string[][] = []
  const wrapper = mount(ContactListEditor, {
    props: { testid: 'only', modelValue: initial, 'onUpdate:modelValue': (v: string[]) => updates.push(v) },
    global: { plugins: [createAppI18n('en'), createTestingPinia({ createSpy: vi.fn })] },
  })
  return { wrapper, updates }
}

async function add(wrapper: ReturnType<typeof editor>['wrapper'], text: string): Promise<void> {
  await wrapper.get('[data-testid="only-manual"]').setValue(text)
  await wrapper.get('form').trigger('submit')
  await flushPromises()
}

describe('ContactListEditor', () => {
  it('adds a typed number as digits only', async () => {
    const { wrapper, updates } = editor()
    await add(wrapper, '+1 (555) 010-0001')
    expect(updates).toEqual([['15550100001']])
    expect(wrapper.find('[data-testid="only-manual-error"]').exists()).toBe(false)
  })

  it.each(['123456789012@lid', '15550100001@c.us', '12-34'])('refuses %s at the field and says why', async (typed) => {
    const { wrapper, updates } = editor()
    await add(wrapper, typed)
    expect(updates).toEqual([])
    const error = wrapper.get('[data-testid="only-manual-error"]')
    expect(error.text()).toContain(`“${typed}” is not a phone number`)
    expect(error.text()).toContain('@lid cannot be sent a story')
    expect(wrapper.get('[data-testid="only-manual"]').attributes('aria-invalid')).toBe('true')
  })
})
