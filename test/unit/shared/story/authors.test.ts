import { describe, expect, it } from 'vitest'
import { authorName } from '@shared/story/authors'

describe('a teammate named on the agent', () => {
  it('is the person given at pairing, then the device', () => {
    expect(authorName({ deviceName: 'Back office', personName: 'Bia' })).toBe('Bia (Back office)')
  })

  it('is the device alone when no person was given (an older agent, a device paired without one)', () => {
    expect(authorName({ deviceName: 'Back office', personName: null })).toBe('Back office')
    expect(authorName({ deviceName: 'Back office' })).toBe('Back office')
    expect(authorName({ deviceName: 'Back office', personName: '' })).toBe('Back office')
  })
})
