import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dueDateTime, firstDayOfWeek, weekDays, weekStart } from '../../../../src-renderer/src/format/schedule-time'

// The renderer's types have no Node; the test runs in Node all the same.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env
let zone: string | undefined
beforeAll(() => {
  zone = env['TZ']
  // Local dates follow TZ: a zone with daylight saving, whatever the machine's.
  env['TZ'] = 'Europe/Berlin'
})
afterAll(() => {
  if (zone === undefined) delete env['TZ']
  else env['TZ'] = zone
})

describe('the week calendar days', () => {
  it('start on the locale’s first day of the week', () => {
    expect(firstDayOfWeek('en-GB')).toBe(1)
    expect(firstDayOfWeek('en-US')).toBe(0)
    expect(firstDayOfWeek('ar-EG')).toBe(6)
    const wednesday = Date.parse('2026-06-03T10:00:00Z')
    expect(weekStart(wednesday, 'en-GB').getDate()).toBe(1)
    expect(weekStart(wednesday, 'en-US').getDate()).toBe(31)
    expect(weekStart(wednesday, 'en-GB', 1).getDate()).toBe(8)
  })

  it('a week with the spring-forward night still has seven days, each from local midnight', () => {
    const days = weekDays(weekStart(Date.parse('2026-03-27T12:00:00Z'), 'en-GB'))
    expect(days).toHaveLength(7)
    expect(days.map((day) => [day.start.getDate(), day.start.getHours()])).toEqual([
      [23, 0],
      [24, 0],
      [25, 0],
      [26, 0],
      [27, 0],
      [28, 0],
      [29, 0],
    ])
    // Sunday 29 March lasts 23 hours; the others 24.
    expect(days.map((day) => (day.end.getTime() - day.start.getTime()) / 3_600_000)).toEqual([24, 24, 24, 24, 24, 24, 23])
  })

  it('a week with the fall-back night has a 25-hour Sunday', () => {
    const days = weekDays(weekStart(Date.parse('2026-10-22T12:00:00Z'), 'en-GB'))
    expect((days[6]!.end.getTime() - days[6]!.start.getTime()) / 3_600_000).toBe(25)
  })
})

describe('dueDateTime', () => {
  it('formats per locale', () => {
    expect(dueDateTime('2026-06-01T07:00:00Z', 'en-GB', 'Europe/Berlin')).toBe('Mon 1 Jun, 9:00')
    expect(dueDateTime('2026-06-01T07:00:00Z', 'es', 'Europe/Berlin')).toContain('9:00')
  })
})
