import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import ColorField from '../../../../../src-renderer/src/components/story/ColorField.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'

function field(value: string) {
  const updates: string[] = []
  const wrapper = mount(ColorField, {
    props: { label: 'Background', testid: 'bg', modelValue: value, 'onUpdate:modelValue': (v: string) => updates.push(v) },
    global: { plugins: [createAppI18n('en')] },
  })
  return { wrapper, updates }
}

describe('ColorField', () => {
  it('shows an ARGB value in the picker and the opacity slider', () => {
    const { wrapper } = field('#80FF0000')
    expect((wrapper.get('[data-testid="bg-picker"]').element as HTMLInputElement).value).toBe('#ff0000')
    expect((wrapper.get('[data-testid="bg-opacity"]').element as HTMLInputElement).value).toBe('50')
  })

  it('writes ARGB, alpha first, from the picker and the slider', async () => {
    const { wrapper, updates } = field('#80FF0000')
    await wrapper.get('[data-testid="bg-picker"]').setValue('#0000ff')
    await wrapper.get('[data-testid="bg-opacity"]').setValue('100')
    expect(updates).toEqual(['#800000FF', '#FFFF0000'])
  })

  it('keeps a typed code as typed and marks it invalid until it is a colour', async () => {
    const { wrapper, updates } = field('#FF000000')
    await wrapper.get('[data-testid="bg-code"]').setValue('#12')
    expect(updates).toEqual(['#12'])
    await wrapper.setProps({ modelValue: '#12' })
    expect(wrapper.get('[data-testid="bg-code"]').attributes('aria-invalid')).toBe('true')
  })
})
