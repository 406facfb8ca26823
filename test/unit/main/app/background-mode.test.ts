import type { StorySummary } from '@shared/story/records'
import { describe, expect, it, vi } from 'vitest'
import { startBackgroundMode } from '../../../../src-main/app/background-mode'
import { nextDueLabel } from '../../../../src-main/app/tray-menu'

const summary = (text: string): StorySummary => ({
  kind: 'text',
  text,
  thumbnail: null,
  background: null,
  color: null,
  font: null,
  audience: { mode: 'everyone', count: null, excluded: 0 },
  mediaBytes: null,
})

function harness(scheduled: number, answer = false) {
  let next: { dueAt: string; summary: StorySummary } | null =
    scheduled > 0 ? { dueAt: '2026-06-01T07:00:00Z', summary: summary('Hi') } : null
  let outboxListener = () => {}
  let resumeListener = () => {}
  const tray = { update: vi.fn(), destroy: vi.fn() }
  const stories = { scheduledCount: () => scheduled, nextDue: () => next, recheckSchedule: vi.fn() }
  const confirmQuit = vi.fn(() => answer)
  const mode = startBackgroundMode(
    {
      stories,
      onOutboxChange: (listener) => ((outboxListener = listener), () => {}),
      onResume: (listener) => ((resumeListener = listener), () => {}),
      createTray: () => tray,
      confirmQuit,
      locale: () => 'en-GB',
    },
    { open: vi.fn(), syncNow: vi.fn(), quit: vi.fn() },
  )
  return {
    mode,
    tray,
    stories,
    confirmQuit,
    setNext: (value: typeof next) => (next = value),
    outboxChanged: () => outboxListener(),
    resume: () => resumeListener(),
  }
}

describe('background mode', () => {
  it('with stories planned, closing the window keeps the app and quitting asks first', () => {
    const h = harness(2, false)
    expect(h.mode.keepRunningOnClose()).toBe(true)
    expect(h.mode.mayQuit()).toBe(false)
    expect(h.confirmQuit).toHaveBeenCalledWith(2)
  })

  it('with nothing planned, the window closes and the app quits without a question', () => {
    const h = harness(0)
    expect(h.mode.keepRunningOnClose()).toBe(false)
    expect(h.mode.mayQuit()).toBe(true)
    expect(h.confirmQuit).not.toHaveBeenCalled()
  })

  it('a wake from sleep makes the schedule look again; the tray follows the next story', () => {
    const h = harness(1)
    h.resume()
    expect(h.stories.recheckSchedule).toHaveBeenCalledOnce()
    h.setNext(null)
    h.outboxChanged()
    expect(h.tray.update).toHaveBeenCalledWith('No story scheduled')
    h.outboxChanged()
    expect(h.tray.update).toHaveBeenCalledOnce()
  })
})

describe('nextDueLabel', () => {
  it('shows the time in the given zone and masks phone numbers', () => {
    const label = nextDueLabel({ dueAt: '2026-06-01T07:00:00Z', summary: summary('Call 5511 98765 4321 now') }, 'en-GB', 'Europe/Berlin')
    expect(label).toContain('09:00')
    expect(label).not.toMatch(/98765/)
  })
})
