import type { StoryFont } from '@shared/domain/story'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import FontPicker from '../../../../../src-renderer/src/components/story/FontPicker.vue'
import { fontStyle } from '../../../../../src-renderer/src/components/common/fonts'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'

function picker(font: StoryFont) {
  return mount(FontPicker, { props: { label: 'Font', modelValue: font }, global: { plugins: [createAppI18n('en')] } })
}

describe('FontPicker', () => {
  it('draws Morning Breeze in the bundled Comic Neue, never a serif fallback', () => {
    const style = fontStyle('MORNINGBREEZE_REGULAR')
    expect(style.fontFamily.startsWith("'Comic Neue'")).toBe(true)
    expect(style.fontFamily.endsWith('sans-serif')).toBe(true)
    expect(style.fontFamily).not.toMatch(/(^|, )(serif|cursive)$/)
  })

  it('says Morning Breeze is an approximation of the provider’s font, and which face stands in', () => {
    const wrapper = picker('MORNINGBREEZE_REGULAR')
    expect(wrapper.get('[data-testid="story-font-note"]').text()).toBe(
      'Morning Breeze is drawn here in Comic Neue, the closest openly licensed font: an approximation of the provider’s own. Your contacts see the provider’s font.',
    )
    expect(wrapper.get('[data-testid="story-font-MORNINGBREEZE_REGULAR"]').text()).toContain('Shown in a similar open font')
    expect(wrapper.find('[data-testid="story-font-approx-MORNINGBREEZE_REGULAR"]').exists()).toBe(true)
  })

  it('says nothing of the kind for a font the app draws in the provider’s own face', () => {
    for (const font of ['CALISTOGA_REGULAR', 'EXO2_EXTRABOLD', 'COURIERPRIME_BOLD'] as const) {
      const wrapper = picker(font)
      expect(wrapper.find('[data-testid="story-font-note"]').exists(), font).toBe(false)
      expect(wrapper.find(`[data-testid="story-font-approx-${font}"]`).exists(), font).toBe(false)
    }
  })
})
