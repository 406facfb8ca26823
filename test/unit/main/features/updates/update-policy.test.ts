import { describe, expect, it } from 'vitest'
import { acceptedFeed, filesStayOnFeed, signatureCheckOf } from '../../../../../src-main/features/updates/update-policy'

describe('acceptedFeed', () => {
  it('keeps updates off unless enabled with an https feed', () => {
    expect(acceptedFeed({ enabled: false, feedUrl: 'https://u.example.com/app/' })).toEqual({ on: false, reason: 'switched-off' })
    expect(acceptedFeed({ enabled: true, feedUrl: null })).toEqual({ on: false, reason: 'no-feed' })
    expect(acceptedFeed({ enabled: true, feedUrl: '  ' })).toEqual({ on: false, reason: 'no-feed' })
    expect(acceptedFeed({ enabled: true, feedUrl: 'http://u.example.com/app/' })).toEqual({ on: false, reason: 'not-https' })
    expect(acceptedFeed({ enabled: true, feedUrl: 'file:///tmp/feed/' })).toEqual({ on: false, reason: 'not-https' })
    expect(acceptedFeed({ enabled: true, feedUrl: 'https://me:pw@u.example.com/' })).toEqual({
      on: false,
      reason: 'credentials',
    })
    expect(acceptedFeed({ enabled: true, feedUrl: 'not a url' })).toEqual({ on: false, reason: 'not-a-url' })
  })

  it('treats an accepted feed as a folder', () => {
    const verdict = acceptedFeed({ enabled: true, feedUrl: 'https://u.example.com/statusdesk' })
    expect(verdict.on && verdict.feed.href).toBe('https://u.example.com/statusdesk/')
  })
})

describe('filesStayOnFeed', () => {
  const feed = new URL('https://u.example.com/statusdesk/')

  it('accepts file names and paths on the feed origin', () => {
    expect(filesStayOnFeed(feed, [{ url: 'Statusdesk-1.2.0-linux-x86_64.AppImage' }])).toBe(true)
    expect(filesStayOnFeed(feed, [{ url: '../mirror/Statusdesk-1.2.0.zip' }, { url: 'https://u.example.com/x.zip' }])).toBe(true)
  })

  it('refuses any file elsewhere, over http, or an empty release', () => {
    expect(filesStayOnFeed(feed, [{ url: 'a.zip' }, { url: 'https://cdn.example.net/Statusdesk-1.2.0.zip' }])).toBe(false)
    expect(filesStayOnFeed(feed, [{ url: 'http://u.example.com/a.zip' }])).toBe(false)
    expect(filesStayOnFeed(feed, [{ url: '//evil.example.org/a.zip' }])).toBe(false)
    expect(filesStayOnFeed(feed, [])).toBe(false)
  })
})

describe('signatureCheckOf', () => {
  it('verifies on macOS, and on Windows only with a publisher name', () => {
    expect(signatureCheckOf({ platform: 'darwin' })).toEqual({ verified: true })
    expect(signatureCheckOf({ platform: 'win32', publisherName: 'Statusdesk Ltd' })).toEqual({ verified: true })
    expect(signatureCheckOf({ platform: 'win32', publisherName: null })).toEqual({ verified: false, reason: 'no-publisher' })
    expect(signatureCheckOf({ platform: 'linux' })).toEqual({ verified: false, reason: 'unsigned-package' })
  })

  it('falls back to the build’s feed when the settings name none', () => {
    const verdict = acceptedFeed({ enabled: true, feedUrl: null }, 'https://releases.example.com/app')
    expect(verdict.on && verdict.feed.href).toBe('https://releases.example.com/app/')
  })
})
