import type { GroupDetail } from '@shared/channels/groups'
import type { CommunityInfo } from '@shared/channels/community'
import { userText } from '@shared/i18n/user-text'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import GroupDetailPanel from '../../../../../../src-renderer/src/components/groups/detail/GroupDetailPanel.vue'
import GroupsView from '../../../../../../src-renderer/src/views/GroupsView.vue'
import { useGroupDetailStore } from '../../../../../../src-renderer/src/stores/group-detail'
import { useToastsStore } from '../../../../../../src-renderer/src/stores/toasts'
import { failure, fakeBridge } from '../../../support/fake-bridge'
import { group, messageFixtures, plugins, withViewport } from '../../../support/groups-fixtures'
import { inEnglish } from '../../../support/texts'

const NO_COMMUNITY: CommunityInfo = { parent: null, announcement: null, defaultSubgroup: null, subgroups: [] }

async function openPanel(detail: GroupDetail, extra: Parameters<typeof fakeBridge>[0] = {}) {
  const bridge = fakeBridge({ 'groups:get': () => detail, 'groups:community': () => NO_COMMUNITY, ...extra })
  const setup = plugins()
  const store = useGroupDetailStore()
  await store.open(detail.group.id)
  const wrapper = mount(GroupDetailPanel, { ...setup, attachTo: document.body })
  await flushPromises()
  return { wrapper, bridge, store }
}

