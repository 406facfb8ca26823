import { describe, expect, it } from 'vitest'
import { argbToCssRgba, formatArgb, isTransparentArgb, parseArgb } from '@shared/domain'

describe('ARGB colours', () => {
  it('reads alpha first', () => {
    expect(argbToCssRgba('#80FF0000')).toBe('rgba(255, 0, 0, 0.502)')
    expect(argbToCssRgba('#FF1E88E5')).toBe('rgba(30, 136, 229, 1)')
    expect(argbToCssRgba('#00000000')).toBe('rgba(0, 0, 0, 0)')
  })

  it('treats six digits as opaque RGB, in either case', () => {
    expect(argbToCssRgba('#1e88e5')).toBe('rgba(30, 136, 229, 1)')
  })

  it('rejects what is not an ARGB colour', () => {
    for (const bad of ['red', '#FFF', '#1234567', '1E88E5', '#GG0000', 'rgba(0,0,0,1)']) {
      expect(() => parseArgb(bad)).toThrow(RangeError)
    }
  })

  it('writes a colour back as #AARRGGBB', () => {
    expect(formatArgb({ r: 30, g: 136, b: 229, a: 1 })).toBe('#FF1E88E5')
    expect(formatArgb(parseArgb('#80FF0000'))).toBe('#80FF0000')
  })

  it('knows the transparent default when it sees it', () => {
    expect(isTransparentArgb('#00000000')).toBe(true)
    expect(isTransparentArgb('#00FFFFFF')).toBe(true)
    expect(isTransparentArgb('#01000000')).toBe(false)
    expect(isTransparentArgb('#000000')).toBe(false)
  })
})
