import { contrastRatio, MIN_STORY_CONTRAST, storyTextContrast } from '@shared/story/contrast'
import { describe, expect, it } from 'vitest'

describe('WCAG contrast of story text', () => {
  it('gives the textbook ratios', () => {
    expect(contrastRatio({ r: 0, g: 0, b: 0, a: 1 }, { r: 255, g: 255, b: 255, a: 1 })).toBeCloseTo(21, 5)
    expect(contrastRatio({ r: 119, g: 119, b: 119, a: 1 }, { r: 255, g: 255, b: 255, a: 1 })).toBeCloseTo(4.48, 2)
    expect(storyTextContrast('#FFFFFFFF', '#FFFFFFFF')).toBe(1)
  })

  it('blends a translucent background over the black viewer before comparing', () => {
    // White at 10% over black is nearly black: white text reads well on it, black text does not.
    expect(storyTextContrast('#FFFFFFFF', '#1AFFFFFF')).toBeGreaterThan(10)
    expect(storyTextContrast('#FF000000', '#1AFFFFFF')).toBeLessThan(MIN_STORY_CONTRAST)
  })

  it('blends translucent text over the background', () => {
    expect(storyTextContrast('#00FFFFFF', '#FF000000')).toBe(1)
    expect(storyTextContrast('#FFFFFFFF', '#FF000000')).toBeCloseTo(21, 5)
  })

  it('finds yellow on white poor and white on the default teal fine', () => {
    expect(storyTextContrast('#FFFFFF00', '#FFFFFFFF')).toBeLessThan(MIN_STORY_CONTRAST)
    expect(storyTextContrast('#FFFFFFFF', '#FF0B6E4F')).toBeGreaterThan(MIN_STORY_CONTRAST)
  })
})
