import type { OutboxItemView } from '@shared/story/records'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import PlannedStories from '../../../../../src-renderer/src/components/schedule/PlannedStories.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import ar from '@shared/i18n/ar/index'
import en from '@shared/i18n/en/index'
import es from '@shared/i18n/es/index'
import id from '@shared/i18n/id/index'
import ptBR from '@shared/i18n/pt-BR/index'
import ru from '@shared/i18n/ru/index'
import { useOutboxStore } from '../../../../../src-renderer/src/stores/outbox'
import { useScheduleStore } from '../../../../../src-renderer/src/stores/schedule'
import { fakeBridge } from '../../support/fake-bridge'
import { outboxItem } from '../../support/publish-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
})

function item(id: string, state: 'scheduled' | 'missed' | 'queued', dueAt: string | null, text: string): OutboxItemView {
  return outboxItem({ id, state, dueAt, summary: { ...outboxItem({ id }).summary, text } })
}

const CATALOGS = { en, es, 'pt-BR': ptBR, id, ru, ar }

function mountWith(items: OutboxItemView[], locale = 'en-GB') {
  const bridge = fakeBridge({ 'stories:outbox-act': () => items.filter((i) => i.state !== 'missed') })
  const i18n = createAppI18n(locale)
  for (const [code, messages] of Object.entries(CATALOGS)) if (code !== 'en') i18n.global.setLocaleMessage(code, messages)
  const wrapper = mount(PlannedStories, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), i18n] },
  })
  useOutboxStore().replaceAll(items)
  return { wrapper, bridge }
}

