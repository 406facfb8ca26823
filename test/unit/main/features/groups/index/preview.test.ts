import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { MessageSchema } from '@shared/domain'
import { messagePreview } from '../../../../../../src-main/features/groups/index'

const fixtures = fileURLToPath(new URL('../../../../../fixtures/messages/', import.meta.url))
const message = (name: string) => MessageSchema.parse(JSON.parse(readFileSync(`${fixtures}${name}.json`, 'utf8')))

describe('the one-line preview of a last message', () => {
  it.each([
    ['text', 'See you on Saturday!'],
    ['image', 'The view from the top'],
    ['video', 'Sunset'],
    ['document', 'The route'],
    ['location', 'Big Ben'],
    ['live_location', 'On my way'],
    ['poll', 'Which day?'],
    ['contact', 'Ben'],
    ['contact_list', 'Ben, Cleo'],
    ['interactive', 'Which day?'],
    ['list', 'Which day?'],
    ['buttons', 'Are you coming?'],
    ['hsm', 'Your booking is confirmed'],
    ['system', 'Ana added Ben'],
    ['order', 'Trail map'],
    ['event', 'Saturday hike'],
    ['group_invite', 'Weekend hikers'],
    ['newsletter_invite', 'Trail news'],
    ['admin_invite', 'You are invited to administer Trail news'],
    ['link_preview', 'https://example.com/trail'],
    // An edit shows the new text.
    ['action', 'See you on Sunday!'],
  ])('%s shows "%s"', (name, text) => {
    const preview = messagePreview(message(name))
    expect(preview).toEqual({ kind: name, text, fromMe: false, author: 'Ana' })
  })

  it.each(['audio', 'voice', 'sticker', 'gif', 'short', 'product'])(
    '%s without words has an empty text (the list names the kind)',
    (name) => {
      expect(messagePreview(message(name))).toMatchObject({ kind: name, text: '' })
    },
  )

  it('covers every fixture kind without throwing', () => {
    for (const file of readdirSync(fixtures)) {
      const preview = messagePreview(message(file.replace(/\.json$/, '')))
      expect(preview?.kind).toBe(file.replace(/\.json$/, ''))
    }
  })

  it('keeps a long or multi-line text to one short line', () => {
    const long = MessageSchema.parse({
      ...JSON.parse(readFileSync(`${fixtures}text.json`, 'utf8')),
      text: { body: `first line\n\n${'word '.repeat(100)}` },
    })
    const preview = messagePreview(long)
    expect(preview?.text.startsWith('first line word word')).toBe(true)
    expect(preview?.text).not.toContain('\n')
    expect(preview?.text.length).toBeLessThanOrEqual(160)
    expect(preview?.text.endsWith('…')).toBe(true)
  })

  it('names nobody for the account’s own message, and finds content under another member', () => {
    const own = MessageSchema.parse({
      id: 'm1',
      type: 'unknown',
      chat_id: 'c@g.us',
      from: '1555',
      from_me: true,
      timestamp: 1,
      poll: { title: 'Lunch?', options: ['a', 'b'] },
    })
    expect(messagePreview(own)).toEqual({
      kind: 'poll',
      text: 'Lunch?',
      fromMe: true,
      author: null,
    })
    expect(messagePreview(null)).toBeNull()
  })
})
