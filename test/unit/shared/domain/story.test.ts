import { describe, expect, it } from 'vitest'
import { STORY_FONTS, StoryRequestSchema, StoryResponseSchema, parseStoryRequest, parseStoryResponse } from '@shared/domain'
import { messageFixture } from './fixtures'

const text = {
  caption: 'Off to the hills',
  background_color: '#FF1E88E5',
  caption_color: '#FFFFFFFF',
  font_type: 'SYSTEM_BOLD',
} as const

describe('story requests', () => {
  it('accepts a text story in each of the eight fonts', () => {
    expect(STORY_FONTS).toHaveLength(8)
    for (const font_type of STORY_FONTS) expect(parseStoryRequest({ ...text, font_type }).success).toBe(true)
  })

  it('accepts media stories: URL, data URI or media id, with an optional caption', () => {
    for (const media of ['https://cdn.example.com/a.jpg', 'data:image/jpeg;base64,/9j/4AAQ', 'jpeg-5e2a1c3a4f6b7c8d-ab12']) {
      const result = parseStoryRequest({ media, caption: 'Top', mime_type: 'image/jpeg' })
      expect(result.success).toBe(true)
      if (result.success) expect(result.data).toHaveProperty('media', media)
    }
    expect(parseStoryRequest({ media: 'https://cdn.example.com/a.mp3', background_color: '#FF000000' }).success).toBe(true)
  })

  it('is media or text, never both', () => {
    expect(parseStoryRequest({ ...text, media: 'https://cdn.example.com/a.jpg' })).toMatchObject({
      success: false,
      issue: { path: '' },
    })
    expect(StoryRequestSchema.safeParse({ ...text, media: 'https://cdn.example.com/a.jpg' }).success).toBe(false)
  })

  it.each([
    [{ ...text, caption: undefined }, 'caption'],
    [{ ...text, caption: '   ' }, 'caption'],
    [{ ...text, caption: 'x'.repeat(1025) }, 'caption'],
    [{ ...text, background_color: '#00000000' }, 'background_color'],
    [{ ...text, background_color: 'red' }, 'background_color'],
    [{ ...text, background_color: '#1234567' }, 'background_color'],
    [{ ...text, caption_color: '#GG0000' }, 'caption_color'],
    [{ ...text, font_type: 'COMIC_SANS' }, 'font_type'],
    [{ ...text, font_type: undefined }, 'font_type'],
    [{ ...text, contacts: ['+447700900123'] }, 'contacts[0]'],
    [{ ...text, contacts: ['123456'] }, 'contacts[0]'],
    [{ ...text, exclude_contacts: ['4477009001231234'] }, 'exclude_contacts[0]'],
    [{ media: 'not a url', caption: 'x' }, 'media'],
    [{ media: 'https://cdn.example.com/a.jpg', caption: 'x'.repeat(1025) }, 'caption'],
  ])('rejects %j at %s', (input, path) => {
    expect(parseStoryRequest(input)).toMatchObject({ success: false, issue: { path } })
  })

  it('takes contacts as bare numbers of 7 to 15 digits only, as the contract says', () => {
    expect(parseStoryRequest({ ...text, contacts: ['447700900123'], exclude_contacts: ['4477009001'] }).success).toBe(true)
  })

  it.each([
    ['contacts', '123456789012@lid'],
    ['contacts', '15550100001@s.whatsapp.net'],
    ['exclude_contacts', '15550100001@s.whatsapp.net'],
    ['exclude_contacts', '+15550100001'],
  ])('refuses %s holding %s', (field, id) => {
    expect(parseStoryRequest({ ...text, [field]: ['447700900123', id] })).toMatchObject({
      success: false,
      issue: { path: `${field}[1]` },
    })
  })

  it('counts caption characters as code points, so an emoji counts once', () => {
    expect(parseStoryRequest({ ...text, caption: '⛰️🥾'.repeat(256) }).success).toBe(true)
    expect(parseStoryRequest({ ...text, caption: '🥾'.repeat(1025) }).success).toBe(false)
  })

  it('accepts a caption of exactly 1024 characters and opaque six-digit colours', () => {
    expect(parseStoryRequest({ ...text, caption: 'x'.repeat(1024), background_color: '#336699' }).success).toBe(true)
  })
})

describe('StoryResponseSchema', () => {
  it('parses {sent, message} and keeps unknown fields', () => {
    const message = { ...messageFixture('image'), type: 'story' }
    const parsed = StoryResponseSchema.parse({ sent: true, message, extra: 1 })
    expect(parsed.sent).toBe(true)
    expect(parsed.message?.image?.mime_type).toBe('image/jpeg')
    expect((parsed as Record<string, unknown>).extra).toBe(1)
    expect(StoryResponseSchema.parse({ sent: true })).toEqual({ sent: true })
  })

  it('rejects a reply without `sent`', () => {
    expect(StoryResponseSchema.safeParse({ message: null }).success).toBe(false)
  })
})

describe('parseStoryResponse', () => {
  it('drops a malformed message but keeps `sent`, describing what was wrong', () => {
    expect(parseStoryResponse({ sent: true, message: { id: 1 } })).toEqual({
      success: true,
      data: {
        response: { sent: true },
        messageIssue: { path: 'message.id', message: expect.any(String) },
      },
    })
  })

  it('fails only when `sent` is not a boolean', () => {
    expect(parseStoryResponse({ sent: 'yes' })).toMatchObject({
      success: false,
      issue: { path: 'sent' },
    })
    expect(parseStoryResponse({ sent: false })).toEqual({
      success: true,
      data: { response: { sent: false } },
    })
  })
})
