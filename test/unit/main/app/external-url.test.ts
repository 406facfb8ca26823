import { describe, expect, it } from 'vitest'
import { safeExternalUrl } from '../../../../src-main/app/external-url'

describe('safeExternalUrl', () => {
  it('lets a plain https URL through, normalised', () => {
    expect(safeExternalUrl('https://chat.whatsapp.com/AbC123')).toBe('https://chat.whatsapp.com/AbC123')
  })

  it.each([
    'http://example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://host/share',
    'https://user:pass@example.com',
    'statusdesk://app/index.html',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(safeExternalUrl(url)).toBeNull()
  })
})
