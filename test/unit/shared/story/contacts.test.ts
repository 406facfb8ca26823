import { normalizeContact, uniqueContacts } from '@shared/story/contacts'
import { describe, expect, it } from 'vitest'

describe('contact ids for a story audience', () => {
  it('accepts what people type and what groups list, in the provider’s form', () => {
    expect(normalizeContact('15550100001')).toBe('15550100001')
    expect(normalizeContact(' +1 (555) 010-0001 ')).toBe('15550100001')
    expect(normalizeContact('15550100001@s.whatsapp.net')).toBe('15550100001')
    expect(normalizeContact('123456789012345@lid')).toBe('123456789012345@lid')
    expect(normalizeContact('123456789012345@LID')).toBe('123456789012345@lid')
  })

  it('refuses what the provider’s pattern does not allow', () => {
    for (const bad of ['', '   ', '123456', '1234567890123456', 'abc1234567', '1234567@g.us', '1234567@lid@lid', '+']) {
      expect(normalizeContact(bad), bad).toBeNull()
    }
    expect(normalizeContact('1234567')).toBe('1234567')
  })

  it('de-duplicates across forms and drops the invalid, keeping first-seen order', () => {
    expect(uniqueContacts(['15550100002', '+15550100001', '15550100002@s.whatsapp.net', 'nope', '15550100001'])).toEqual([
      '15550100002',
      '15550100001',
    ])
  })
})
