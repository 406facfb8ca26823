import type { QueueOccurrence, QueueSettings } from '@shared/channels/queue'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { userTimeZone } from '../../../../src-renderer/src/format/time'
import { PRESETS, timesOf, useQueueStore, withDays, withSlot } from '../../../../src-renderer/src/stores/queue'
import { failure, fakeBridge } from '../support/fake-bridge'

beforeEach(() => setActivePinia(createPinia()))

const BERLIN: QueueSettings = {
  timeZone: 'Europe/Berlin',
  slots: [
    { weekday: 0, time: '09:00' },
    { weekday: 2, time: '18:00' },
  ],
}

describe('the queue’s slots, edited', () => {
  it('lists each time once, sets a time’s days as a preset does, and ticks one box', () => {
    const slots = [...BERLIN.slots, { weekday: 4, time: '09:00' }]
    expect(timesOf(slots)).toEqual(['09:00', '18:00'])
    expect(withDays(slots, '09:00', PRESETS.weekdays).filter((slot) => slot.time === '09:00')).toHaveLength(5)
    expect(withDays(slots, '09:00', PRESETS.everyDay).filter((slot) => slot.time === '09:00')).toHaveLength(7)
    expect(withDays(slots, '09:00', [])).toEqual([{ weekday: 2, time: '18:00' }])
    expect(withSlot(slots, 6, '18:00', true)).toContainEqual({ weekday: 6, time: '18:00' })
    expect(withSlot(slots, 0, '09:00', false)).not.toContainEqual({ weekday: 0, time: '09:00' })
    // Ticking a box already ticked keeps one slot.
    expect(withSlot(slots, 0, '09:00', true).filter((slot) => slot.weekday === 0 && slot.time === '09:00')).toHaveLength(1)
  })
})

describe('useQueueStore', () => {
  it('reads an account’s queue; one without slots is shown in this computer’s zone', async () => {
    let stored: QueueSettings = { timeZone: 'Pacific/Auckland', slots: [] }
    const bridge = fakeBridge({
      'queue:get': () => stored,
      'queue:set': (arg) => {
        stored = (arg as { settings: QueueSettings }).settings
        return stored
      },
    })
    const queue = useQueueStore()
    expect(await queue.load('a1')).toEqual({ timeZone: userTimeZone(), slots: [] })
    expect(await queue.save('a1', BERLIN)).toBe(true)
    expect(bridge.callsTo('queue:set')).toEqual([{ accountId: 'a1', settings: BERLIN }])
    expect(queue.settings.get('a1')).toEqual(BERLIN)
    expect(await queue.load('a1')).toEqual(BERLIN)
  })

  it('keeps what was saved when main refuses a change, and says why', async () => {
    const refusal = failure('invalid-argument', { key: 'queueErrors.zoneUnknown', params: { zone: 'Mars/Base' } })
    fakeBridge({
      'queue:get': () => BERLIN,
      'queue:set': () => {
        throw refusal
      },
    })
    const queue = useQueueStore()
    await queue.load('a1')
    expect(await queue.save('a1', { ...BERLIN, timeZone: 'Mars/Base' })).toBe(false)
    expect(queue.error).toEqual(refusal)
    expect(queue.settings.get('a1')).toEqual(BERLIN)
  })

  it('follows the calendar’s week: read again when the queue or an outbox changes, an answer for a week left behind dropped', async () => {
    let answer: QueueOccurrence[] = [{ accountId: 'a1', at: '2026-06-01T07:00:00.000Z', itemId: null }]
    const bridge = fakeBridge({ 'queue:occurrences': () => answer })
    const queue = useQueueStore()
    await queue.showWindow(null, Date.parse('2026-06-01T00:00Z'), Date.parse('2026-06-08T00:00Z'))
    expect(bridge.callsTo('queue:occurrences')).toEqual([
      { accountId: null, from: '2026-06-01T00:00:00.000Z', to: '2026-06-08T00:00:00.000Z' },
    ])
    expect(queue.occurrences).toEqual(answer)
    answer = [{ accountId: 'a1', at: '2026-06-01T07:00:00.000Z', itemId: 'story-1' }]
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queue.occurrences).toEqual(answer)
    bridge.emit('queue:changed', { accountId: 'a1' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.callsTo('queue:occurrences')).toHaveLength(3)
    queue.hideWindow()
    bridge.emit('queue:changed', { accountId: 'a1' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.callsTo('queue:occurrences')).toHaveLength(3)
    expect(queue.occurrences).toEqual([])
  })

  it('asks for each ticked account’s next free slot', async () => {
    const bridge = fakeBridge({
      'queue:next-free': (arg) =>
        (arg as { accountIds: string[] }).accountIds.map((accountId, index) => ({ accountId, at: index ? null : 'x' })),
    })
    const queue = useQueueStore()
    expect(await queue.loadNextFree([])).toBe(false)
    expect(await queue.loadNextFree(['a1', 'a2'])).toBe(true)
    expect(queue.nextFree).toEqual([
      { accountId: 'a1', at: 'x' },
      { accountId: 'a2', at: null },
    ])
    expect(bridge.callsTo('queue:next-free')).toEqual([{ accountIds: ['a1', 'a2'] }])
  })

  it('moves a story, then reads the week again; a refused move says why', async () => {
    let refuse = false
    const bridge = fakeBridge({
      'queue:occurrences': () => [],
      'queue:move': () => {
        if (refuse) throw failure('conflict', { key: 'queueErrors.move.slotBusy' })
      },
    })
    const queue = useQueueStore()
    await queue.showWindow('a1', 0, 86_400_000)
    expect(await queue.move('a1', 'story-1', '2026-06-01T07:00:00.000Z')).toBe(true)
    expect(bridge.callsTo('queue:move')).toEqual([{ accountId: 'a1', itemId: 'story-1', to: '2026-06-01T07:00:00.000Z' }])
    expect(bridge.callsTo('queue:occurrences')).toHaveLength(2)
    expect(await queue.move('a1', 'story-1', '2026-06-01T07:00:00.000Z', 3)).toBe(true)
    expect(bridge.callsTo('queue:move').at(-1)).toEqual({ accountId: 'a1', itemId: 'story-1', to: '2026-06-01T07:00:00.000Z', rev: 3 })
    refuse = true
    expect(await queue.move('a1', 'story-1', '2026-06-02T07:00:00.000Z')).toBe(false)
    expect(queue.moveError).toMatchObject({ code: 'conflict', text: { key: 'queueErrors.move.slotBusy' } })
    expect(queue.moving).toBeNull()
    // "Move to…" asks for the account's coming four weeks.
    await queue.moveTargets('a1', Date.parse('2026-06-01T00:00Z'))
    expect(bridge.callsTo('queue:occurrences').at(-1)).toEqual({
      accountId: 'a1',
      from: '2026-06-01T00:00:00.000Z',
      to: '2026-06-29T00:00:00.000Z',
    })
  })
})
