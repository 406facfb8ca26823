import { describe, expect, it } from 'vitest'
import { MESSAGE_CONTENT_MEMBERS, MessageSchema, messageContentMembers, parseWith } from '@shared/domain'
import { messageFixture, messageFixtures } from './fixtures'

/** For each content member: one field and a value of the wrong type for it. */
const corruptions: Record<string, [path: (string | number)[], wrong: unknown]> = {
  text: [['text', 'body'], 42],
  image: [['image', 'file_size'], 'large'],
  video: [['video', 'seconds'], '14'],
  short: [['short', 'mime_type'], 7],
  gif: [['gif', 'autoplay'], 'yes'],
  audio: [['audio', 'id'], 12],
  voice: [
    ['voice', 'waveform'],
    [1, 2],
  ],
  document: [['document', 'page_count'], 'three'],
  link_preview: [['link_preview', 'title'], false],
  sticker: [['sticker', 'animated'], 'no'],
  location: [['location', 'latitude'], '51.5'],
  live_location: [['live_location', 'sequence_number'], '4'],
  contact: [['contact', 'vcard'], { text: 'x' }],
  contact_list: [['contact_list', 'list', 1, 'name'], 5],
  interactive: [['interactive', 'action', 'list', 'sections', 0, 'rows', 0, 'title'], 1],
  poll: [['poll', 'options'], 'Saturday,Sunday'],
  hsm: [['hsm', 'header', 'location', 'longitude'], null],
  system: [['system', 'body'], 1],
  order: [['order', 'total_price'], '12.50'],
  group_invite: [['group_invite', 'body'], null],
  newsletter_invite: [['newsletter_invite', 'url'], 1],
  admin_invite: [['admin_invite', 'expiration'], 'tomorrow'],
  product: [['product', 'product_id'], 987654321],
  catalog: [['catalog', 'catalog_id'], 1],
  product_items: [['product_items', 'type'], 2],
  action: [['action', 'event_response', 'timestamp'], 'now'],
  event: [['event', 'responses', 1, 'response'], true],
  list: [['list', 'sections', 0, 'rows'], { id: 'row-1' }],
  buttons: [['buttons', 'buttons', 0, 'text'], 3],
}

function setAt(target: Record<string, unknown>, path: (string | number)[], value: unknown): void {
  let node: Record<string | number, unknown> = target
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  node[path[path.length - 1] as string | number] = value
}

function formatted(path: (string | number)[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('')
}

describe('MessageSchema', () => {
  it('has a fixture and a corruption case for every content member', () => {
    expect(Object.keys(messageFixtures()).sort()).toEqual([...MESSAGE_CONTENT_MEMBERS].sort())
    expect(Object.keys(corruptions).sort()).toEqual([...MESSAGE_CONTENT_MEMBERS].sort())
  })

  it.each(MESSAGE_CONTENT_MEMBERS)('parses a %s message with every field of the spec', (kind) => {
    const raw = messageFixture(kind)
    const parsed = MessageSchema.parse(raw)
    expect(parsed).toEqual(raw)
    expect(parsed[kind]).toBeTruthy()
  })

  it.each(MESSAGE_CONTENT_MEMBERS)('names the path of a wrong type in a %s message', (kind) => {
    const [path, wrong] = corruptions[kind]!
    const raw = messageFixture(kind)
    setAt(raw, path, wrong)
    const result = parseWith(MessageSchema, raw)
    expect(result.success).toBe(false)
    if (!result.success) expect(result.issue.path).toBe(formatted(path))
  })

  it('parses the shared parts of a message: context, quoted content, reactions, labels', () => {
    const parsed = MessageSchema.parse(messageFixture('text'))
    expect(parsed.context?.quoted_type).toBe('image')
    expect(parsed.context?.quoted_content).toMatchObject({ caption: 'The view from the top' })
    expect(parsed.context?.ad?.source?.id).toBe('ad-1')
    expect(parsed.reactions?.[0]?.emoji).toBe('👍')
    expect(parsed.labels?.[0]).toEqual({ id: '3', name: 'Hiking', color: 'limegreen', count: 4 })
    expect(parsed.text?.sections?.[0]?.rows?.[0]?.description).toBe('Meet at 8:00')
    expect(parsed.text?.buttons?.[0]?.title).toBe('Open the map')
  })

  it('keeps fields it does not know, at every level', () => {
    const raw = messageFixture('poll')
    raw.brand_new_field = { nested: true }
    ;(raw.poll as Record<string, unknown>).anonymous = true
    const parsed = MessageSchema.parse(raw) as Record<string, unknown>
    expect(parsed.brand_new_field).toEqual({ nested: true })
    expect((parsed.poll as Record<string, unknown>).anonymous).toBe(true)
  })

  it('accepts a message with only its required fields, and null for absent optional ones', () => {
    const minimal = {
      id: 'm1',
      type: 'text',
      chat_id: '120363194020948049@g.us',
      from_me: true,
      timestamp: 1,
    }
    expect(MessageSchema.parse(minimal)).toEqual(minimal)
    const withNulls = { ...minimal, from_name: null, text: null, context: null, reactions: null }
    expect(MessageSchema.parse(withNulls)).toEqual(withNulls)
  })

  it('accepts enum values the spec does not list yet (a new message type, a new status)', () => {
    const raw = {
      id: 'm1',
      type: 'carousel_v2',
      chat_id: 'c',
      from_me: false,
      timestamp: 1,
      status: 'queued',
    }
    expect(MessageSchema.parse(raw).type).toBe('carousel_v2')
  })

  it('rejects a missing required field and says which', () => {
    const raw = messageFixture('image')
    delete (raw.image as Record<string, unknown>).mime_type
    const result = parseWith(MessageSchema, raw)
    expect(result).toMatchObject({ success: false, issue: { path: 'image.mime_type' } })
    const noId = messageFixture('text')
    delete noId.id
    expect(parseWith(MessageSchema, noId)).toMatchObject({ success: false, issue: { path: 'id' } })
  })

  it('names the deepest problem inside quoted content rather than the union', () => {
    const raw = messageFixture('text')
    raw.context = { quoted_type: 'poll', quoted_content: 'not an object' }
    const result = parseWith(MessageSchema, raw)
    expect(result).toMatchObject({ success: false, issue: { path: 'context.quoted_content' } })
  })
})

describe('the content members', () => {
  it('are listed apart from their schemas in the schemas’ own order, one schema each', () => {
    expect(Object.keys(messageContentMembers)).toEqual([...MESSAGE_CONTENT_MEMBERS])
  })
})
