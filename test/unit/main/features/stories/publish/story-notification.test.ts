import { describe, expect, it } from 'vitest'
import { notificationText, storyNotification } from '../../../../../../src-main/features/stories/outbox/story-notification'
import type { StorySummary } from '@shared/story/records'
import { createTranslator } from '../../../../../../src-main/platform/i18n/translator'

const TOKEN = 'sk_Live4ab9QzR2mT7pW3xY8vN1cE5'
const say = createTranslator('en-US').say

function summary(text: string): StorySummary {
  return {
    kind: 'text',
    text,
    thumbnail: null,
    background: '#FF0B6E4F',
    color: '#FFFFFFFF',
    font: 'SYSTEM',
    audience: { mode: 'contacts', count: 2, excluded: 0 },
    mediaBytes: null,
  }
}

describe('story notifications', () => {
  it('never carry a full phone number, a chat id or the token, whatever the caption holds', () => {
    const caption = `Call +44 7911 123456 or 5511987654321, chat 5511987654321@s.whatsapp.net, key ${TOKEN}`
    for (const outcome of ['published', 'failed', 'unknown', 'missed'] as const) {
      const notification = storyNotification(outcome, summary(caption), { secrets: [TOKEN] })
      const { title, body } = notificationText(notification)
      const shown = `${say(title)} ${say(body)} ${notification.text} ${JSON.stringify({ title, body })}`
      expect(shown).not.toContain(TOKEN)
      expect(shown).not.toMatch(/\d{7,}/)
      expect(shown.replace(/\D+/g, ' ')).not.toMatch(/7911 123456/)
      expect(shown).not.toContain('5511987654321')
    }
  })

  it('name the story by the start of its caption, shortened', () => {
    const notification = storyNotification(
      'published',
      summary('Sunrise over the bay, first ferry of the day, coffee on deck and the whole crew waving'),
    )
    expect(notification.text.length).toBeLessThanOrEqual(60)
    expect(notification.text.startsWith('Sunrise over the bay')).toBe(true)
    const { title, body } = notificationText(notification)
    expect(title).toEqual({ key: 'desktop.notifications.published.title' })
    expect(body).toEqual({ key: 'desktop.notifications.published.bodyWithCaption', params: { caption: notification.text } })
    expect(say(title)).toBe('Story published')
    expect(say(body)).toMatch(/^“\u2068Sunrise over the bay.*\u2069” — Your scheduled or queued story is live\.$/)
  })

  it('a missed story says it was not sent late', () => {
    const { body } = notificationText(storyNotification('missed', summary('')))
    expect(body).toEqual({ key: 'desktop.notifications.missed.body' })
    expect(say(body)).toMatch(/not sent late/)
  })

  it('name the account among several, masked like the caption', () => {
    const notification = storyNotification('failed', summary('Hi'), { account: 'Shop +44 7911 123456' })
    const { title } = notificationText(notification)
    expect(title.key).toBe('desktop.notifications.failed.titleOnAccount')
    expect(title.params?.['account']).not.toMatch(/7911 123456/)
    expect(say(title)).toMatch(/^Story not published on \u2068Shop .*\u2069$/)
  })
})
