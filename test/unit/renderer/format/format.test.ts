import { describe, expect, it } from 'vitest'
import { formatBadge, formatDuration, formatFileSize, formatMoney, formatPixels } from '../../../../src-renderer/src/format/numbers'
import { displayId, initialsOf, isolatedId, inviteLink, safeHttpUrl, safeLabelColor } from '../../../../src-renderer/src/format/people'
import { fullDateTime, relativeTime } from '../../../../src-renderer/src/format/time'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const ago = (seconds: number) => NOW / 1000 - seconds
/** The user's zone, pinned: days are counted on its calendar. */
const ZONE = 'Europe/London'

describe('relativeTime', () => {
  it('reads like a person would say it, in the user’s language', () => {
    expect(relativeTime(ago(10), NOW, 'en-GB', ZONE)).toBe('now')
    expect(relativeTime(ago(5 * 60), NOW, 'en-GB', ZONE)).toBe('5 min ago')
    expect(relativeTime(ago(3 * 3600), NOW, 'en-GB', ZONE)).toBe('3 hr ago')
    expect(relativeTime(ago(86_400), NOW, 'en-GB', ZONE)).toBe('yesterday')
    expect(relativeTime(ago(5 * 60), NOW, 'de-DE', ZONE)).toBe('vor 5 Min.')
    expect(relativeTime(ago(30 * 86_400), NOW, 'en-GB', ZONE)).toBe('23 Oct')
    expect(relativeTime(ago(400 * 86_400), NOW, 'en-GB', ZONE)).toBe('18 Oct 2025')
  })

  it('shows nothing for a missing or impossible time', () => {
    expect(relativeTime(null, NOW, 'en', ZONE)).toBe('')
    expect(relativeTime(Number.NaN, NOW, 'en', ZONE)).toBe('')
    expect(fullDateTime(undefined, 'en')).toBe('')
  })
})

describe('numbers', () => {
  it('formats sizes, lengths, badges and prices in the locale', () => {
    expect(formatFileSize(84_213, 'en')).toBe('84.2 kB')
    expect(formatFileSize(999, 'en')).toBe('999 byte')
    expect(formatDuration(65)).toBe('1:05')
    expect(formatDuration(3723)).toBe('1:02:03')
    expect(formatBadge(12, 'en')).toBe('12')
    expect(formatBadge(5000, 'de')).toBe('999+')
    expect(formatMoney(12.5, 'GBP', 'en-GB')).toBe('£12.50')
    expect(formatMoney(12.5, 'EUR', 'de-DE')).toBe('12,50\u00a0€')
    expect(formatMoney(3, 'XYZ1', 'en')).toBe('3 XYZ1')
  })

  it('writes pixel sizes without grouping, in the locale’s digits', () => {
    expect(formatPixels(1080, 'en-GB')).toBe('1080')
    expect(formatPixels(1920, 'de-DE')).toBe('1920')
    expect(formatPixels(12_000, 'en-US')).toBe('12000')
    expect(formatPixels(1080, 'ar-EG')).toBe('١٠٨٠')
    expect(formatPixels(Number.NaN, 'en')).toBe('')
  })
})

describe('people', () => {
  it('shows phone ids as numbers and leaves other ids alone', () => {
    expect(displayId('447700900123@s.whatsapp.net')).toBe('+447700900123')
    expect(displayId('447700900123')).toBe('+447700900123')
    expect(displayId('120363@g.us')).toBe('120363@g.us')
    expect(displayId(null)).toBe('')
  })

  it('sets a number apart from right-to-left text so its plus sign stays in front', () => {
    expect(isolatedId('447700900123@s.whatsapp.net', true)).toBe('\u2066+447700900123\u2069')
    expect(isolatedId('447700900123@s.whatsapp.net', false)).toBe('+447700900123')
    expect(isolatedId(null, true)).toBe('')
  })

  it('takes initials from the first two words, whole graphemes of any script', () => {
    expect(initialsOf('weekend hikers club')).toBe('WH')
    expect(initialsOf('كرة القدم')).toBe('كا')
    expect(initialsOf('👨‍👩‍👧 family')).toBe('👨‍👩‍👧F')
    expect(initialsOf('')).toBe('#')
  })

  it('builds invite links and keeps unsafe colours and links out', () => {
    expect(inviteLink('AbC/1')).toBe('https://chat.whatsapp.com/AbC%2F1')
    expect(safeLabelColor('lightskyblue')).toBe('lightskyblue')
    expect(safeLabelColor('#12ab34')).toBe('#12ab34')
    expect(safeLabelColor('red; background: url(x)')).toBe('silver')
    expect(safeHttpUrl('https://example.com/a')).toBe('https://example.com/a')
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull()
    expect(safeHttpUrl('not a url')).toBeNull()
  })
})
