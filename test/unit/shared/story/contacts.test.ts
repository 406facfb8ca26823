import { normalizeContact, uniqueContacts } from '@shared/story/contacts'
import { describe, expect, it } from 'vitest'

describe('contact ids for a story audience', () => {
  it('accepts what people type and what groups list, in the provider’s form', () => {
    expect(normalizeContact('15550100001')).toBe('15550100001')
    expect(normalizeContact(' +1 (555) 010-0001 ')).toBe('15550100001')
    expect(normalizeContact('15550100001@s.whatsapp.net')).toBe('15550100001')
    expect(normalizeContact('15550100001@S.WhatsApp.net')).toBe('15550100001')
  })

  it('refuses hidden-number ids and every other suffix: the contract takes digits only', () => {
    for (const id of ['123456789012345@lid', '123456789012345@LID', '15550100001@c.us', '15550100001@g.us', '15550100001@newsletter'])
      expect(normalizeContact(id), id).toBeNull()
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
