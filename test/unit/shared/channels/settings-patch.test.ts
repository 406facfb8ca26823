import { describe, expect, it } from 'vitest'
import { SettingsPatchSchema, SettingsSchema } from '../../../../src-shared/channels/settings'

describe('SettingsPatchSchema', () => {
  it('keeps a nested patch to the fields it names, so the others are not reset to defaults', () => {
    expect(SettingsPatchSchema.parse({ updates: { enabled: true } })).toEqual({ updates: { enabled: true } })
    expect(SettingsPatchSchema.parse({ sync: { concurrency: 2 } })).toEqual({ sync: { concurrency: 2 } })
    expect(SettingsPatchSchema.parse({ stories: { videoMaxSeconds: 30 } })).toEqual({ stories: { videoMaxSeconds: 30 } })
  })

  it('still checks each field and refuses unknown ones', () => {
    expect(SettingsPatchSchema.safeParse({ sync: { concurrency: 99 } }).success).toBe(false)
    expect(SettingsPatchSchema.safeParse({ updates: { channel: 'beta' } }).success).toBe(false)
  })
})

describe('the update feed setting', () => {
  it('accepts only an https address without credentials, or nothing', () => {
    const feed = (feedUrl: unknown) => SettingsPatchSchema.safeParse({ updates: { feedUrl } })
    expect(feed('https://updates.example.com/statusdesk/').success).toBe(true)
    expect(feed(null).success).toBe(true)
    for (const bad of [
      'http://updates.example.com/',
      'file:///tmp/feed',
      'https://me:pw@updates.example.com/',
      'updates.example.com',
      '',
    ]) {
      const result = feed(bad)
      expect(result.success, bad).toBe(false)
    }
    expect(SettingsSchema.parse({}).updates).toEqual({ enabled: false, feedUrl: null })
  })
})
