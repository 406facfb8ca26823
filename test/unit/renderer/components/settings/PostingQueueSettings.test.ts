import type { QueueSettings } from '@shared/channels/queue'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import PostingQueueSettings from '../../../../../src-renderer/src/components/settings/PostingQueueSettings.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useAccountsStore } from '../../../../../src-renderer/src/stores/accounts'
import { account, state } from '../../support/accounts-fixtures'
import { failure, fakeBridge } from '../../support/fake-bridge'

afterEach(() => {
  document.body.innerHTML = ''
})

/** Main's side: each account's queue kept in memory, the zone checked as main checks it. */
function fakeQueueMain(initial: Record<string, QueueSettings>) {
  const stored = new Map(Object.entries(initial))
  return fakeBridge({
    'accounts:list': () => state([account({ id: 'a1', label: 'Shop' }), account({ id: 'a2', label: 'Bakery' })]),
    'queue:get': (arg) => stored.get((arg as { accountId: string }).accountId) ?? { timeZone: 'UTC', slots: [] },
    'queue:set': (arg) => {
      const { accountId, settings } = arg as { accountId: string; settings: QueueSettings }
      if (settings.timeZone === 'Mars/Base')
        throw failure('invalid-argument', { key: 'queueErrors.zoneUnknown', params: { zone: 'Mars/Base' } })
      const sorted = { ...settings, slots: [...settings.slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time)) }
      stored.set(accountId, sorted)
      return sorted
    },
  })
}

async function mountSection(initial: Record<string, QueueSettings> = {}) {
  const bridge = fakeQueueMain(initial)
  const wrapper = mount(PostingQueueSettings, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en-GB')] },
  })
  await useAccountsStore().load()
  await flushPromises()
  return { wrapper, bridge }
}

const lastSaved = (bridge: ReturnType<typeof fakeQueueMain>) =>
  bridge.callsTo('queue:set').at(-1) as { accountId: string; settings: QueueSettings }

describe('Settings › Posting queue', () => {
  it('adds a time on every day, narrows it to Mon–Fri, and ticks Saturday by hand', async () => {
    const { wrapper, bridge } = await mountSection()
    expect(wrapper.get('[data-testid="queue-empty"]').text()).toContain('No times yet')
    await wrapper.get('[data-testid="queue-new-time"]').setValue('09:00')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(lastSaved(bridge).settings.slots).toHaveLength(7)
    expect(wrapper.get('[data-testid="queue-saved"]').text()).toBe('Posting queue saved')
    const row = () => wrapper.get('[data-testid="queue-time-row"][data-time="09:00"]')
    await row().get('[data-testid="queue-preset-weekdays"]').trigger('click')
    await flushPromises()
    expect(lastSaved(bridge).settings.slots.map((slot) => slot.weekday)).toEqual([0, 1, 2, 3, 4])
    expect(wrapper.get('[data-testid="queue-count"]').text()).toBe('5 times a week')
    const saturday = row().get('[data-testid="queue-slot-5-09:00"]')
    expect(saturday.attributes('aria-label')).toMatch(/^Saturday at 0?9:00$/)
    expect((saturday.element as HTMLInputElement).checked).toBe(false)
    await saturday.setValue(true)
    await flushPromises()
    expect(lastSaved(bridge).settings.slots.map((slot) => slot.weekday)).toEqual([0, 1, 2, 3, 4, 5])
    expect(lastSaved(bridge)).toMatchObject({ accountId: 'a1' })
  })

  it('refuses a time twice, removes a time, and saves the zone chosen', async () => {
    const { wrapper, bridge } = await mountSection({
      a1: {
        timeZone: 'Europe/Berlin',
        slots: [
          { weekday: 0, time: '09:00' },
          { weekday: 0, time: '18:00' },
        ],
      },
    })
    expect(wrapper.findAll('[data-testid="queue-time-row"]').map((row) => row.attributes('data-time'))).toEqual(['09:00', '18:00'])
    expect(wrapper.get('[data-testid="queue-zone-help"]').text()).toContain('Europe/Berlin')
    await wrapper.get('[data-testid="queue-new-time"]').setValue('18:00')
    await wrapper.get('form').trigger('submit')
    expect(wrapper.get('[data-testid="queue-time-exists"]').text()).toBe('This time is already in the list.')
    expect(bridge.callsTo('queue:set')).toEqual([])
    await wrapper.get('[data-testid="queue-time-row"][data-time="18:00"] [data-testid="queue-time-remove"]').trigger('click')
    await flushPromises()
    expect(lastSaved(bridge).settings.slots).toEqual([{ weekday: 0, time: '09:00' }])
    expect(wrapper.findAll('[data-testid="queue-time-row"]')).toHaveLength(1)
    await wrapper.get('[data-testid="queue-zone"]').setValue('America/New_York')
    await flushPromises()
    expect(lastSaved(bridge).settings.timeZone).toBe('America/New_York')
  })

  it('edits the account chosen, and says what main refused', async () => {
    const { wrapper, bridge } = await mountSection({ a2: { timeZone: 'Asia/Jakarta', slots: [{ weekday: 6, time: '07:30' }] } })
    await wrapper.get('[data-testid="queue-account"]').setValue('a2')
    await flushPromises()
    expect(wrapper.get('[data-testid="queue-zone-help"]').text()).toContain('Asia/Jakarta')
    expect(wrapper.findAll('[data-testid="queue-time-row"]').map((row) => row.attributes('data-time'))).toEqual(['07:30'])
    const select = wrapper.get('[data-testid="queue-zone"]')
    // An option this browser does not know, as a hand-edited page could send.
    select.element.appendChild(Object.assign(document.createElement('option'), { value: 'Mars/Base' }))
    await select.setValue('Mars/Base')
    await flushPromises()
    expect(lastSaved(bridge).accountId).toBe('a2')
    expect(wrapper.get('[data-testid="queue-error"]').text()).toContain('Mars/Base')
  })
})
