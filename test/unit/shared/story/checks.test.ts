import { blockingIssues, checkMedia, checkStory, type StoryIssue } from '@shared/story/checks'
import { StoryDraftSchema, type StoryDraftInput } from '@shared/story/draft'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import type { MediaGrant } from '@shared/story/media-facts'
import { describe, expect, it } from 'vitest'

const draft = (input: StoryDraftInput) => StoryDraftSchema.parse(input)
const codes = (issues: StoryIssue[]) => issues.map((i) => `${i.field}:${i.code}:${i.severity}`)

const image: MediaGrant = {
  id: 'abcdefghijklmnopqrstuvwx',
  kind: 'image',
  mimeType: 'image/jpeg',
  size: 1000,
  name: 'photo.jpg',
  width: 360,
  height: 640,
  seconds: null,
  url: '/media/abcdefghijklmnopqrstuvwx',
  createdAt: '2026-01-01T00:00:00.000Z',
}
const MB = 1024 * 1024

describe('checks before a story is sent', () => {
  it('passes a well-formed text story', () => {
    expect(checkStory(draft({ text: { body: 'Hello' } }), null, DEFAULT_STORY_LIMITS)).toEqual([])
  })

  it('refuses empty text, too long text, bad colours and the transparent default', () => {
    expect(codes(checkStory(draft({ text: { body: '  \n ' } }), null, DEFAULT_STORY_LIMITS))).toEqual(['text:text-empty:error'])
    expect(codes(checkStory(draft({ text: { body: 'x'.repeat(1025) } }), null, DEFAULT_STORY_LIMITS))).toEqual(['text:text-too-long:error'])
    expect(checkStory(draft({ text: { body: 'x'.repeat(1024) } }), null, DEFAULT_STORY_LIMITS)).toEqual([])
    expect(codes(checkStory(draft({ text: { body: 'Hi', background: 'FF000000', color: '#FFF' } }), null, DEFAULT_STORY_LIMITS))).toEqual([
      'background:color-invalid:error',
      'color:color-invalid:error',
    ])
    expect(codes(checkStory(draft({ text: { body: 'Hi', background: '#00000000' } }), null, DEFAULT_STORY_LIMITS))).toEqual([
      'background:background-transparent:error',
    ])
    // Any alpha of zero is invisible, whatever the colour digits say.
    expect(codes(checkStory(draft({ text: { body: 'Hi', background: '#00FF0000' } }), null, DEFAULT_STORY_LIMITS))).toEqual([
      'background:background-transparent:error',
    ])
  })

  it('warns on poor contrast without blocking', () => {
    const issues = checkStory(draft({ text: { body: 'Hi', background: '#FFFFFFFF', color: '#FFFFFF00' } }), null, DEFAULT_STORY_LIMITS)
    expect(codes(issues)).toEqual(['color:contrast-low:warning'])
    expect(issues[0]!.params!['ratio']).toBe(1.1)
    expect(blockingIssues(issues)).toEqual([])
  })

  it('needs media for a media story, and checks caption length and the preview', () => {
    expect(codes(checkStory(draft({ kind: 'media' }), null, DEFAULT_STORY_LIMITS))).toEqual(['media:media-missing:error'])
    expect(
      codes(
        checkStory(
          draft({ kind: 'media', media: { caption: 'c'.repeat(1025), preview: 'data:image/png;base64,AAAA' } }),
          image,
          DEFAULT_STORY_LIMITS,
        ),
      ),
    ).toEqual(['caption:caption-too-long:error', 'media:preview-invalid:error'])
    expect(
      checkStory(draft({ kind: 'media', media: { preview: 'data:image/jpeg;base64,/9j/4AA=' } }), image, DEFAULT_STORY_LIMITS),
    ).toEqual([])
  })

  it('applies the size and length limits per kind, as configured', () => {
    expect(codes(checkMedia({ ...image, size: 5 * MB + 1 }, DEFAULT_STORY_LIMITS))).toEqual(['media:media-too-large:error'])
    expect(checkMedia({ ...image, size: 5 * MB }, DEFAULT_STORY_LIMITS)).toEqual([])
    const video = { ...image, kind: 'video' as const, mimeType: 'video/mp4', size: 10 * MB, seconds: 61 }
    expect(codes(checkMedia(video, DEFAULT_STORY_LIMITS))).toEqual(['media:video-too-long:error'])
    expect(checkMedia({ ...video, seconds: 60 }, DEFAULT_STORY_LIMITS)).toEqual([])
    expect(checkMedia(video, { ...DEFAULT_STORY_LIMITS, videoMaxSeconds: 90 })).toEqual([])
    const audio = { ...image, kind: 'audio' as const, mimeType: 'audio/mpeg', size: 17 * MB, seconds: 600 }
    expect(codes(checkMedia(audio, DEFAULT_STORY_LIMITS))).toEqual(['media:media-too-large:error'])
    expect(checkMedia(audio, { ...DEFAULT_STORY_LIMITS, audioMaxBytes: 20 * MB })).toEqual([])
  })

  it('checks the audience: chosen contacts must exist and be valid; exclusions too', () => {
    expect(codes(checkStory(draft({ text: { body: 'Hi' }, audience: { mode: 'contacts' } }), null, DEFAULT_STORY_LIMITS))).toEqual([
      'contacts:contacts-empty:error',
    ])
    const bad = checkStory(
      draft({ text: { body: 'Hi' }, audience: { mode: 'contacts', contacts: ['15550100001', '12-34', 'x'] } }),
      null,
      DEFAULT_STORY_LIMITS,
    )
    expect(codes(bad)).toEqual(['contacts:contact-invalid:error'])
    expect(bad[0]!.params).toEqual({ value: '12-34', count: 2 })
    expect(
      codes(checkStory(draft({ text: { body: 'Hi' }, audience: { mode: 'everyone', exclude: ['abc'] } }), null, DEFAULT_STORY_LIMITS)),
    ).toEqual(['exclude:contact-invalid:error'])
    // A hidden-number id (kept in a draft from an older version) is refused at its field too.
    expect(
      checkStory(
        draft({ text: { body: 'Hi' }, audience: { mode: 'contacts', contacts: ['123456789012@lid'] } }),
        null,
        DEFAULT_STORY_LIMITS,
      ),
    ).toEqual([{ field: 'contacts', code: 'contact-invalid', severity: 'error', params: { value: '123456789012@lid', count: 1 } }])
    expect(
      codes(
        checkStory(
          draft({ text: { body: 'Hi' }, audience: { mode: 'everyone', exclude: ['15550100001@c.us'] } }),
          null,
          DEFAULT_STORY_LIMITS,
        ),
      ),
    ).toEqual(['exclude:contact-invalid:error'])
    // Exclusions do not matter when only chosen contacts see it.
    expect(
      checkStory(
        draft({ text: { body: 'Hi' }, audience: { mode: 'contacts', contacts: ['15550100001'], exclude: ['abc'] } }),
        null,
        DEFAULT_STORY_LIMITS,
      ),
    ).toEqual([])
  })
})

describe('caption length counts characters, not UTF-16 units', () => {
  it('accepts 1,024 emoji, which the provider counts as 1,024 characters, and refuses 1,025', () => {
    const emoji = '😀'.repeat(1024)
    expect(emoji.length).toBe(2048)
    expect(checkStory(draft({ text: { body: emoji } }), null, DEFAULT_STORY_LIMITS)).toEqual([])
    expect(codes(checkStory(draft({ text: { body: emoji + '😀' } }), null, DEFAULT_STORY_LIMITS))).toContain('text:text-too-long:error')
  })
})
