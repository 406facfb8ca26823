import { createHash } from 'node:crypto'
import { request } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Emulator, PublishedStory } from '../../../../src-main/emulator/index'
import { specErrors } from '../../../support/emulator-openapi'
import { bearer, controlCall, postStory, start } from './helpers'

const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2Q=='
const TEXT = {
  caption: 'Hello world',
  background_color: '#FF1E88E5',
  caption_color: '#FFFFFFFF',
  font_type: 'SYSTEM_BOLD',
}

type Sent = { sent: boolean; message: Record<string, unknown> & { type: string } }

describe('POST /stories', () => {
  let emulator: Emulator
  const stories = async (): Promise<PublishedStory[]> =>
    ((await controlCall(emulator, '/stories')).body as { stories: PublishedStory[] }).stories

  beforeAll(async () => {
    emulator = await start({ maxBodyBytes: 64 * 1024, now: () => 1_750_000_123_456 })
  })
  afterAll(() => emulator.stop())
  beforeEach(() => emulator.control.stories.clear())

  it('publishes a text story: {sent, message} valid against the spec', async () => {
    const reply = await postStory(emulator, TEXT)
    expect(reply.status).toBe(200)
    expect(specErrors('SentMessage', reply.body)).toEqual([])
    const { sent, message } = reply.body as Sent
    expect(sent).toBe(true)
    expect(message).toMatchObject({
      type: 'text',
      chat_id: 'status@broadcast',
      from_me: true,
      status: 'sent',
      timestamp: 1_750_000_123,
      text: { body: 'Hello world' },
    })
    const [story] = await stories()
    expect(story).toMatchObject({
      kind: 'text',
      caption: 'Hello world',
      backgroundColor: '#FF1E88E5',
      captionColor: '#FFFFFFFF',
      fontType: 'SYSTEM_BOLD',
      message,
    })
  })

  it('applies the spec defaults to a text story that gives only a caption', async () => {
    expect((await postStory(emulator, { caption: 'Just text' })).status).toBe(200)
    expect((await stories())[0]).toMatchObject({
      backgroundColor: '#00000000',
      captionColor: '#FFFFFFFF',
      fontType: 'SYSTEM',
    })
  })

  it.each([
    ['an image data URI', { media: JPEG, caption: 'Look' }, 'image', 'image/jpeg'],
    ['an image data URI with mime_type', { media: JPEG, mime_type: 'image/jpeg' }, 'image', 'image/jpeg'],
    ['an image URL', { media: 'https://example.com/a/photo.png', caption: 'Sunset' }, 'image', 'image/png'],
    ['a video URL', { media: 'https://example.com/clip.mp4', seconds: 12 }, 'video', 'video/mp4'],
    ['an extensionless URL with mime_type', { media: 'http://example.com/media/42', mime_type: 'video/mp4' }, 'video', 'video/mp4'],
    [
      'a voice note',
      {
        media: 'data:audio/ogg;codecs=opus;base64,T2dnUw==',
        seconds: 4,
        background_color: '#FF000000',
      },
      'voice',
      'audio/ogg',
    ],
    ['an audio file by media id', { media: 'mp3-4e5f60718293a4b5c6d7e8f9' }, 'audio', 'audio/mpeg'],
    ['an image by media id', { media: 'jpeg-0a1b2c3d4e5f60718293a4b5', caption: 'By id' }, 'image', 'image/jpeg'],
  ])('publishes %s as a %s message, pending', async (_name, body, type, mime) => {
    const reply = await postStory(emulator, body)
    expect(reply.status).toBe(200)
    expect(specErrors('SentMessage', reply.body)).toEqual([])
    const { message } = reply.body as Sent
    expect(message.type).toBe(type)
    expect(message.status).toBe('pending')
    expect(message[type]).toMatchObject({ mime_type: mime })
    if ('caption' in body) expect(message[type]).toMatchObject({ caption: body.caption })
    const [story] = await stories()
    expect(story).toMatchObject({ kind: type, mimeType: mime })
  })

  it('records a data URI by size and digest, not by its bytes', async () => {
    await postStory(emulator, { media: JPEG })
    const [story] = await stories()
    const bytes = Buffer.from(JPEG.split(',')[1] as string, 'base64')
    expect(story?.media).toEqual({
      form: 'data-uri',
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })
    expect(String(story?.request.media)).not.toContain('/9j/')
  })

  it('keeps contacts and exclude_contacts, with @lid and @s.whatsapp.net forms', async () => {
    const body = {
      ...TEXT,
      contacts: ['4915112345678', '123456789012345@lid', '447700900123@s.whatsapp.net'],
      exclude_contacts: ['12025550123'],
    }
    expect((await postStory(emulator, body)).status).toBe(200)
    expect((await stories())[0]).toMatchObject({
      contacts: body.contacts,
      excludeContacts: body.exclude_contacts,
    })
  })

  it('accepts a caption of exactly 1024 characters, counting emoji as one', async () => {
    expect((await postStory(emulator, { caption: 'a'.repeat(1024) })).status).toBe(200)
    expect((await postStory(emulator, { caption: '🎉'.repeat(1024) })).status).toBe(200)
  })

  it('answers 201 when configured to', async () => {
    const other = await start({ storyStatus: 201 })
    try {
      const reply = await postStory(other, TEXT)
      expect(reply.status).toBe(201)
      expect(specErrors('SentMessage', reply.body)).toEqual([])
    } finally {
      await other.stop()
    }
  })

  const invalid: [string, unknown, string][] = [
    ['neither media nor caption', { background_color: '#FF000000' }, 'caption'],
    ['an empty body object', {}, 'caption'],
    ['a blank caption', { caption: '   ' }, 'caption'],
    ['a caption over 1024 characters', { caption: 'a'.repeat(1025) }, 'caption'],
    ['a caption that is not a string', { caption: 42 }, 'caption'],
    ['a colour without #', { ...TEXT, background_color: 'FF000000' }, 'background_color'],
    ['a colour with 5 digits', { ...TEXT, background_color: '#FF000' }, 'background_color'],
    ['a colour with 9 digits', { ...TEXT, caption_color: '#FF0000000' }, 'caption_color'],
    ['a colour that is not hex', { ...TEXT, caption_color: '#GG000000' }, 'caption_color'],
    ['a named colour', { ...TEXT, caption_color: 'red' }, 'caption_color'],
    ['an unknown font', { ...TEXT, font_type: 'COMIC_SANS' }, 'font_type'],
    ['a lower-case font', { ...TEXT, font_type: 'system' }, 'font_type'],
    ['a contact with letters', { ...TEXT, contacts: ['12345abc'] }, 'contacts.0'],
    ['a contact too short', { ...TEXT, contacts: ['123456'] }, 'contacts.0'],
    ['a contact too long', { ...TEXT, contacts: ['1234567890123456'] }, 'contacts.0'],
    ['a contact with +', { ...TEXT, contacts: ['+4915112345678'] }, 'contacts.0'],
    ['a group as contact', { ...TEXT, contacts: ['120363040123456789@g.us'] }, 'contacts.0'],
    ['contacts not a list', { ...TEXT, contacts: '4915112345678' }, 'contacts'],
    ['a bad excluded contact', { ...TEXT, exclude_contacts: ['1', '4915112345678'] }, 'exclude_contacts.0'],
    ['width not an integer', { media: JPEG, width: 10.5 }, 'width'],
    ['height negative', { media: JPEG, height: -1 }, 'height'],
    ['seconds a string', { media: 'https://example.com/v.mp4', seconds: '12' }, 'seconds'],
    ['no_encode not a boolean', { media: JPEG, no_encode: 'yes' }, 'no_encode'],
    ['no_cache not a boolean', { media: JPEG, no_cache: 1 }, 'no_cache'],
    ['preview not a string', { media: JPEG, preview: true }, 'preview'],
    ['media empty', { media: '' }, 'media'],
    ['media not a string', { media: { url: 'https://example.com/a.jpg' } }, 'media'],
    ['media of another form', { media: 'photo.jpg' }, 'media'],
    ['media an ftp URL', { media: 'ftp://example.com/a.jpg' }, 'media'],
    ['a data URI without base64', { media: 'data:image/jpeg,abc' }, 'media'],
    ['a data URI with bad base64', { media: 'data:image/jpeg;base64,@@@@' }, 'media'],
    ['a data URI with no data', { media: 'data:image/jpeg;base64,' }, 'media'],
    ['mime_type not a mime type', { media: JPEG, mime_type: 'jpeg' }, 'mime_type'],
    ['mime_type not a string', { media: JPEG, mime_type: 5 }, 'mime_type'],
  ]
  it.each(invalid)('rejects %s with 400 naming the field', async (_name, body, field) => {
    const reply = await postStory(emulator, body)
    expect(reply.status).toBe(400)
    expect(specErrors('ResponseError', reply.body)).toEqual([])
    expect((reply.body as { error: { message: string } }).error.message.startsWith(`${field}:`)).toBe(true)
    expect(await stories()).toEqual([])
  })

  it.each([
    ['JSON that does not parse', '{"caption": "hi"', {}],
    ['a JSON array', '[1,2]', {}],
    ['an empty body', '', {}],
    ['a body that is not JSON', 'caption=hi', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('rejects %s with 400', async (_name, body, headers) => {
    const reply = await postStory(emulator, body, { headers })
    expect(reply.status).toBe(400)
    expect((reply.body as { error: { message: string } }).error.message).toMatch(/^body:/)
  })

  it.each([
    ['an unsupported mime_type', { media: JPEG, mime_type: 'application/pdf' }],
    ['a data URI of an unsupported type', { media: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }],
    ['a URL to a PDF', { media: 'https://example.com/menu.pdf' }],
    ['a media id of a document', { media: 'pdf-5f60718293a4b5c6d7e8f90a' }],
  ])('rejects %s with 415', async (_name, body) => {
    const reply = await postStory(emulator, body)
    expect(reply.status).toBe(415)
    expect(specErrors('ResponseError', reply.body)).toEqual([])
  })

  it('answers 404 for an unknown media id, and knows ids added through control', async () => {
    const id = 'jpeg-ffffffffffffffffffffffff'
    const reply = await postStory(emulator, { media: id })
    expect(reply.status).toBe(404)
    expect(specErrors('ResponseError', reply.body)).toEqual([])
    emulator.control.media.add(id, 'image/jpeg')
    expect((await postStory(emulator, { media: id })).status).toBe(200)
  })

  it('answers 413 for a body over the limit, declared by Content-Length', async () => {
    const reply = await postStory(emulator, {
      media: `data:image/jpeg;base64,${'A'.repeat(70 * 1024)}`,
    })
    expect(reply.status).toBe(413)
    expect(specErrors('ResponseError', reply.body)).toEqual([])
    expect(await stories()).toEqual([])
  })

  it('answers 413 for a chunked body as soon as it passes the limit', async () => {
    const url = new URL(`${emulator.baseUrl}/stories`)
    const { status, text, sent } = await new Promise<{
      status: number
      text: string
      sent: number
    }>((resolve, reject) => {
      let sent = 0
      const req = request(
        url,
        {
          method: 'POST',
          headers: { ...bearer(emulator.token), 'content-type': 'application/json' },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => (text += c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, sent }))
        },
      )
      req.on('error', reject)
      const chunk = Buffer.alloc(16 * 1024, 'A')
      req.write('{"media":"data:image/jpeg;base64,')
      // Keep sending far past the limit; the emulator must answer rather than buffer it all.
      const pump = (): void => {
        while (sent < 1024 * 1024) {
          sent += chunk.length
          if (!req.write(chunk)) {
            req.once('drain', pump)
            return
          }
        }
        req.end('"}')
      }
      pump()
    })
    expect(status).toBe(413)
    expect(JSON.parse(text)).toMatchObject({ error: { code: 413 } })
    expect(sent).toBeGreaterThan(64 * 1024)
  })

  it('lists published stories at /__emulator/stories and clears them with DELETE', async () => {
    await postStory(emulator, TEXT)
    await postStory(emulator, { media: JPEG })
    const listed = await stories()
    expect(listed.map((s) => s.kind)).toEqual(['text', 'image'])
    expect(new Set(listed.map((s) => s.id)).size).toBe(2)
    const cleared = await controlCall(emulator, '/stories', { method: 'DELETE' })
    expect(cleared.body).toEqual({ stories: [] })
    expect(await stories()).toEqual([])
  })

  it('answers story ids a restarted emulator does not repeat', async () => {
    let clock = 1_750_000_200_000
    const idsOf = async (): Promise<string[]> => {
      const again = await start({ now: () => (clock += 1000) })
      try {
        const ids: string[] = []
        for (let i = 0; i < 3; i++) ids.push(((await postStory(again, TEXT)).body as Sent).message['id'] as string)
        return ids
      } finally {
        await again.stop()
      }
    }
    const first = await idsOf()
    const second = await idsOf()
    expect(new Set([...first, ...second]).size).toBe(6)
  })

  it('ignores members the spec does not define', async () => {
    expect((await postStory(emulator, { ...TEXT, to: 'me', extra: 1 })).status).toBe(200)
  })
})
