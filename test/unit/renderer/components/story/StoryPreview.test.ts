import { StoryDraftSchema } from '@shared/story/draft'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import StoryPreview from '../../../../../src-renderer/src/components/story/StoryPreview.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'

function preview(input: Parameters<typeof StoryDraftSchema.parse>[0]) {
  return mount(StoryPreview, {
    props: { draft: StoryDraftSchema.parse(input), grant: null },
    global: { plugins: [createAppI18n('en')] },
  })
}

describe('StoryPreview', () => {
  it('paints ARGB colours alpha-first and the font chosen, with the text direction left to the text', () => {
    const wrapper = preview({ text: { body: 'שלום world', background: '#80FF0000', color: '#FF00FF00', font: 'COURIERPRIME_BOLD' } })
    const background = wrapper.get('[data-testid="story-preview-background"]').element as HTMLElement
    expect(background.style.background).toContain('rgba(255, 0, 0, 0.502)')
    const text = wrapper.get('[data-testid="story-preview-text"]').element as HTMLElement
    expect(text.getAttribute('dir')).toBe('auto')
    expect(text.style.color).toBe('rgba(0, 255, 0, 1)')
    expect(text.style.fontFamily).toContain('Courier Prime')
    expect(text.style.fontFamily).toContain('Noto Sans Hebrew')
    expect(text.style.fontWeight).toBe('700')
  })

  it('shows a hint while empty and stays drawable with a half-typed colour', () => {
    const wrapper = preview({ text: { body: '', background: '#FF12', color: 'nope' } })
    expect(wrapper.get('[data-testid="story-preview-text"]').text()).toBe('Your text appears here')
    expect((wrapper.get('[data-testid="story-preview-background"]').element as HTMLElement).style.background).toBe('transparent')
  })
})
