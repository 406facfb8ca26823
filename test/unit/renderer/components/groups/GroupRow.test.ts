import { mount } from '@vue/test-utils'
import { MESSAGE_TYPES } from '@shared/domain'
import { describe, expect, it } from 'vitest'
import GroupRowView from '../../../../../src-renderer/src/components/groups/GroupRow.vue'
import { KIND_ICONS } from '../../../../../src-renderer/src/components/message/kinds'
import { fakeBridge } from '../../support/fake-bridge'
import { plugins, row } from '../../support/groups-fixtures'

const NOW = 1_712_995_245_000 + 5 * 60_000

function mountRow(props: Partial<InstanceType<typeof GroupRowView>['$props']> = {}) {
  return mount(GroupRowView, {
    props: { row: row(), index: 4, setSize: 5000, selected: false, active: false, now: NOW, locale: 'en-GB', ...props },
    ...plugins(),
  })
}

describe('GroupRow', () => {
  it('shows the name, who wrote the last message and what, and how long ago', () => {
    const wrapper = mountRow()
    expect(wrapper.get('[data-testid="group-row-name"]').text()).toBe('Weekend hikers')
    expect(wrapper.get('[data-testid="group-row-preview"]').text()).toBe('Ana: See you on Saturday!')
    expect(wrapper.get('[data-testid="group-row-kind"]').attributes('data-kind')).toBe('text')
    expect(wrapper.get('[data-testid="group-row-time"]').text()).toBe('5 min ago')
    const option = wrapper.get('[role="option"]')
    expect(option.attributes('aria-posinset')).toBe('5')
    expect(option.attributes('aria-setsize')).toBe('5000')
    expect(option.attributes('aria-selected')).toBe('false')
  })

  it('marks unread, mentions, pinned, muted and archived groups', () => {
    const wrapper = mountRow({ row: row({ unread: 1234, mention: true, pinned: true, muted: true, archived: true }) })
    expect(wrapper.get('[data-testid="group-row-unread"]').text()).toBe('999+')
    expect(wrapper.get('[data-testid="group-row-unread"]').attributes('aria-label')).toBe('1,234 unread messages')
    for (const flag of ['mention', 'pinned', 'muted', 'archived']) {
      expect(wrapper.find(`[data-testid="group-row-${flag}"]`).exists()).toBe(true)
    }
    expect(wrapper.get('.row').classes()).toContain('unread')
  })

  it('says one unread message in the singular', () => {
    const wrapper = mountRow({ row: row({ unread: 1 }) })
    expect(wrapper.get('[data-testid="group-row-unread"]').attributes('aria-label')).toBe('1 unread message')
  })

  it('shows how many people the group has, formatted and in words on hover', () => {
    const big = mountRow({ row: row({ size: 1024 }) }).get('[data-testid="group-row-size"]')
    expect(big.text()).toBe('1,024')
    expect(big.attributes('title')).toBe('1,024 participants')
    expect(big.attributes('aria-label')).toBe('1,024 participants')
    expect(
      mountRow({ row: row({ size: 1 }) })
        .get('[data-testid="group-row-size"]')
        .attributes('title'),
    ).toBe('1 participant')
  })

  it('marks a group the last sync could not read as stale, with why', () => {
    const wrapper = mountRow({ row: row({ stale: true }) })
    const mark = wrapper.get('[data-testid="group-row-stale"]')
    expect(mark.attributes('aria-label')).toBe('Not updated by the last sync')
    expect(mark.attributes('title')).toMatch(/could not read this group/)
    expect(
      mountRow({ row: row({ stale: false }) })
        .find('[data-testid="group-row-stale"]')
        .exists(),
    ).toBe(false)
  })

  it('shows none of the markers on a quiet group', () => {
    const wrapper = mountRow()
    for (const flag of ['unread', 'mention', 'pinned', 'muted', 'archived']) {
      expect(wrapper.find(`[data-testid="group-row-${flag}"]`).exists()).toBe(false)
    }
  })

  it('draws labels as coloured chips, two at most, then a count', () => {
    const labels = [
      { id: '1', name: 'VIP', color: 'gold' },
      { id: '2', name: 'Family', color: '#ff00aa' },
      { id: '3', name: 'Suppliers', color: 'url(javascript:alert(1))' },
    ]
    const wrapper = mountRow({ row: row({ labels }) })
    const chips = wrapper.findAll('[data-testid="label-chip"]')
    expect(chips.map((chip) => chip.text())).toEqual(['VIP', 'Family'])
    expect((chips[0]!.element as HTMLElement).style.getPropertyValue('--chip-color')).toBe('gold')
    expect(wrapper.get('[data-testid="group-row-more-labels"]').text()).toBe('+1')
    expect(wrapper.get('[data-testid="group-row-more-labels"]').attributes('title')).toBe('Suppliers')
    expect(chips[1]!.attributes('title')).toBe('Family')
  })

  it('falls back to initials without a picture and when the picture fails to load', async () => {
    // A transport whose pages load main's files directly, as the desktop app's does.
    fakeBridge({})
    const without = mountRow({ row: row({ name: 'weekend hikers club', picture: null }) })
    expect(without.get('[data-testid="avatar-initials"]').text()).toBe('WH')

    const broken = mountRow({ row: row({ picture: '/pictures/missing.jpg' }) })
    await broken.get('[data-testid="avatar-image"]').trigger('error')
    expect(broken.find('[data-testid="avatar-image"]').exists()).toBe(false)
    expect(broken.get('[data-testid="avatar-initials"]').text()).toBe('WH')
  })

  it('names the kind when the last message has no text, and says "You" for the account', () => {
    const wrapper = mountRow({ row: row({ preview: { kind: 'image', text: '', fromMe: true, author: null } }) })
    expect(wrapper.get('[data-testid="group-row-preview"]').text()).toBe('You: Photo')
  })

  it('has an icon for every message type and a generic one for a type it has never seen', () => {
    for (const type of MESSAGE_TYPES) expect(KIND_ICONS[type], type).toBeDefined()
    const wrapper = mountRow({ row: row({ preview: { kind: 'hologram', text: '', fromMe: false, author: null } }) })
    const icon = wrapper.get('[data-testid="group-row-kind"]')
    expect(icon.attributes('aria-label')).toBe('Message (hologram)')
    expect(wrapper.get('[data-testid="group-row-preview"]').text()).toBe('Message (hologram)')
  })

  it('keeps markup in names as text', () => {
    const wrapper = mountRow({ row: row({ name: '<img src=x onerror=alert(1)>' }) })
    expect(wrapper.find('img[src="x"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="group-row-name"]').text()).toBe('<img src=x onerror=alert(1)>')
  })

  it('shows a placeholder of the same size while its page is loading', () => {
    const wrapper = mountRow({ row: undefined })
    expect(wrapper.find('[data-testid="group-row-placeholder"]').exists()).toBe(true)
    expect(wrapper.get('[role="option"]').attributes('aria-label')).toBe('Loading…')
  })

  it('asks to open the group when clicked, and shows the selection', async () => {
    const wrapper = mountRow({ selected: true })
    await wrapper.get('[data-testid="group-row"]').trigger('click')
    expect(wrapper.emitted('open')).toEqual([['120363000000000001@g.us', 4]])
    expect(wrapper.get('[role="option"]').attributes('aria-selected')).toBe('true')
  })
})
