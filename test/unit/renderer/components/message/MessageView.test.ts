import { mount } from '@vue/test-utils'
import { MESSAGE_CONTENT_MEMBERS } from '@shared/domain'
import { describe, expect, it } from 'vitest'
import { h } from 'vue'
import ErrorBoundary from '../../../../../src-renderer/src/components/common/ErrorBoundary.vue'
import MessageView from '../../../../../src-renderer/src/components/message/MessageView.vue'
import { messageFixtures, plugins } from '../../support/groups-fixtures'

/** For each recorded kind: the view that must draw it and text from the record it must show. */
const EXPECTED: Record<string, { view: string; shows: string[] }> = {
  text: { view: 'message-text', shows: ['See you on Saturday!', 'Open the map', 'Meet at 8:00', 'Product 987654321'] },
  image: { view: 'message-media', shows: ['The view from the top', '1280 × 960', '84.2 kB', 'Open the map'] },
  video: { view: 'message-media', shows: ['Sunset', 'video/mp4'] },
  short: { view: 'message-media', shows: ['0:09', '720 × 1280'] },
  gif: { view: 'message-media', shows: ['0:03', 'Plays automatically'] },
  audio: { view: 'message-media', shows: ['3:00', 'audio/mpeg'] },
  voice: { view: 'message-media', shows: ['0:07', 'audio/ogg; codecs=opus'] },
  sticker: { view: 'message-media', shows: ['image/webp'] },
  document: { view: 'message-document', shows: ['route.pdf', 'The route'] },
  location: { view: 'message-location', shows: ['Big Ben', 'Westminster, London', '51.5007', 'Accuracy: 10 m', 'Meet here'] },
  live_location: { view: 'message-location', shows: ['Live location', 'On my way', 'Speed: 2 m/s', 'Heading: 180°', 'Update #4'] },
  contact: { view: 'message-contact', shows: ['Ben', '+447700900125'] },
  contact_list: { view: 'message-contact', shows: ['2 contacts', 'Ben', 'Cleo'] },
  interactive: { view: 'message-interactive', shows: ['Trip', 'Which day?', 'Reply below', 'Saturday', 'Meet at 8:00'] },
  list: { view: 'message-interactive', shows: ['Trip', 'Which day?', 'List opened with “Days”', 'Saturday'] },
  buttons: { view: 'message-interactive', shows: ['Are you coming?', 'Reply below', 'Yes', 'No'] },
  poll: { view: 'message-poll', shows: ['Which day?', 'Choose one', '3 votes', 'Saturday', '67%', 'Sunday', '33%', '+447700900126'] },
  hsm: { view: 'message-template', shows: ['Template message', 'Big Ben', 'Your booking is confirmed', 'Hiking Co.', 'Details', 'HIKE24'] },
  system: { view: 'message-system', shows: ['Ana added Ben'] },
  order: { view: 'message-order', shows: ['Trail map', 'One map please', '£12.50', 'New', '1 item'] },
  group_invite: { view: 'message-link', shows: ['Weekend hikers', 'Join the group', 'Invite code: AbCdEfGhIjKlMnOp'] },
  newsletter_invite: { view: 'message-link', shows: ['Trail news', 'Channel 120363171744447809@newsletter'] },
  admin_invite: {
    view: 'message-link',
    shows: ['You are invited to administer Trail news', 'Admin invitation to “Trail news”', 'Expires'],
  },
  link_preview: { view: 'message-link', shows: ['The trail', '12 km loop', 'https://example.com/trail'] },
  catalog: { view: 'message-link', shows: ['Hiking Co.', 'Maps and gear', 'Catalog 447700900123'] },
  product: { view: 'message-product', shows: ['Product 987654321', 'Catalog 123456789'] },
  product_items: { view: 'message-product', shows: ['Product list (list)'] },
  action: { view: 'message-action', shows: ['Edited a message', 'New content', 'See you on Sunday!'] },
  event: { view: 'message-event', shows: ['Saturday hike', '12 km loop', 'Join link', 'Going', 'Not going'] },
}

function mountMessage(message: unknown) {
  // The panel draws messages inside an error boundary; so does the test, to see if one trips.
  return mount(ErrorBoundary, { slots: { default: () => [h(MessageView, { message })] }, ...plugins() })
}

