import type { QueueSettings, QueueSlot } from '@shared/channels/queue'
import { describe, expect, it } from 'vitest'
import { isSlotInstant, nextFreeInstant, slotInstants, WEEK_MS } from '../../../../../src-main/features/queue/occurrences'
import { boundaryDays, DAY_MS, dayNumberInZone, HOUR_MS, MINUTE_MS, offsetMinutes, seeded } from '../../../../support/calendar-oracle'

/**
 * The queue's slots against an oracle that reads the zone's clock from Intl alone: for each date
 * and slot, the instants whose wall time is the slot's (the first, when the clock shows it twice),
 * or, when the clock skips it, the instant the same length of time after the jump (the wall time
 * read with the offset before the change), as "Publish at…" reads a time.
 */

const wallFormats = new Map<string, Intl.DateTimeFormat>()
function wallOf(at: number, zone: string): string {
  let format = wallFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
    wallFormats.set(zone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

/** The instant of one slot on one date (a day number), by the oracle. */
function oracleInstant(dayNumber: number, time: string, zone: string): number {
  const date = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const naive = dayNumber * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS
  const offsets = new Set(Array.from({ length: 9 }, (_, k) => offsetMinutes(naive + (k - 4) * 6 * HOUR_MS, zone)))
  const matches = [...offsets].map((offset) => naive - offset * MINUTE_MS).filter((at) => wallOf(at, zone) === `${date}T${time}`)
  if (matches.length > 0) return Math.min(...matches)
  return naive - offsetMinutes(naive - 36 * HOUR_MS, zone) * MINUTE_MS
}

function oracleInstants(settings: QueueSettings, from: number, to: number): number[] {
  const found = new Set<number>()
  for (let day = dayNumberInZone(from, settings.timeZone) - 1; day <= dayNumberInZone(to, settings.timeZone); day++) {
    const weekday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7
    for (const slot of settings.slots) {
      if (slot.weekday !== weekday) continue
      const at = oracleInstant(day, slot.time, settings.timeZone)
      if (at >= from && at < to) found.add(at)
    }
  }
  return [...found].sort((a, b) => a - b)
}

const iso = (at: number) => new Date(at).toISOString()
const pad = (n: number) => String(n).padStart(2, '0')

/** A few slots, half of the times in the small hours where clocks change. */
function randomSlots(random: () => number): QueueSlot[] {
  const slots = new Map<string, QueueSlot>()
  const count = 1 + Math.floor(random() * 6)
  for (let i = 0; i < count; i++) {
    const hour = random() < 0.5 ? Math.floor(random() * 4) : Math.floor(random() * 24)
    const minute = [0, 15, 30, 45, Math.floor(random() * 60)][Math.floor(random() * 5)]!
    const slot = { weekday: Math.floor(random() * 7), time: `${pad(hour)}:${pad(minute)}` }
    slots.set(`${slot.weekday} ${slot.time}`, slot)
  }
  return [...slots.values()]
}

describe('the slots of a week, as instants', () => {
  it('puts a slot the clock skips (spring forward) the same length of time after the jump, as "Publish at…" does', () => {
    // Sunday 29 March 2026, Berlin: 02:00 CET becomes 03:00 CEST.
    const berlin = { timeZone: 'Europe/Berlin', slots: [{ weekday: 6, time: '02:30' }] }
    expect(slotInstants(berlin, Date.parse('2026-03-28T00:00Z'), Date.parse('2026-03-30T00:00Z')).map(iso)).toEqual([
      '2026-03-29T01:30:00.000Z',
    ])
    // Sunday 8 March 2026, New York: 02:00 EST becomes 03:00 EDT.
    const newYork = { timeZone: 'America/New_York', slots: [{ weekday: 6, time: '02:30' }] }
    expect(slotInstants(newYork, Date.parse('2026-03-07T00:00Z'), Date.parse('2026-03-09T12:00Z')).map(iso)).toEqual([
      '2026-03-08T07:30:00.000Z',
    ])
  })

  it('has a slot the clock shows twice (fall back) happen once, the first time', () => {
    // Sunday 25 October 2026, Berlin: 02:30 comes at 00:30Z (CEST) and again at 01:30Z (CET).
    const berlin = { timeZone: 'Europe/Berlin', slots: [{ weekday: 6, time: '02:30' }] }
    expect(slotInstants(berlin, Date.parse('2026-10-24T00:00Z'), Date.parse('2026-10-26T00:00Z')).map(iso)).toEqual([
      '2026-10-25T00:30:00.000Z',
    ])
    // Sunday 1 November 2026, New York: 01:30 comes at 05:30Z (EDT) and again at 06:30Z (EST).
    const newYork = { timeZone: 'America/New_York', slots: [{ weekday: 6, time: '01:30' }] }
    expect(slotInstants(newYork, Date.parse('2026-10-31T00:00Z'), Date.parse('2026-11-02T12:00Z')).map(iso)).toEqual([
      '2026-11-01T05:30:00.000Z',
    ])
  })

  it('counts two slots that land on one instant once', () => {
    const berlin = {
      timeZone: 'Europe/Berlin',
      slots: [
        { weekday: 6, time: '02:30' },
        { weekday: 6, time: '03:30' },
      ],
    }
    expect(slotInstants(berlin, Date.parse('2026-03-29T00:00Z'), Date.parse('2026-03-30T00:00Z')).map(iso)).toEqual([
      '2026-03-29T01:30:00.000Z',
    ])
  })

  it('reads weekdays Monday first, and the window as [from, to)', () => {
    const utc = { timeZone: 'UTC', slots: [{ weekday: 0, time: '09:00' }] }
    // Monday 2 March 2026.
    const monday = Date.parse('2026-03-02T09:00Z')
    expect(slotInstants(utc, monday, monday + 1)).toEqual([monday])
    expect(slotInstants(utc, monday + 1, monday + WEEK_MS)).toEqual([])
    expect(slotInstants(utc, monday - WEEK_MS, monday)).toEqual([monday - WEEK_MS])
    expect(isSlotInstant(utc, monday)).toBe(true)
    expect(isSlotInstant(utc, monday + MINUTE_MS)).toBe(false)
    expect(slotInstants({ timeZone: 'UTC', slots: [] }, monday, monday + WEEK_MS)).toEqual([])
  })

  for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago'] as const) {
    // Searched once: finding a year's changes asks Intl thousands of times.
    const boundaries = boundaryDays(zone)

    it(`matches the oracle for 300 random slot sets across each change of 2026 in ${zone}`, () => {
      const random = seeded(zone.length * 7919)
      const wrong: string[] = []
      let compared = 0
      for (let set = 0; set < 300; set++) {
        const settings = { timeZone: zone, slots: randomSlots(random) }
        for (const day of boundaries) {
          const from = day - 4 * DAY_MS + Math.floor(random() * DAY_MS)
          const to = from + 8 * DAY_MS
          const got = slotInstants(settings, from, to)
          const expected = oracleInstants(settings, from, to)
          compared += expected.length
          if (JSON.stringify(got) !== JSON.stringify(expected))
            wrong.push(`${JSON.stringify(settings.slots)} ${iso(from)}: ${got.map(iso).join(',')} ≠ ${expected.map(iso).join(',')}`)
        }
      }
      expect(wrong.slice(0, 5)).toEqual([])
      expect(compared).toBeGreaterThan(1_000)
    })

    it(`finds the next free slot as the oracle does, some slots taken, across the changes in ${zone}`, () => {
      const random = seeded(zone.length * 104_729)
      const wrong: string[] = []
      for (let set = 0; set < 300; set++) {
        const settings = { timeZone: zone, slots: randomSlots(random) }
        const day = boundaries[set % boundaries.length]!
        const after = day - 2 * DAY_MS + Math.floor(random() * 3 * DAY_MS)
        const ahead = oracleInstants(settings, after, after + 3 * WEEK_MS)
        const taken = new Set(ahead.filter(() => random() < 0.5))
        const expected = ahead.find((at) => !taken.has(at)) ?? null
        const got = nextFreeInstant(settings, after, taken)
        if (expected !== null && got !== expected) wrong.push(`${JSON.stringify(settings.slots)} after ${iso(after)}: ${got} ≠ ${expected}`)
        if (got !== null) {
          expect(got).toBeGreaterThanOrEqual(after)
          expect(taken.has(got)).toBe(false)
        }
      }
      expect(wrong.slice(0, 5)).toEqual([])
    })
  }

  it('says there is no free slot when every slot of the coming year is taken, or there are none', () => {
    const utc = { timeZone: 'UTC', slots: [{ weekday: 2, time: '12:00' }] }
    const start = Date.parse('2026-01-01T00:00Z')
    const all = new Set<number>()
    for (let week = 0; week < 60; week++)
      for (const at of slotInstants(utc, start + week * WEEK_MS, start + (week + 1) * WEEK_MS)) all.add(at)
    expect(nextFreeInstant(utc, start, all)).toBeNull()
    expect(nextFreeInstant({ timeZone: 'UTC', slots: [] }, start, new Set())).toBeNull()
  })
})
