import type { QueueOccurrence } from '@shared/channels/queue'
import type { OutboxItemView } from '@shared/story/records'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WeekCalendar from '../../../../../src-renderer/src/components/schedule/WeekCalendar.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useOutboxStore } from '../../../../../src-renderer/src/stores/outbox'
import { useScheduleStore } from '../../../../../src-renderer/src/stores/schedule'
import { fakeBridge } from '../../support/fake-bridge'
import { outboxItem } from '../../support/publish-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
})

/** Wednesday 3 June 2026, 10:00 in Berlin. */
const NOW = Date.parse('2026-06-03T08:00:00Z')
const MON = '2026-06-08T07:00:00.000Z'

function planned(id: string, dueAt: string, text: string): OutboxItemView {
  return outboxItem({ id, state: 'scheduled', dueAt, summary: { ...outboxItem({ id }).summary, text } })
}

const bread = planned('bread', '2026-06-04T07:00:00.000Z', 'Fresh bread')
const cakes = planned('cakes', '2026-06-05T07:00:00.000Z', 'Cakes on Friday')
/** Thursday and Friday 09:00 hold the two stories; Saturday 09:00 is taken by one on its way; Sunday 09:00 is free. */
const WEEK: QueueOccurrence[] = [
  { accountId: 'a1', at: bread.dueAt!, itemId: 'bread' },
  { accountId: 'a1', at: cakes.dueAt!, itemId: 'cakes' },
  { accountId: 'a1', at: '2026-06-06T07:00:00.000Z', itemId: 'sending-one' },
  { accountId: 'a1', at: '2026-06-07T07:00:00.000Z', itemId: null },
]

async function mountWeek() {
  const bridge = fakeBridge({
    'queue:occurrences': (arg) => {
      const { from } = arg as { from: string }
      // The week itself, then "Move to…"'s four weeks from now, with next Monday beyond this week.
      if (Date.parse(from) === NOW) return [...WEEK, { accountId: 'a1', at: MON, itemId: null }]
      // Monday's slot, already past, can take nothing.
      return [{ accountId: 'a1', at: '2026-06-01T07:00:00.000Z', itemId: null }, ...WEEK]
    },
    'queue:move': () => undefined,
  })
  vi.spyOn(Date, 'now').mockReturnValue(NOW)
  const wrapper = mount(WeekCalendar, {
    attachTo: document.body,
    props: { items: [bread, cakes], now: NOW },
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en-GB')] },
  })
  useScheduleStore().zone = 'Europe/Berlin'
  useOutboxStore().replaceAll([bread, cakes])
  await flushPromises()
  return { wrapper, bridge }
}

describe('the week calendar’s queue slots', () => {
  it('shows the coming free slots and the taken ones beside the stories, and marks the stories in the queue', async () => {
    const { wrapper, bridge } = await mountWeek()
    expect(bridge.callsTo('queue:occurrences')[0]).toMatchObject({ accountId: null })
    const slots = wrapper.findAll('[data-testid="planned-week-slot"]')
    expect(slots.map((slot) => [slot.attributes('data-at'), slot.attributes('data-taken'), slot.text()])).toEqual([
      ['2026-06-06T07:00:00.000Z', 'true', expect.stringContaining('Taken slot')],
      ['2026-06-07T07:00:00.000Z', 'false', expect.stringContaining('Free slot')],
    ])
    const items = wrapper.findAll('[data-testid="planned-week-item"]')
    expect(items.map((item) => item.attributes('data-queued'))).toEqual(['true', 'true'])
    expect(items[0]!.text()).toContain('In the queue')
    expect(items[0]!.find('[data-testid="queue-move-open"]').exists()).toBe(true)
    vi.restoreAllMocks()
  })

  it('moves a story from a menu the keyboard works: free slots and taken ones, the story there named', async () => {
    const { wrapper, bridge } = await mountWeek()
    const first = wrapper.findAll('[data-testid="planned-week-item"]')[0]!
    const opener = first.get('[data-testid="queue-move-open"]')
    await opener.trigger('click')
    await flushPromises()
    expect(opener.attributes('aria-expanded')).toBe('true')
    const menu = first.get('[data-testid="queue-move-menu"]')
    expect(menu.attributes('role')).toBe('menu')
    const targets = menu.findAll('[data-testid="queue-move-target"]')
    // Its own slot is not offered.
    expect(targets.map((target) => target.attributes('data-at'))).toEqual([cakes.dueAt, WEEK[2]!.at, WEEK[3]!.at, MON])
    expect(targets[0]!.text()).toContain('changes places with “Cakes on Friday”')
    expect(targets[2]!.text()).toContain('free')
    expect(document.activeElement).toBe(targets[0]!.element)
    await menu.trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement).toBe(targets[1]!.element)
    await menu.trigger('keydown', { key: 'End' })
    expect(document.activeElement).toBe(targets[3]!.element)
    await menu.trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement).toBe(targets[0]!.element)
    await targets[0]!.trigger('click')
    await flushPromises()
    // The revision the user saw goes with the move: a story changed since is not moved.
    expect(bridge.callsTo('queue:move')).toEqual([{ accountId: 'a1', itemId: 'bread', to: cakes.dueAt, rev: bread.rev }])
    expect(first.find('[data-testid="queue-move-menu"]').exists()).toBe(false)
    vi.restoreAllMocks()
  })

  it('closes the menu on Escape, the keyboard back on its button', async () => {
    const { wrapper } = await mountWeek()
    const opener = wrapper.findAll('[data-testid="queue-move-open"]')[1]!
    await opener.trigger('click')
    await flushPromises()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    await flushPromises()
    expect(wrapper.find('[data-testid="queue-move-menu"]').exists()).toBe(false)
    expect(document.activeElement).toBe(opener.element)
    vi.restoreAllMocks()
  })
})