describe('PlannedStories', () => {
  it('lists planned and missed stories soonest first, not the ordinary queue', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-06-03T08:00:00Z'), toFake: ['Date'] })
    const { wrapper } = mountWith([
      item('b', 'scheduled', '2026-06-05T16:00:00Z', 'Friday'),
      item('a', 'missed', '2026-06-02T07:00:00Z', 'Yesterday'),
      item('q', 'queued', null, 'Waiting for the network'),
    ])
    await flushPromises()
    const rows = wrapper.findAll('[data-testid="planned-item"]')
    expect(rows.map((row) => row.attributes('data-state'))).toEqual(['missed', 'scheduled'])
    expect(wrapper.get('[data-testid="planned-count"]').text()).toBe('2 stories planned')
    expect(rows[0]!.find('[data-testid="planned-send-now"]').exists()).toBe(true)
    expect(rows[0]!.find('[data-testid="planned-edit-open"]').exists()).toBe(false)
    expect(rows[0]!.text()).toContain('It was not sent')
    expect(rows[1]!.find('[data-testid="planned-send-now"]').exists()).toBe(false)
    expect(wrapper.text()).not.toContain('Waiting for the network')
  })

  it('sends a missed story only on the user’s click', async () => {
    const { wrapper, bridge } = mountWith([item('a', 'missed', '2026-06-02T07:00:00Z', 'Yesterday')])
    await flushPromises()
    expect(bridge.callsTo('stories:outbox-act')).toEqual([])
    await wrapper.get('[data-testid="planned-send-now"]').trigger('click')
    expect(bridge.callsTo('stories:outbox-act')).toEqual([{ accountId: 'a1', id: 'a', action: 'send-now', rev: 1 }])
  })

  it('shows the week as seven days with each story on its day', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-06-03T08:00:00Z'), toFake: ['Date'] })
    const { wrapper } = mountWith([
      item('b', 'scheduled', '2026-06-05T16:00:00Z', 'Friday gig'),
      item('c', 'scheduled', '2026-06-12T16:00:00Z', 'Next week'),
    ])
    await flushPromises()
    await wrapper.get('[data-testid="planned-view-week"]').trigger('click')
    const days = wrapper.findAll('[data-testid="planned-week-day"]')
    expect(days).toHaveLength(7)
    const withItems = days.map((day) => day.findAll('[data-testid="planned-week-item"]').length)
    expect(withItems.reduce((a, b) => a + b, 0)).toBe(1)
    expect(wrapper.text()).toContain('Friday gig')
    await wrapper.get('[data-testid="planned-week-next"]').trigger('click')
    expect(wrapper.text()).toContain('Next week')
    expect(wrapper.text()).not.toContain('Friday gig')
  })

  it('counts days on the user’s calendar: two stories on one date read the same, and tomorrow is the next date', async () => {
    // Wednesday 25 November 2026, 00:14 in Berlin; the machine's own zone is another.
    vi.useFakeTimers({ now: Date.parse('2026-11-25T00:14:00+01:00'), toFake: ['Date'] })
    const { wrapper } = mountWith([
      item('t1', 'scheduled', '2026-11-26T00:15:00+01:00', 'Thursday early'),
      item('t2', 'scheduled', '2026-11-26T23:45:00+01:00', 'Thursday late'),
      item('f1', 'scheduled', '2026-11-27T00:15:00+01:00', 'Friday early'),
      item('f2', 'scheduled', '2026-11-27T23:45:00+01:00', 'Friday late'),
    ])
    useScheduleStore().zone = 'Europe/Berlin'
    await flushPromises()
    expect(wrapper.findAll('[data-testid="planned-item-when"]').map((when) => when.text())).toEqual([
      'Due Thu 26 Nov, 0:15 · tomorrow',
      'Due Thu 26 Nov, 23:45 · tomorrow',
      'Due Fri 27 Nov, 0:15 · in 2 days',
      'Due Fri 27 Nov, 23:45 · in 2 days',
    ])
    await wrapper.get('[data-testid="planned-view-week"]').trigger('click')
    // Still Tuesday evening in UTC: the week marks Berlin's Wednesday as today.
    expect(wrapper.get('[data-testid="planned-week-day"].today h3').text()).toBe('Wed 25')
  })

  it('says plainly when a missed story’s time passed, at every age', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-25T12:00:00Z'), toFake: ['Date'] })
    const { wrapper } = mountWith([
      item('m1', 'missed', '2026-11-25T11:59:40Z', 'Seconds ago'),
      item('m2', 'missed', '2026-11-25T11:55:00Z', 'Minutes ago'),
      item('m3', 'missed', '2026-11-24T08:00:00Z', 'Yesterday'),
      item('m4', 'missed', '2026-11-12T08:00:00Z', 'Weeks ago'),
    ])
    useScheduleStore().zone = 'UTC'
    await flushPromises()
    const said = wrapper.findAll('[data-testid="planned-item-missed"]').map((help) => help.text().split(' while ')[0])
    // Soonest first: the oldest miss leads.
    expect(said).toEqual([
      'Its time passed on 12 Nov',
      'Its time passed yesterday',
      'Its time passed 5 minutes ago',
      'Its time passed a moment ago',
    ])
  })

  for (const [code, messages] of Object.entries(CATALOGS)) {
    it(`in ${code}, a story missed seconds ago reads "${messages.time.momentAgo}", not "now"`, async () => {
      vi.useFakeTimers({ now: Date.parse('2026-11-25T12:00:00Z'), toFake: ['Date'] })
      const { wrapper } = mountWith([item('m', 'missed', '2026-11-25T11:59:40Z', 'Missed')], code)
      await flushPromises()
      expect(wrapper.get('[data-testid="planned-item-missed"]').text()).toBe(
        messages.schedule.missedHelp.replace('{ago}', messages.time.momentAgo),
      )
    })
  }

  it('counts in Russian plural forms', async () => {
    const two = [item('a', 'scheduled', '2099-01-01T00:00:00Z', 'a'), item('b', 'scheduled', '2099-01-02T00:00:00Z', 'b')]
    const { wrapper } = mountWith(two, 'ru')
    await flushPromises()
    expect(wrapper.get('[data-testid="planned-count"]').text()).toBe('2 истории запланированы')
  })

  it('saves an edit on the revision the form was opened on, so a story changed elsewhere meanwhile is refused, not overwritten', async () => {
    const first = item('p', 'scheduled', '2099-01-01T09:00:00Z', 'First words')
    const { wrapper, bridge } = mountWith([first])
    await flushPromises()
    await wrapper.get('[data-testid="planned-edit-open"]').trigger('click')
    // Another computer edits it while the form is open: the list shows its newer revision.
    useOutboxStore().replaceAll([{ ...first, rev: 2, summary: { ...first.summary, text: 'Changed elsewhere' } }])
    await flushPromises()
    await wrapper.get('[data-testid="planned-edit-caption"]').setValue('Mine')
    await wrapper.get('[data-testid="planned-edit"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('stories:schedule-edit')).toEqual([expect.objectContaining({ id: 'p', caption: 'Mine', rev: 1 })])
  })
})
