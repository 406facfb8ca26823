import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { QueueSettings } from '@shared/channels/queue'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAsideNotice } from '../../../../../src-main/account/files/file-registry'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { slotInstants, WEEK_MS } from '../../../../../src-main/features/queue/occurrences'
import { QUEUE_MARGIN_MS, QueueService } from '../../../../../src-main/features/queue/queue-service'
import type { AttemptOutcome } from '../../../../../src-main/features/stories/outbox/outbox'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { textStory, waitFor } from '../stories/outbox/outbox-harness'
import { openQueue, testClock } from './queue-harness'

/** Saturday 28 March 2026, 20:00 in Berlin: the night the clocks go forward. */
const T0 = Date.parse('2026-03-28T19:00:00Z')
/** Saturday 21:00 CET; Sunday 02:30, which the clock skips (03:30 CEST); Sunday 09:00 CEST; the next Saturday 21:00 CEST. */
const S1 = Date.parse('2026-03-28T20:00:00Z')
const S2 = Date.parse('2026-03-29T01:30:00Z')
const S3 = Date.parse('2026-03-29T07:00:00Z')
const S4 = Date.parse('2026-04-04T19:00:00Z')
const SLOTS: QueueSettings = {
  timeZone: 'Europe/Berlin',
  slots: [
    { weekday: 6, time: '09:00' },
    { weekday: 5, time: '21:00' },
    { weekday: 6, time: '02:30' },
  ],
}

let emulator: Emulator
const opened: Array<Awaited<ReturnType<typeof openQueue>>> = []

beforeEach(async () => {
  emulator = await startEmulator({ groups: 3 })
})
afterEach(async () => {
  for (const queue of opened.splice(0)) {
    await queue.close()
    await queue.remove()
  }
  await emulator.stop().catch(() => undefined)
})

async function setup(start = T0, dir?: string) {
  const clock = testClock(start)
  const opened_ = await openQueue(emulator, clock, dir ? { dir } : {})
  opened.push(opened_)
  return { clock, ...opened_ }
}

const received = (caption: string) => emulator.control.stories.list().filter((story) => story.caption === caption)

function itemOf(outcome: AttemptOutcome) {
  if (outcome.state !== 'scheduled') throw new Error(`expected scheduled, got ${outcome.state}`)
  return outcome.item
}

type Setup = Awaited<ReturnType<typeof setup>>

/** "Add to queue" for one story: planned at the account's next free slot, as the publish service does it (the slot held once by the store). */
async function addToQueue({ queue, outbox }: Setup, caption: string) {
  return itemOf(await queue.plan('acc1', (dueAt) => outbox.publish({ ...textStory(caption), dueAt }, undefined, { uniqueDue: true })))
}