let viewport: { restore(): void } | null = null
beforeEach(() => {
  viewport = withViewport(400)
})
afterEach(() => {
  viewport?.restore()
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

describe('GroupDetailPanel', () => {
  it('says when what it shows is the last good version of a group the last sync could not read', async () => {
    const { wrapper } = await openPanel({ group: group(), picture: null, pictureFull: null, stale: true })
    expect(wrapper.get('[data-testid="detail-stale"]').text()).toMatch(/could not read this group.*last good version/)
    const fresh = await openPanel({ group: group(), picture: null, pictureFull: null, stale: false })
    expect(fresh.wrapper.find('[data-testid="detail-stale"]').exists()).toBe(false)
  })

  it('shows the group: name, description and who set it, creation, size, mute, labels', async () => {
    const { wrapper } = await openPanel({ group: group(), picture: null, pictureFull: null })
    expect(wrapper.get('[data-testid="detail-name"]').text()).toBe('Weekend hikers')
    expect(wrapper.get('[data-testid="detail-name-owner"]').text()).toContain('+447700900123')
    expect(wrapper.get('[data-testid="detail-description"]').text()).toBe('Trails every weekend.\nBring water.')
    expect(wrapper.get('[data-testid="detail-description-owner"]').text()).toBe('Set by +447700900124')
    expect(wrapper.get('[data-testid="detail-created-at"]').text()).toContain('2020')
    expect(wrapper.get('[data-testid="detail-created-by"]').text()).toBe('+447700900123')
    expect(wrapper.get('[data-testid="detail-size"]').text()).toBe('3 participants')
    expect(wrapper.get('[data-testid="detail-mute"]').text()).toContain('2030')
    expect(wrapper.get('[data-testid="detail-ephemeral"]').text()).toBe('7 days')
    expect(wrapper.get('[data-testid="detail-labels"]').text()).toBe('Hiking')
  })

  it('says when the description was set if the record carries the date', async () => {
    const { wrapper } = await openPanel({ group: group({ description_at: 1_700_000_000 }), picture: null, pictureFull: null })
    expect(wrapper.get('[data-testid="detail-description-owner"]').text()).toMatch(/^Set by \+447700900124 on .*2023/)
  })

  it('shows every flag, on or off', async () => {
    const { wrapper } = await openPanel({ group: group({ suspended: true }), picture: null, pictureFull: null })
    const state = (key: string) => wrapper.get(`[data-testid="flag-${key}"]`).attributes('data-on')
    expect(state('restricted')).toBe('true')
    expect(state('announcements')).toBe('false')
    expect(state('ephemeral')).toBe('true')
    expect(state('suspended')).toBe('true')
    expect(state('terminated')).toBe('false')
    expect(state('readOnly')).toBe('false')
    expect(state('notSpam')).toBe('true')
    expect(wrapper.get('[data-testid="flag-ephemeral"]').text()).toContain('7 days')
    expect(wrapper.get('[data-testid="flag-suspended"]').classes()).toContain('alarming')
  })

  it('copies the invite link with the browser clipboard in web mode', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const { wrapper } = await openPanel({ group: group(), picture: null, pictureFull: null })
    expect(wrapper.get('[data-testid="detail-invite-link"]').text()).toBe('https://chat.whatsapp.com/HBvI6m5EYknm15UJuTbdoI')
    await wrapper.get('[data-testid="copy-invite"]').trigger('click')
    await flushPromises()
    expect(writeText).toHaveBeenCalledWith('https://chat.whatsapp.com/HBvI6m5EYknm15UJuTbdoI')
    expect(useToastsStore().toasts.map((t) => t.message)).toContain('Copied to the clipboard')
  })

  it('says there is no invite code when the account is not an admin', async () => {
    const { wrapper } = await openPanel({ group: group({ invite_code: undefined }), picture: null, pictureFull: null })
    expect(wrapper.find('[data-testid="copy-invite"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="detail-no-invite"]').exists()).toBe(true)
  })

  it('lists participants with rank badges, creator and admins first, and searches them', async () => {
    const { wrapper } = await openPanel({ group: group(), picture: null, pictureFull: null })
    expect(wrapper.get('[data-testid="participants-count"]').text()).toBe('3 of 3')
    const ranks = wrapper.findAll('[data-testid="participant-rank"]').map((r) => r.text())
    expect(ranks).toEqual(['Creator', 'Admin'])
    await wrapper.get('[data-testid="participants-search"]').setValue('+44 7700 900125')
    expect(wrapper.get('[data-testid="participants-count"]').text()).toBe('1 of 3')
    await wrapper.get('[data-testid="participants-search"]').setValue('nobody')
    expect(wrapper.find('[data-testid="participants-empty"]').exists()).toBe(true)
  })

  it('keeps only the visible participants of a large group in the page', async () => {
    const participants = Array.from({ length: 1024 }, (_, i) => ({ id: String(447700000000 + i), rank: 'member' }))
    const { wrapper } = await openPanel({ group: group({ participants, participants_count: 1024 }), picture: null, pictureFull: null })
    expect(wrapper.get('[data-testid="participants-count"]').text()).toBe('1,024 of 1,024')
    const mounted = wrapper.findAll('[data-testid="participant-row"]').length
    // A 400 px window of 44 px rows plus overscan: the first rows, never the thousand.
    expect(mounted).toBeGreaterThan(5)
    expect(mounted).toBeLessThan(40)
  })

  it('links the community: opening the parent keeps a way back', async () => {
    const parent = group({ id: 'parent@g.us', name: 'Hikers community', is_parent: true })
    const child = group({ linkedParent: 'parent@g.us' })
    const info: CommunityInfo = {
      parent: { id: 'parent@g.us', name: 'Hikers community' },
      announcement: { id: 'news@g.us', name: 'Hikers news' },
      defaultSubgroup: null,
      subgroups: [{ id: 'trails@g.us', name: 'Trail talk' }],
    }
    const { wrapper, store } = await openPanel(
      { group: child, picture: null, pictureFull: null },
      {
        'groups:get': (arg) => ({ group: (arg as { id: string }).id === 'parent@g.us' ? parent : child, picture: null, pictureFull: null }),
        'groups:community': () => info,
      },
    )
    expect(wrapper.get('[data-testid="community-announcement"]').text()).toBe('Hikers news')
    expect(wrapper.get('[data-testid="community-subgroup"]').text()).toBe('Trail talk')
    await wrapper.get('[data-testid="community-parent"]').trigger('click')
    await flushPromises()
    expect(store.openId).toBe('parent@g.us')
    expect(wrapper.get('[data-testid="detail-name"]').text()).toBe('Hikers community')
    await wrapper.get('[data-testid="detail-back"]').trigger('click')
    await flushPromises()
    expect(store.openId).toBe(child.id)
  })

  it('draws the last message of every kind inside the panel', async () => {
    for (const { name, message } of messageFixtures()) {
      const { wrapper } = await openPanel({ group: group({ last_message: message }), picture: null, pictureFull: null })
      expect(wrapper.get('[data-testid="message-view"]').attributes('data-kind'), name).toBe(name)
      expect(wrapper.find('[data-testid="error-boundary"]').exists(), name).toBe(false)
      wrapper.unmount()
    }
  })

  it('shows the raw record as text, including fields the app does not know', async () => {
    const odd = group({ name: '<img src=x onerror=alert(1)>', future_field: { nested: '<b>bold</b>' } })
    const { wrapper } = await openPanel({ group: odd, picture: null, pictureFull: null })
    const details = wrapper.get('[data-testid="detail-raw"]')
    ;(details.element as HTMLDetailsElement).open = true
    await details.trigger('toggle')
    const json = wrapper.get('[data-testid="detail-raw-json"]')
    expect(json.text()).toContain('"future_field"')
    expect(json.text()).toContain('<b>bold</b>')
    expect(json.find('b').exists()).toBe(false)
    expect(wrapper.find('img[src="x"]').exists()).toBe(false)
  })

  it('keeps the panel up when one part of a record cannot be drawn', async () => {
    const cursed = group()
    Object.defineProperty(cursed, 'participants', {
      enumerable: true,
      get() {
        throw new Error('a field that cannot be read')
      },
    })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { wrapper } = await openPanel({ group: cursed, picture: null, pictureFull: null })
    expect(wrapper.findAll('[data-testid="error-boundary"]').length).toBeGreaterThan(0)
    expect(wrapper.get('[data-testid="detail-name"]').text()).toBe('Weekend hikers')
    expect(wrapper.find('[data-testid="detail-flags"]').exists()).toBe(true)
    errors.mockRestore()
    warnings.mockRestore()
  })

  it('explains a group that is gone and offers a retry for other failures', async () => {
    const gone = await openPanel(
      { group: group(), picture: null, pictureFull: null },
      {
        'groups:get': () => {
          throw failure('not-found', userText('groupErrors.groupGone'))
        },
      },
    )
    expect(gone.wrapper.get('[data-testid="detail-error"]').text()).toContain('no longer in the cache')
    expect(gone.wrapper.find('[data-testid="detail-error-action"]').exists()).toBe(false)

    let calls = 0
    const unreadable = failure('storage', userText('groupErrors.cache.notRead'))
    const flaky = await openPanel(
      { group: group(), picture: null, pictureFull: null },
      {
        'groups:get': () => {
          if (calls++ === 0) throw unreadable
          return { group: group(), picture: null, pictureFull: null }
        },
      },
    )
    expect(flaky.wrapper.get('[data-testid="detail-error"]').text()).toContain(inEnglish(unreadable))
    await flaky.wrapper.get('[data-testid="detail-error-action"]').trigger('click')
    await flushPromises()
    expect(flaky.wrapper.get('[data-testid="detail-name"]').text()).toBe('Weekend hikers')
  })
})

describe('GroupsView', () => {
  it('shows the empty state with a sync button when the account has no groups', async () => {
    const bridge = fakeBridge({
      'groups:query': () => ({ rows: [], offset: 0, matching: 0, total: 0 }),
      'groups:labels': () => [],
      'groups:sync': () => ({ added: 0, removed: 0, changed: 0, total: 0, rejected: 0, durationMs: 1 }),
      'groups:state': () => null,
    })
    const wrapper = mount(GroupsView, plugins())
    await flushPromises()
    expect(wrapper.find('[data-testid="groups-empty"]').exists()).toBe(true)
    await wrapper.get('[data-testid="groups-empty-action"]').trigger('click')
    expect(bridge.callsTo('groups:sync')).toHaveLength(1)
    expect(wrapper.find('[data-testid="detail-empty"]').exists()).toBe(true)
  })

  it('shows the error state and retries', async () => {
    let fail = true
    const unreadable = failure('storage', userText('groupErrors.cache.notRead'))
    fakeBridge({
      'groups:query': () => {
        if (fail) throw unreadable
        return { rows: [], offset: 0, matching: 0, total: 5 }
      },
      'groups:labels': () => [],
    })
    const wrapper = mount(GroupsView, plugins())
    await flushPromises()
    expect(wrapper.get('[data-testid="groups-error"]').text()).toContain(inEnglish(unreadable))
    fail = false
    await wrapper.get('[data-testid="groups-error-action"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="groups-error"]').exists()).toBe(false)
  })
})