describe('MessageView', () => {
  const fixtures = messageFixtures()

  it('has a fixture and an expectation for every content member of the message record', () => {
    expect(fixtures.map((f) => f.name).sort()).toEqual([...MESSAGE_CONTENT_MEMBERS].sort())
    expect(Object.keys(EXPECTED).sort()).toEqual([...MESSAGE_CONTENT_MEMBERS].sort())
  })

  for (const { name, message } of messageFixtures()) {
    it(`draws a ${name} message in full`, () => {
      const wrapper = mountMessage(message)
      const expected = EXPECTED[name]!
      expect(wrapper.find('[data-testid="error-boundary"]').exists()).toBe(false)
      expect(wrapper.find('[data-testid="message-unknown"]').exists(), 'fell back to the unknown view').toBe(false)
      expect(wrapper.find(`[data-testid="${expected.view}"]`).exists(), expected.view).toBe(true)
      const text = wrapper.text()
      for (const shown of expected.shows) expect(text, shown).toContain(shown)
      // Who sent it and its kind head every message.
      expect(wrapper.get('[data-testid="message-kind"]').text()).not.toBe('')
      expect(text).toContain('Ana')
    })
  }

  it('draws the context: forwarded, mentions, the quoted message and the ad', () => {
    const text = messageFixtures().find((f) => f.name === 'text')!.message
    const wrapper = mountMessage(text)
    expect(wrapper.get('[data-testid="context-forwarded"]').text()).toBe('Forwarded')
    expect(wrapper.get('[data-testid="context-mentions"]').text()).toContain('+447700900124')
    const quoted = wrapper.get('[data-testid="context-quoted"]')
    expect(quoted.text()).toContain('In reply to +447700900124')
    expect(quoted.text()).toContain('The view from the top')
    expect(wrapper.get('[data-testid="context-ad"]').text()).toContain('From an ad by Hiking Co.')
    expect(wrapper.get('[data-testid="message-reactions"]').text()).toContain('👍')
    expect(wrapper.get('[data-testid="message-reactions"]').text()).toContain('2')
    expect(wrapper.get('[data-testid="message-labels"]').text()).toContain('Hiking')
  })

  it('says so for a kind it does not know, without failing', () => {
    const wrapper = mountMessage({ id: 'm1', type: 'hologram', chat_id: 'c', from_me: false, timestamp: 1, hologram: { x: 1 } })
    expect(wrapper.get('[data-testid="message-unknown"]').text()).toContain('hologram')
    expect(wrapper.get('[data-testid="message-kind"]').text()).toBe('Message (hologram)')
  })

  it('survives records whose fields have the wrong shapes', () => {
    const odd = [
      {
        id: 'm',
        type: 'poll',
        chat_id: 'c',
        from_me: false,
        timestamp: 'soon',
        poll: { title: 5, options: 'yes', results: [null, 3, { voters: 'x' }] },
      },
      { id: 'm', type: 'text', chat_id: 'c', from_me: 'no', text: { body: ['a'], buttons: 'b', sections: [{ rows: 7 }] }, context: 'x' },
      { id: 'm', type: 'location', chat_id: 'c', from_me: false, location: { latitude: 'north', url: 'javascript:alert(1)' } },
      { id: 'm', type: 'contact_list', chat_id: 'c', from_me: false, contact_list: { list: [null, 'x', { vcard: 42 }] } },
      { id: 'm', type: 'hsm', chat_id: 'c', from_me: false, hsm: { header: { type: 'image', image: 'nope' }, buttons: {} } },
      {
        id: 'm',
        type: 'action',
        chat_id: 'c',
        from_me: false,
        action: { type: 'edited', edited_type: 'action', edited_content: { type: 'edited', edited_type: 'action', edited_content: {} } },
      },
      { id: 'm', type: 'order', chat_id: 'c', from_me: false, order: { total_price: 10, currency: 'NOT-A-CODE' } },
      { id: 'm', type: 'image', chat_id: 'c', from_me: false, image: { preview: '<svg onload=alert(1)>', waveform: '%%%' } },
      null,
      'text',
    ]
    for (const message of odd) {
      const wrapper = mountMessage(message)
      expect(wrapper.find('[data-testid="error-boundary"]').exists()).toBe(false)
      expect(wrapper.find('[data-testid="message-view"]').exists()).toBe(true)
      expect(wrapper.find('a[href^="javascript"]').exists()).toBe(false)
      expect(wrapper.find('svg[onload]').exists()).toBe(false)
    }
  })
  it('survives every field of every kind replaced by a value of the wrong type', () => {
    const wrong: unknown[] = [null, 'x', [{}]]
    /** Paths to every value inside a record (objects and arrays included). */
    function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
      if (typeof value !== 'object' || value === null) return [at]
      const inner = Object.entries(value).flatMap(([key, child]) => paths(child, [...at, Array.isArray(value) ? Number(key) : key]))
      return at.length > 0 ? [at, ...inner] : inner
    }
    function replaced(record: unknown, path: (string | number)[], by: unknown): unknown {
      const copy = structuredClone(record) as Record<string | number, unknown>
      let node = copy
      for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
      node[path.at(-1)!] = by
      return copy
    }
    const failures: string[] = []
    for (const { name, message } of messageFixtures()) {
      for (const path of paths(message)) {
        for (const by of wrong) {
          const wrapper = mountMessage(replaced(message, path, by))
          if (wrapper.find('[data-testid="error-boundary"]').exists()) failures.push(`${name}: ${path.join('.')} = ${JSON.stringify(by)}`)
          wrapper.unmount()
        }
      }
    }
    expect(failures).toEqual([])
  }, 120_000)
})