describe('the posting queue', () => {
  it('keeps the slots in week order in the account’s file, and starts in the system’s zone with none', async () => {
    const s = await setup()
    expect(await s.queue.get('acc1')).toEqual({ timeZone: 'Europe/Berlin', slots: [] })
    const saved = await s.queue.set('acc1', SLOTS)
    expect(saved.slots).toEqual([
      { weekday: 5, time: '21:00' },
      { weekday: 6, time: '02:30' },
      { weekday: 6, time: '09:00' },
    ])
    expect(JSON.parse(await readFile(join(s.dir, 'queue.json'), 'utf8'))).toEqual({ version: 1, ...saved })
    expect(await s.queue.get('acc1')).toEqual(saved)
    expect(s.changed).toEqual(['acc1'])
  })

  it('refuses a zone this computer does not know and the same slot twice, keeping what was saved', async () => {
    const s = await setup()
    await s.queue.set('acc1', SLOTS)
    await expect(s.queue.set('acc1', { timeZone: 'Mars/Olympus_Mons', slots: [] })).rejects.toMatchObject({
      code: 'invalid-argument',
      text: { key: 'queueErrors.zoneUnknown', params: { zone: 'Mars/Olympus_Mons' } },
    })
    await expect(s.queue.set('acc1', { timeZone: 'UTC', slots: [...SLOTS.slots, { weekday: 6, time: '09:00' }] })).rejects.toMatchObject({
      text: { key: 'queueErrors.duplicateSlot' },
    })
    expect((await s.queue.get('acc1')).timeZone).toBe('Europe/Berlin')
  })

  it('sets a damaged file aside, says so in the queue’s own words, and starts empty; the file goes with the account', async () => {
    const s = await setup()
    await writeFile(join(s.dir, 'queue.json'), '{"version":1,"timeZone":')
    expect(await s.queue.get('acc1')).toEqual({ timeZone: 'Europe/Berlin', slots: [] })
    expect((await readdir(s.dir)).filter((name) => name.startsWith('queue.json.corrupt-'))).toHaveLength(1)
    expect(s.setAside.map((decl) => setAsideNotice(decl))).toEqual([{ key: 'notices.setAside.postingQueue' }])
    await s.queue.set('acc1', SLOTS)
    await s.workspaces.close('acc1', { remove: true })
    expect(existsSync(join(s.dir, 'queue.json'))).toBe(false)
  })

  it('plans each story at the next free slot, the margin ahead of now; a story planned by hand takes its slot too', async () => {
    const s = await setup()
    await expect(addToQueue(s, 'Too early')).rejects.toMatchObject({
      code: 'invalid-request',
      text: { key: 'queueErrors.noSlots', params: { account: 'Corner shop' } },
    })
    expect(s.outbox.list()).toEqual([])
    await s.queue.set('acc1', SLOTS)
    expect((await addToQueue(s, 'First')).dueAt).toBe(new Date(S1).toISOString())
    // The slot the clock skips is 03:30 CEST, as "Publish at…" reads 02:30 that night.
    expect((await addToQueue(s, 'Second')).dueAt).toBe(new Date(S2).toISOString())
    await s.outbox.publish({ ...textStory('By hand'), dueAt: new Date(S3).toISOString() })
    expect((await addToQueue(s, 'Third')).dueAt).toBe(new Date(S4).toISOString())
    expect(await s.queue.nextFree(['acc1', 'gone'])).toEqual([
      { accountId: 'acc1', at: '2026-04-05T00:30:00.000Z' },
      { accountId: 'gone', at: null },
    ])
    const week = await s.queue.occurrences('acc1', T0, S4 + 1)
    expect(week.map((slot) => [slot.at, s.outbox.list().find((item) => item.id === slot.itemId)?.summary.text ?? null])).toEqual([
      ['2026-03-28T20:00:00.000Z', 'First'],
      ['2026-03-29T01:30:00.000Z', 'Second'],
      ['2026-03-29T07:00:00.000Z', 'By hand'],
      ['2026-04-04T19:00:00.000Z', 'Third'],
    ])
  })

  it('skips a slot closer than the margin, so a queued story is never late at once', async () => {
    const s = await setup(S1 - QUEUE_MARGIN_MS + 1)
    await s.queue.set('acc1', SLOTS)
    expect((await addToQueue(s, 'Just missed the nine')).dueAt).toBe(new Date(S2).toISOString())
  })

  it('plans two presses at once in two different slots', async () => {
    const s = await setup()
    await s.queue.set('acc1', SLOTS)
    const [a, b] = await Promise.all([addToQueue(s, 'Press one'), addToQueue(s, 'Press two')])
    expect([a.dueAt, b.dueAt].sort()).toEqual([new Date(S1).toISOString(), new Date(S2).toISOString()])
  })

  it('frees a slot when the story in it is discarded', async () => {
    const s = await setup()
    await s.queue.set('acc1', SLOTS)
    const first = await addToQueue(s, 'Changed my mind')
    expect((await s.queue.occurrences('acc1', T0, S2))[0]).toMatchObject({ at: new Date(S1).toISOString(), itemId: first.id })
    await s.outbox.act(first.id, 'discard')
    expect((await s.queue.occurrences('acc1', T0, S2))[0]).toMatchObject({ at: new Date(S1).toISOString(), itemId: null })
    expect(await s.queue.nextFree(['acc1'])).toEqual([{ accountId: 'acc1', at: new Date(S1).toISOString() }])
    expect((await addToQueue(s, 'This one instead')).dueAt).toBe(new Date(S1).toISOString())
  })

  it('moves a queued story to a free slot, or changes places with the story in a taken one', async () => {
    const s = await setup()
    await s.queue.set('acc1', SLOTS)
    const first = await addToQueue(s, 'Bread')
    const second = await addToQueue(s, 'Cakes')
    await s.queue.move('acc1', first.id, S3)
    const at = () => Object.fromEntries(s.outbox.list().map((item) => [item.summary.text, item.dueAt]))
    expect(at()).toEqual({ Bread: new Date(S3).toISOString(), Cakes: new Date(S2).toISOString() })
    await s.queue.move('acc1', second.id, S3)
    expect(at()).toEqual({ Bread: new Date(S2).toISOString(), Cakes: new Date(S3).toISOString() })
    // Moving to its own slot changes nothing.
    await s.queue.move('acc1', second.id, S3)
    expect(at()).toEqual({ Bread: new Date(S2).toISOString(), Cakes: new Date(S3).toISOString() })
    expect(s.changed.filter((id) => id === 'acc1').length).toBeGreaterThanOrEqual(5)

    await expect(s.queue.move('acc1', first.id, S3 + 60_000)).rejects.toMatchObject({ text: { key: 'queueErrors.move.notASlot' } })
    await expect(s.queue.move('acc1', first.id, S1 - 7 * 86_400_000)).rejects.toMatchObject({ text: { key: 'queueErrors.move.passed' } })
    await expect(s.queue.move('acc1', 'nothing-here', S4)).rejects.toMatchObject({ code: 'not-found' })
    expect(at()).toEqual({ Bread: new Date(S2).toISOString(), Cakes: new Date(S3).toISOString() })
  })

  it('moves no story changed since the user saw it, in words, into a free slot or a taken one', async () => {
    const s = await setup()
    await s.queue.set('acc1', SLOTS)
    const bread = await addToQueue(s, 'Bread')
    const cakes = await addToQueue(s, 'Cakes')
    const seen = s.outbox.list().find((item) => item.id === bread.id)!.rev
    // Edited elsewhere after the user saw it: its revision went up.
    await s.outbox.editScheduled(bread.id, { caption: 'Bread, fresh' })
    const at = () => Object.fromEntries(s.outbox.list().map((item) => [item.id, item.dueAt]))
    const before = at()
    const changed = { code: 'conflict', text: { key: 'storyErrors.outbox.changedMeanwhile' } }
    await expect(s.queue.move('acc1', bread.id, S4, seen)).rejects.toMatchObject(changed)
    await expect(s.queue.move('acc1', bread.id, S2, seen)).rejects.toMatchObject(changed)
    expect(at()).toEqual(before)
    // At the revision it has now, it moves, and changes places with the story in the slot.
    const now = s.outbox.list().find((item) => item.id === bread.id)!.rev
    await s.queue.move('acc1', bread.id, S2, now)
    expect(at()).toEqual({ [bread.id]: new Date(S2).toISOString(), [cakes.id]: new Date(S1).toISOString() })
  })

  it('moves nothing a story already on its way or past its time could be sent twice or late for', async () => {
    const s = await setup()
    await s.queue.set('acc1', SLOTS)
    const bread = await addToQueue(s, 'Bread now')
    const cakes = await addToQueue(s, 'Cakes later')
    // Bread's time comes: it is queued (on its way), so it cannot move, nor can another take its place.
    s.clock.set(S1)
    s.clock.fire()
    await waitFor(() => received('Bread now').length === 1, 'the first slot’s story')
    await s.outbox.idle()
    await expect(s.queue.move('acc1', bread.id, S3)).rejects.toMatchObject({ code: 'not-found' })
    expect(s.outbox.list().map((item) => item.id)).toEqual([cakes.id])
    // A missed story may move to a free slot, not swap into a taken one: its own time has passed.
    s.clock.set(S2 + 2 * 3_600_000)
    await s.outbox.checkSchedule({ running: true })
    expect(s.outbox.list()).toMatchObject([{ id: cakes.id, state: 'missed' }])
    const late = await s.outbox.publish({ ...textStory('Holding the nine'), dueAt: new Date(S3).toISOString() })
    await expect(s.queue.move('acc1', cakes.id, S3)).rejects.toMatchObject({ text: { key: 'queueErrors.move.cannotSwap' } })
    await s.queue.move('acc1', cakes.id, S4)
    expect(s.outbox.list().find((item) => item.id === cakes.id)).toMatchObject({ state: 'scheduled', dueAt: new Date(S4).toISOString() })
    expect(late.state).toBe('scheduled')
    expect(received('Cakes later')).toHaveLength(0)
  })

  it('sends every story once, at its new slot, after moves and swaps and a restart', async () => {
    const s = await setup()
    await s.queue.set('acc1', SLOTS)
    const a = await addToQueue(s, 'Slot story A')
    const b = await addToQueue(s, 'Slot story B')
    const c = await addToQueue(s, 'Slot story C')
    await s.queue.move('acc1', a.id, S4)
    await s.queue.move('acc1', c.id, S2)
    // A restart reads the moves back from disk.
    s.outbox.close()
    const again = await setup(T0, s.dir)
    expect(Object.fromEntries(again.outbox.list().map((item) => [item.summary.text, item.dueAt]))).toEqual({
      'Slot story A': new Date(S4).toISOString(),
      'Slot story B': new Date(S3).toISOString(),
      'Slot story C': new Date(S2).toISOString(),
    })
    expect(b.dueAt).toBe(new Date(S2).toISOString())
    for (const [at, caption] of [
      [S1, null],
      [S2, 'Slot story C'],
      [S3, 'Slot story B'],
      [S4, 'Slot story A'],
    ] as const) {
      again.clock.set(at)
      again.clock.fire()
      await again.outbox.checkSchedule({ running: true })
      if (caption) await waitFor(() => received(caption).length === 1, caption)
      await again.outbox.idle()
    }
    for (const caption of ['Slot story A', 'Slot story B', 'Slot story C']) {
      const got = received(caption)
      expect(got, caption).toHaveLength(1)
    }
    expect(again.outbox.list()).toEqual([])
    expect(emulator.control.stories.list()).toHaveLength(3)
  })

  it('says the queue is full when no slot of the coming year is free', async () => {
    const weekly = { timeZone: 'Europe/Berlin', slots: [{ weekday: 5, time: '21:00' }] }
    // Every Saturday 21:00 of the coming 60 weeks, CET and CEST, holds a story.
    const taken = Array.from({ length: 60 }, (_, week) => slotInstants(weekly, T0 + week * WEEK_MS, T0 + (week + 1) * WEEK_MS))
      .flat()
      .map((at, index) => ({ id: `item-${index}`, state: 'scheduled' as const, dueAt: new Date(at).toISOString() }))
    const s = await setup()
    const queue = new QueueService({
      workspaces: s.workspaces,
      labelOf: () => 'Corner shop',
      log: silentLogger,
      now: () => T0,
      onChange: () => {},
      outbox: { items: async () => taken, replan: async () => {} },
    })
    await queue.set('acc1', weekly)
    await expect(queue.plan('acc1', async () => 'written')).rejects.toMatchObject({
      code: 'conflict',
      text: { key: 'queueErrors.full', params: { account: 'Corner shop' } },
    })
    expect(await queue.nextFree(['acc1'])).toEqual([{ accountId: 'acc1', at: null }])
    await expect(queue.occurrences('acc1', T0, T0 + 36 * 86_400_000)).rejects.toMatchObject({ text: { key: 'queueErrors.rangeTooLong' } })
  })
})
