import { afterEach, describe, expect, it } from 'vitest'
import type { Emulator } from '../../../../src-main/emulator/index'
import { specErrors } from '../../../support/emulator-openapi'
import { bearer, call, controlCall, postStory, start } from './helpers'

const HOUR = 3600_000
/** A Monday, 00:00 UTC. */
const T0 = Date.parse('2026-03-02T00:00:00Z')

interface Status {
  id: string
  viewer_id: string
  timestamp: string
}

const started: Emulator[] = []
afterEach(async () => {
  for (const emulator of started.splice(0)) await emulator.stop()
})

async function emulatorAt(options: Parameters<typeof start>[0] = {}): Promise<Emulator> {
  const emulator = await start({ groups: 30, seed: 9, now: () => T0, ...options })
  started.push(emulator)
  return emulator
}

const api = (emulator: Emulator, path: string) => call(`${emulator.baseUrl}${path}`, { headers: bearer(emulator.token) })

async function publish(emulator: Emulator, caption: string): Promise<string> {
  const reply = await postStory(emulator, { caption })
  expect(reply.status).toBe(200)
  return (reply.body as { message: { id: string } }).message.id
}

async function statuses(emulator: Emulator, id: string): Promise<Status[]> {
  const reply = await api(emulator, `/statuses/${id}`)
  expect(reply.status).toBe(200)
  return (reply.body as { statuses: Status[] }).statuses
}

const clockPost = (emulator: Emulator, body: unknown) =>
  controlCall(emulator, '/clock', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })

describe('the emulator’s clock', () => {
  it('moves forward from code and over the control route, and stamps stories with its time', async () => {
    const emulator = await emulatorAt()
    expect(emulator.control.clock.now()).toBe(T0)
    expect(emulator.control.clock.advance(HOUR)).toBe(T0 + HOUR)
    const moved = await clockPost(emulator, { advanceMs: 2 * HOUR })
    expect(moved.status).toBe(200)
    expect(moved.body).toEqual({ now: new Date(T0 + 3 * HOUR).toISOString(), nowMs: T0 + 3 * HOUR, offsetMs: 3 * HOUR })
    expect((await controlCall(emulator, '/clock')).body).toMatchObject({ nowMs: T0 + 3 * HOUR })
    const id = await publish(emulator, 'Later')
    const story = emulator.control.stories.list().find((s) => s.id === id)
    expect(story?.message.timestamp).toBe(Math.floor((T0 + 3 * HOUR) / 1000))
  })

  it('never goes back, refuses what is not a step forward, and stays where it is after a reset', async () => {
    const emulator = await emulatorAt()
    expect((await clockPost(emulator, { advanceMs: -1 })).status).toBe(400)
    expect((await clockPost(emulator, { advanceMs: 1.5 })).status).toBe(400)
    expect((await clockPost(emulator, { advanceMs: 500 * 24 * HOUR })).status).toBe(400)
    expect((await clockPost(emulator, { to: 'tomorrow' })).status).toBe(400)
    expect(() => emulator.control.clock.advance(-5)).toThrow(RangeError)
    emulator.control.clock.advance(HOUR)
    emulator.control.reset()
    expect(emulator.control.clock.offsetMs()).toBe(HOUR)
  })

  it('lets a story expire after 24 hours of its time: no longer listed, its viewers frozen', async () => {
    const emulator = await emulatorAt()
    const id = await publish(emulator, 'A day')
    emulator.control.clock.advance(23 * HOUR)
    expect(((await api(emulator, '/stories')).body as { total: number }).total).toBe(1)
    emulator.control.clock.advance(HOUR)
    expect(((await api(emulator, '/stories')).body as { total: number }).total).toBe(0)
    const atExpiry = await statuses(emulator, id)
    emulator.control.clock.advance(7 * 24 * HOUR)
    expect(await statuses(emulator, id)).toEqual(atExpiry)
  })
})

