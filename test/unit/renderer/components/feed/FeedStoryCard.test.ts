import type { FeedStory } from '@shared/story/feed'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import FeedStoryCard from '../../../../../src-renderer/src/components/feed/FeedStoryCard.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'

const NOW = Date.parse('2026-01-10T14:30:00Z')
const base: FeedStory = {
  id: 'ABCDEFGHIJKLMNOP-QRSTUVWXYZab',
  kind: 'text',
  text: 'Morning run',
  background: '#CC0B6E4F',
  color: '#FFFFFFFF',
  font: 'CALISTOGA_REGULAR',
  thumbnail: null,
  postedAt: '2026-01-10T12:00:00.000Z',
  expiresAt: '2026-01-11T12:00:00.000Z',
  fromMe: true,
  source: 'api',
  status: 'sent',
  audience: { mode: 'contacts', count: 3, excluded: 0 },
  origin: 'both',
}
const card = (story: Partial<FeedStory>) =>
  mount(FeedStoryCard, {
    props: { story: { ...base, ...story }, now: NOW, selected: false },
    global: { plugins: [createAppI18n('en')] },
  })

describe('FeedStoryCard', () => {
  it('paints a text story on its ARGB colours in its font, with its audience and time left', () => {
    const wrapper = card({})
    const text = wrapper.get('.text').element as HTMLElement
    expect(text.style.background).toContain('rgba(11, 110, 79, 0.8)')
    expect((wrapper.get('.text span').element as HTMLElement).style.fontFamily).toContain('Calistoga')
    expect(wrapper.get('[data-testid="feed-audience"]').text()).toBe('To 3 contacts')
    expect(wrapper.get('[data-testid="feed-time-left"]').text()).toBe('21 h 30 min left')
    expect(wrapper.get('[data-testid="feed-source"]').text()).toBe('Published from the API')
    expect(wrapper.find('[data-testid="feed-views-open"]').exists()).toBe(true)
  })

  it('shows a media story’s thumbnail, a phone story’s source, and an expired one as expired', () => {
    const wrapper = card({
      kind: 'image',
      thumbnail: 'data:image/jpeg;base64,AAAA',
      source: 'mobile',
      audience: null,
      expiresAt: '2026-01-10T14:00:00.000Z',
    })
    expect(wrapper.get('[data-testid="feed-thumbnail"]').attributes('src')).toBe('data:image/jpeg;base64,AAAA')
    expect(wrapper.get('[data-testid="feed-source"]').text()).toBe('Posted from the phone')
    expect(wrapper.get('[data-testid="feed-audience"]').text()).toBe('Audience not known here')
    expect(wrapper.get('[data-testid="feed-time-left"]').text()).toBe('Expired')
  })

  it('offers no viewers for a contact’s story or one the server has not listed yet', () => {
    expect(card({ fromMe: false }).find('[data-testid="feed-views-open"]').exists()).toBe(false)
    expect(card({ origin: 'local' }).find('[data-testid="feed-views-open"]').exists()).toBe(false)
  })
})
