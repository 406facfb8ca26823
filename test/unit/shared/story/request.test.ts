import { parseStoryRequest } from '@shared/domain/story'
import { StoryDraftSchema, type StoryDraftInput } from '@shared/story/draft'
import type { MediaGrant } from '@shared/story/media-facts'
import { audienceSize, mediaStoryFields, textStoryRequest } from '@shared/story/request'
import { summarizeStory } from '@shared/story/summary'
import { describe, expect, it } from 'vitest'

const draft = (input: StoryDraftInput) => StoryDraftSchema.parse(input)
const grant = (over: Partial<MediaGrant>): MediaGrant => ({
  id: 'abcdefghijklmnopqrstuvwx',
  kind: 'image',
  mimeType: 'image/jpeg',
  size: 2048,
  name: 'a.jpg',
  width: 360,
  height: 640,
  seconds: null,
  url: '/media/abcdefghijklmnopqrstuvwx',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
})

describe('the request built from the composer', () => {
  it('builds a text story the provider accepts, colours upper-cased, audience normalised', () => {
    const request = textStoryRequest(
      draft({
        text: { body: 'Hello', background: '#ff0b6e4f', color: '#ffffffff', font: 'CALISTOGA_REGULAR' },
        audience: { mode: 'contacts', contacts: ['+1 555 010 0001', '15550100001@s.whatsapp.net', '99887766554@lid'] },
      }),
    )
    expect(request).toEqual({
      caption: 'Hello',
      background_color: '#FF0B6E4F',
      caption_color: '#FFFFFFFF',
      font_type: 'CALISTOGA_REGULAR',
      contacts: ['15550100001'],
    })
    expect(parseStoryRequest(request).success).toBe(true)
  })

  it('sends exclusions only to everyone, and nothing when there are none', () => {
    expect(textStoryRequest(draft({ text: { body: 'a' } }))).not.toHaveProperty('exclude_contacts')
    expect(textStoryRequest(draft({ text: { body: 'a' } }))).not.toHaveProperty('contacts')
    expect(textStoryRequest(draft({ text: { body: 'a' }, audience: { exclude: ['15550100009'] } })).exclude_contacts).toEqual([
      '15550100009',
    ])
  })

  it('fills width, height and preview for pictures, seconds for video and audio, a background for audio', () => {
    const preview = 'data:image/jpeg;base64,/9j/4AA='
    expect(mediaStoryFields(draft({ kind: 'media', media: { caption: 'Look', preview } }), grant({}))).toEqual({
      caption: 'Look',
      preview,
      width: 360,
      height: 640,
    })
    expect(
      mediaStoryFields(draft({ kind: 'media', media: { preview } }), grant({ kind: 'video', mimeType: 'video/mp4', seconds: 12 })),
    ).toEqual({ preview, width: 360, height: 640, seconds: 12 })
    expect(
      mediaStoryFields(
        draft({ kind: 'media', media: { preview, background: '#ff112233' } }),
        grant({ kind: 'audio', mimeType: 'audio/mpeg', width: null, height: null, seconds: 3 }),
      ),
    ).toEqual({ seconds: 3, background_color: '#FF112233' })
  })

  it('summarises for the outbox and history', () => {
    const d = draft({
      kind: 'media',
      media: { caption: 'x', preview: 'data:image/jpeg;base64,AA==' },
      audience: { mode: 'contacts', contacts: ['15550100001', '15550100001'] },
    })
    expect(audienceSize(d)).toBe(1)
    expect(summarizeStory(d, grant({}))).toMatchObject({
      kind: 'image',
      text: 'x',
      thumbnail: 'data:image/jpeg;base64,AA==',
      audience: { mode: 'contacts', count: 1, excluded: 0 },
      mediaBytes: 2048,
    })
    expect(summarizeStory(draft({ text: { body: 'hi' } }), null)).toMatchObject({ kind: 'text', background: '#FF0B6E4F', font: 'SYSTEM' })
  })
})
