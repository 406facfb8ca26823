import type { StorySummary } from '@shared/story/records'
import { describe, expect, it, vi } from 'vitest'
import { startBackgroundMode } from '../../../../src-main/app/background-mode'
import { nextDueText } from '../../../../src-main/app/tray-menu'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'
import { textSummary } from './text-summary'

const summary = textSummary

function harness(scheduled: number, answer = false) {
  let next: { dueAt: string; summary: StorySummary } | null =
    scheduled > 0 ? { dueAt: '2026-06-01T07:00:00Z', summary: summary('Hi') } : null
  let outboxListener = () => {}
  let resumeListener = () => {}
  const tray = { update: vi.fn(), destroy: vi.fn() }
  const stories = { scheduledCount: () => scheduled, nextDue: () => next, recheckSchedule: vi.fn() }
  const confirmQuit = vi.fn(() => answer)
  const language = createTranslator('en-GB')
  const mode = startBackgroundMode(
    {
      stories,
      onOutboxChange: (listener) => ((outboxListener = listener), () => {}),
      onResume: (listener) => ((resumeListener = listener), () => {}),
      createTray: () => tray,
      confirmQuit,
      language,
    },
    { open: vi.fn(), syncNow: vi.fn(), quit: vi.fn() },
  )
  return {
    mode,
    tray,
    stories,
    confirmQuit,
    language,
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
    expect(h.tray.update).toHaveBeenCalledWith({ key: 'desktop.tray.noStory' })
    h.outboxChanged()
    expect(h.tray.update).toHaveBeenCalledOnce()
  })

  it('a change of language rebuilds the tray at once, the next story’s time written the new way', () => {
    const h = harness(1)
    h.language.setLocale('ru-RU')
    expect(h.tray.update).toHaveBeenCalledOnce()
    const line = h.tray.update.mock.calls[0]![0] as { key: string; params: { when: string } }
    expect(line.key).toBe('desktop.tray.nextStory')
    expect(line.params.when).toMatch(/[а-я]/)
    h.mode.dispose()
    h.language.setLocale('es-ES')
    expect(h.tray.update).toHaveBeenCalledOnce()
    expect(h.tray.destroy).toHaveBeenCalledOnce()
  })
})

describe('nextDueText', () => {
  it('shows the time in the given zone and masks phone numbers', () => {
    const line = nextDueText({ dueAt: '2026-06-01T07:00:00Z', summary: summary('Call 5511 98765 4321 now') }, 'en-GB', 'Europe/Berlin')
    expect(line.key).toBe('desktop.tray.nextStory')
    expect(line.params?.['when']).toContain('09:00')
    expect(JSON.stringify(line)).not.toMatch(/98765/)
  })

  it('says only the time for a story without text, and that none is planned when there is none', () => {
    expect(nextDueText({ dueAt: '2026-06-01T07:00:00Z', summary: summary('   ') }, 'en-GB', 'UTC')).toEqual({
      key: 'desktop.tray.nextStoryNoText',
      params: { when: 'Mon 07:00' },
    })
    expect(nextDueText(null, 'en-GB')).toEqual({ key: 'desktop.tray.noStory' })
  })
})
