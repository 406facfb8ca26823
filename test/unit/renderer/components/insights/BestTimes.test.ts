import type { AccountsState } from '@shared/channels/accounts'
import type { BestTimes as BestTimesAnswer } from '@shared/channels/insights'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ScheduleControl from '../../../../../src-renderer/src/components/schedule/ScheduleControl.vue'
import { useAccountsStore } from '../../../../../src-renderer/src/stores/accounts'
import { usePublishStore } from '../../../../../src-renderer/src/stores/publish'
import { useScheduleStore } from '../../../../../src-renderer/src/stores/schedule'
import { account, state } from '../../support/accounts-fixtures'
import { fakeBridge } from '../../support/fake-bridge'
import { bestTimes, plugins } from '../../support/insights-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
})

const NOW = Date.parse('2026-06-01T08:00:00Z')

/** "Publish at…" as the composer shows it, ticked, with main's answer for the accounts ticked (keyed by their ids, joined by commas). */
async function openPicker(answers: Record<string, BestTimesAnswer>, accounts: AccountsState = state([account({ id: 'a1' })])) {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
  const bridge = fakeBridge({
    'accounts:list': () => accounts,
    'insights:best-times': (arg) => answers[(arg as { accountIds: string[] }).accountIds.join(',')]!,
  })
  const wrapper = mount(ScheduleControl, { attachTo: document.body, global: { plugins: plugins() } })
  await useAccountsStore().load()
  const schedule = useScheduleStore()
  schedule.zone = 'Europe/Madrid'
  await wrapper.get('[data-testid="story-schedule-toggle"]').setValue(true)
  await flushPromises()
  return { wrapper, bridge, schedule }
}

describe('best times in “Publish at…”', () => {
  it('offers the next three good times of the account, each filling the picker', async () => {
    const { wrapper, bridge, schedule } = await openPicker({ a1: bestTimes('2026-06-02T16:00:00Z') })
    expect(bridge.callsTo('insights:best-times')).toEqual([{ accountIds: ['a1'], timeZone: 'Europe/Madrid', count: 3 }])
    const buttons = wrapper.findAll('[data-testid="best-time"]')
    expect(buttons.map((button) => button.text())).toEqual(['Tue 2 Jun, 18:0012%', 'Wed 3 Jun, 18:0010%', 'Thu 4 Jun, 18:008%'])
    expect(buttons[0]!.attributes('aria-label')).toBe('Publish at Tue 2 Jun, 18:00 (12% of views come at this hour)')
    await buttons[1]!.trigger('click')
    // 16:00 UTC is 18:00 on the clock of Madrid in summer.
    expect(schedule.publishAt).toBe('2026-06-03T18:00')
    expect((wrapper.get('[data-testid="story-schedule-at"]').element as HTMLInputElement).value).toBe('2026-06-03T18:00')
    expect(buttons[1]!.attributes('aria-pressed')).toBe('true')
    expect(buttons[0]!.attributes('aria-pressed')).toBe('false')
    expect(wrapper.find('[data-testid="story-schedule-problem"]').exists()).toBe(false)
  })

  it('says when the history is too thin to suggest a time', async () => {
    const { wrapper } = await openPicker({ a1: bestTimes('', 0, true) })
    expect(wrapper.get('[data-testid="best-times-thin"]').text()).toBe('There is too little history yet to suggest a time.')
    expect(wrapper.find('[data-testid="best-time"]').exists()).toBe(false)
  })

  it('asks for every account ticked at once, and says when main found some with too little history', async () => {
    const accounts = state([account({ id: 'a1', label: 'Shop' }), account({ id: 'a2', label: 'Bakery' })])
    const { wrapper, bridge } = await openPicker(
      { a1: bestTimes('2026-06-02T16:00:00Z'), 'a1,a2': bestTimes('2026-06-02T16:00:00Z', 3, false, true) },
      accounts,
    )
    expect(wrapper.find('[data-testid="best-times-partial"]').exists()).toBe(false)
    usePublishStore().toggle('a2', true)
    await flushPromises()
    expect(bridge.callsTo('insights:best-times').at(-1)).toEqual({ accountIds: ['a1', 'a2'], timeZone: 'Europe/Madrid', count: 3 })
    expect(wrapper.findAll('[data-testid="best-time"]')).toHaveLength(3)
    expect(wrapper.find('[data-testid="best-times-partial"]').exists()).toBe(true)
  })

  it('says when the times count an account on the agent as it last answered, and as of when', async () => {
    const fresh = await openPicker({ a1: bestTimes('2026-06-02T16:00:00Z') })
    expect(fresh.wrapper.find('[data-testid="agent-stale"]').exists()).toBe(false)
    fresh.wrapper.unmount()
    const { wrapper } = await openPicker({ a1: { ...bestTimes('2026-06-02T16:00:00Z'), stale: true, asOf: '2026-06-01T07:30:00Z' } })
    expect(wrapper.findAll('[data-testid="best-time"]')).toHaveLength(3)
    expect(wrapper.get('[role="status"][data-testid="agent-stale"]').text()).toMatch(
      /^Last state from .*1 Jun.*; the agent is not reachable\.$/,
    )
  })

  it('is not there until “Publish at…” is ticked', async () => {
    fakeBridge({ 'accounts:list': () => state([account({ id: 'a1' })]) })
    const wrapper = mount(ScheduleControl, { attachTo: document.body, global: { plugins: plugins() } })
    await flushPromises()
    expect(wrapper.find('[data-testid="best-times"]').exists()).toBe(false)
  })
})