describe('viewers over a story’s day', () => {
  it('accrue with the day, each status carrying its time within the story’s 24 hours', async () => {
    const emulator = await emulatorAt()
    const id = await publish(emulator, 'Morning')
    expect(await statuses(emulator, id)).toEqual([])
    const counts: number[] = []
    for (let hour = 1; hour <= 24; hour++) {
      emulator.control.clock.advance(HOUR)
      counts.push((await statuses(emulator, id)).length)
    }
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
    expect(counts[0]).toBeGreaterThan(0)
    expect(counts[23]).toBeGreaterThan(counts[0]!)
    const all = await statuses(emulator, id)
    expect(specErrors('Statuses', all)).toEqual([])
    expect(new Set(all.map((s) => s.viewer_id)).size).toBe(all.length)
    for (const status of all) {
      const at = Number(status.timestamp) * 1000
      expect(at).toBeGreaterThanOrEqual(T0)
      expect(at).toBeLessThanOrEqual(T0 + 24 * HOUR)
    }
  })

  it('are the same for the same seed and clock, and come with a daily rhythm: few at night, more morning and evening', async () => {
    const one = await emulatorAt()
    const two = await emulatorAt()
    const byHour = new Array<number>(24).fill(0)
    // A story every 3 hours for two days, each read at the end of its 24 hours.
    const ids: string[][] = [[], []]
    for (let i = 0; i < 16; i++) {
      ids[0]!.push(await publish(one, `Story ${i}`))
      ids[1]!.push(await publish(two, `Story ${i}`))
      one.control.clock.advance(3 * HOUR)
      two.control.clock.advance(3 * HOUR)
    }
    one.control.clock.advance(24 * HOUR)
    two.control.clock.advance(24 * HOUR)
    for (let i = 0; i < 16; i++) {
      const first = await statuses(one, ids[0]![i]!)
      const second = await statuses(two, ids[1]![i]!)
      expect(second.map((s) => [s.viewer_id, s.timestamp])).toEqual(first.map((s) => [s.viewer_id, s.timestamp]))
      for (const status of first) byHour[new Date(Number(status.timestamp) * 1000).getUTCHours()]! += 1
    }
    const night = byHour.slice(1, 5).reduce((a, b) => a + b, 0)
    const morning = byHour.slice(7, 11).reduce((a, b) => a + b, 0)
    const evening = byHour.slice(18, 22).reduce((a, b) => a + b, 0)
    expect(morning).toBeGreaterThan(2 * night)
    expect(evening).toBeGreaterThan(2 * night)
  })

  it('follow the viewers’ clock when it is set east or west of UTC', async () => {
    const emulator = await emulatorAt({ viewerUtcOffsetMinutes: 10 * 60 })
    const byHour = new Array<number>(24).fill(0)
    const ids: string[] = []
    for (let i = 0; i < 16; i++) {
      ids.push(await publish(emulator, `Story ${i}`))
      emulator.control.clock.advance(3 * HOUR)
    }
    emulator.control.clock.advance(24 * HOUR)
    for (const id of ids)
      for (const status of await statuses(emulator, id)) byHour[new Date(Number(status.timestamp) * 1000).getUTCHours()]! += 1
    // Their 01:00–05:00 is 15:00–19:00 UTC.
    const theirNight = byHour.slice(15, 19).reduce((a, b) => a + b, 0)
    const theirEvening = byHour.slice(8, 12).reduce((a, b) => a + b, 0)
    expect(theirEvening).toBeGreaterThan(2 * theirNight)
  })

  it('come one every `everyMs` when set, and back to the rhythm with null', async () => {
    const emulator = await emulatorAt()
    const set = await controlCall(emulator, '/viewers', { method: 'POST', body: JSON.stringify({ everyMs: 60_000 }) })
    expect(set.status).toBe(200)
    const id = await publish(emulator, 'Steady')
    emulator.control.clock.advance(5 * 60_000)
    expect(await statuses(emulator, id)).toHaveLength(5)
    expect((await controlCall(emulator, '/viewers', { method: 'POST', body: JSON.stringify({ everyMs: null }) })).status).toBe(200)
    emulator.control.clock.advance(24 * HOUR)
    expect((await statuses(emulator, id)).length).not.toBe(5)
  })
})
