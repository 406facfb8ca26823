import { argbToCssRgba, formatArgb, parseArgb } from '@shared/domain/colors'
import { argbFromPicker, pickerFromArgb } from '@shared/story/color-input'
import { describe, expect, it } from 'vitest'

describe('ARGB colours in the composer', () => {
  it('reads alpha from the first byte, not the last', () => {
    expect(parseArgb('#80FF0000')).toEqual({ r: 255, g: 0, b: 0, a: 0.502 })
    expect(argbToCssRgba('#80FF0000')).toBe('rgba(255, 0, 0, 0.502)')
    // The same digits read as CSS #RRGGBBAA would be a different, opaque-ish colour.
    expect(argbToCssRgba('#FF00FF80')).toBe('rgba(0, 255, 128, 1)')
  })

  it('treats six digits as opaque and the provider default as fully transparent', () => {
    expect(parseArgb('#112233')).toEqual({ r: 17, g: 34, b: 51, a: 1 })
    expect(parseArgb('#00000000').a).toBe(0)
  })

  it('goes from the picker to ARGB and back without drift', () => {
    expect(argbFromPicker('#ff0000', 50)).toBe('#80FF0000')
    expect(argbFromPicker('#0b6e4f', 100)).toBe('#FF0B6E4F')
    expect(argbFromPicker('#ffffff', 0)).toBe('#00FFFFFF')
    expect(pickerFromArgb('#80FF0000')).toEqual({ hex: '#ff0000', opacity: 50 })
    for (const argb of ['#FF0B6E4F', '#00FFFFFF', '#CC123456', '#FFFFFFFF']) {
      const { hex, opacity } = pickerFromArgb(argb)
      const back = argbFromPicker(hex, opacity)
      expect(back.slice(3)).toBe(argb.slice(3))
      expect(Math.abs(parseInt(back.slice(1, 3), 16) - parseInt(argb.slice(1, 3), 16))).toBeLessThanOrEqual(2)
    }
  })

  it('clamps opacity and refuses what is not a picker colour', () => {
    expect(argbFromPicker('#000000', 140)).toBe('#FF000000')
    expect(argbFromPicker('#000000', -5)).toBe('#00000000')
    expect(() => argbFromPicker('red', 50)).toThrow(RangeError)
    expect(() => pickerFromArgb('#GG000000')).toThrow(RangeError)
    expect(formatArgb({ r: 300, g: -1, b: 10.4, a: 1 })).toBe('#FFFF000A')
  })
})
