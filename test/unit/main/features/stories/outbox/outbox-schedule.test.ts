import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { STORY_CAPTION_MAX } from '@shared/domain/story'
import type { OutboxItemView } from '@shared/story/records'
import { isPlannable, PLAN_PAST_GRACE_MS } from '@shared/story/schedule'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import { Connectivity } from '../../../../../../src-main/platform/net/connectivity'
import { HistoryStore } from '../../../../../../src-main/features/stories/history/history-store'
import { MAX_TIMER_MS, RUNNING_GRACE_MS } from '../../../../../../src-main/features/stories/outbox/due-time'
import { Outbox, type AttemptOutcome, type OutboxTimers } from '../../../../../../src-main/features/stories/outbox/outbox'
import { accountDir, recordingClient, textStory, waitFor } from './outbox-harness'
import { accountFile } from '../../../../../support/declared-files'

/** A wall clock the test sets (jumps included) and timers that fire only when told, remembering their delays. */
function testClock(start: number) {
  let now = start
  const pending: { callback: () => void; ms: number }[] = []
  const timers: OutboxTimers = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const entry = { callback, ms }
      pending.push(entry)
      return entry
    },
    clearTimeout: (handle) => {
      const at = pending.indexOf(handle as (typeof pending)[number])
      if (at >= 0) pending.splice(at, 1)
    },
  }
  return {
    timers,
    pending,
    advance: (ms: number) => (now += ms),
    /** Fires what is armed, as a timer would after its delay (or after a sleep, a clock change). */
    fire: () => {
      for (const { callback } of pending.splice(0)) callback()
    },
  }
}

const T0 = Date.parse('2026-03-28T19:00:00Z')
let emulator: Emulator
const dirs: string[] = []

beforeEach(async () => {
  emulator = await startEmulator({ groups: 3 })
})
afterEach(async () => {
  await emulator.stop().catch(() => undefined)
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

async function setup(options: { dir?: string; clock?: ReturnType<typeof testClock>; lateSendMinutes?: number } = {}) {
  const dir = options.dir ?? (await accountDir())
  if (!options.dir) dirs.push(dir)
  const clock = options.clock ?? testClock(T0)
  const missed: OutboxItemView[] = []
  const outcomes: AttemptOutcome[] = []
  const outbox = new Outbox({
    accountId: 'acc1',
    accountDir: dir,
    publisher: recordingClient(emulator.baseUrl, emulator.token),
    connectivity: new Connectivity(),
    history: new HistoryStore(accountFile(dir, 'history')),
    timers: clock.timers,
    retry: { firstMs: 60 * 60_000, maxMs: 60 * 60_000 },
    lateSendMinutes: () => options.lateSendMinutes ?? 0,
    onMissed: (items) => missed.push(...items),
    onOutcome: (outcome) => outcomes.push(outcome),
  })
  await outbox.open()
  return { dir, clock, outbox, missed, outcomes }
}

const received = (caption: string) => emulator.control.stories.list().filter((s) => s.caption === caption).length

async function onDisk(dir: string, id: string): Promise<{ state: string; dueAt: string | null }> {
  return JSON.parse(await readFile(join(dir, 'outbox', id, 'item.json'), 'utf8')) as { state: string; dueAt: string | null }
}

/** An instant as the outbox takes it. */
const iso = (ms: number) => new Date(ms).toISOString()

function idOf(outcome: AttemptOutcome): string {
  if (outcome.state !== 'scheduled') throw new Error(`expected scheduled, got ${outcome.state}`)
  return outcome.item.id
}

describe('Outbox scheduling', () => {
  it('holds a story until its instant, written down first, then publishes it once and says so', async () => {
    const { dir, clock, outbox, outcomes } = await setup()
    const id = idOf(await outbox.publish({ ...textStory('At eight'), dueAt: iso(T0 + 20_000) }))
    expect(await onDisk(dir, id)).toMatchObject({ state: 'scheduled', dueAt: new Date(T0 + 20_000).toISOString() })
    expect(clock.pending.map((p) => p.ms)).toEqual([20_000])
    // A timer firing before the clock reaches the time (the clock was set back meanwhile) sends nothing.
    clock.fire()
    await outbox.checkSchedule({ running: true })
    expect(received('At eight')).toBe(0)
    expect(clock.pending).toHaveLength(1)
    clock.advance(20_000)
    clock.fire()
    await waitFor(() => received('At eight') === 1, 'the scheduled story')
    await outbox.idle()
    expect(outbox.list()).toEqual([])
    expect(outcomes.map((o) => o.state)).toEqual(['sent'])
    // Further looks, resumes and drains send nothing more.
    await outbox.checkSchedule({ running: true })
    await outbox.drain()
    expect(received('At eight')).toBe(1)
  })

  it('never trusts a timer for long: a far-off story re-arms at most every MAX_TIMER_MS', async () => {
    const { clock, outbox } = await setup()
    await outbox.publish({ ...textStory('Tomorrow'), dueAt: iso(T0 + 24 * 3_600_000) })
    expect(clock.pending.map((p) => p.ms)).toEqual([MAX_TIMER_MS])
  })

  it('refuses a time already past', async () => {
    const { outbox } = await setup()
    await expect(outbox.publish({ ...textStory('Yesterday'), dueAt: iso(T0 - 3_600_000) })).rejects.toMatchObject({
      code: 'invalid-argument',
    })
    await expect(outbox.publish({ ...textStory('Just too old'), dueAt: iso(T0 - PLAN_PAST_GRACE_MS - 1) })).rejects.toMatchObject({
      code: 'invalid-argument',
    })
    await expect(outbox.publish({ ...textStory('Not a time'), dueAt: 'not a time' })).rejects.toMatchObject({ code: 'invalid-argument' })
    expect(outbox.list()).toEqual([])
  })

  it('takes a time that passed while the user clicked (the shared rule) and sends it at once, never as missed', async () => {
    // The grace for planning stays inside the grace for a late timer, or such a story would be missed on its first look.
    expect(PLAN_PAST_GRACE_MS).toBeLessThan(RUNNING_GRACE_MS)
    const { clock, outbox, missed } = await setup()
    expect(isPlannable(T0 - PLAN_PAST_GRACE_MS, T0)).toBe(true)
    idOf(await outbox.publish({ ...textStory('A moment ago'), dueAt: iso(T0 - PLAN_PAST_GRACE_MS) }))
    clock.fire()
    await waitFor(() => received('A moment ago') === 1, 'the story planned a moment ago')
    await outbox.idle()
    expect(missed).toEqual([])
    expect(outbox.list()).toEqual([])
  })

  it('a clock jumping forward a few seconds past the time still sends it; after a two-hour sleep it is left to the user', async () => {
    const { clock, outbox, missed } = await setup()
    await outbox.publish({ ...textStory('Soon'), dueAt: iso(T0 + 10_000) })
    await outbox.publish({ ...textStory('Later'), dueAt: iso(T0 + 3_600_000) })
    clock.advance(12_000)
    clock.fire()
    await waitFor(() => received('Soon') === 1, 'the on-time story')
    await outbox.idle()
    // The computer slept two hours: on resume the second is an hour late.
    clock.advance(2 * 3_600_000)
    await outbox.checkSchedule({ running: true })
    await outbox.idle()
    expect(received('Later')).toBe(0)
    expect(missed.map((item) => item.summary.text)).toEqual(['Later'])
    expect(outbox.list().map((item) => item.state)).toEqual(['missed'])
  })

  it('a story due while the app was not running is not sent at start, and goes exactly once when the user says so', async () => {
    const first = await setup()
    const id = idOf(await first.outbox.publish({ ...textStory('While away'), dueAt: iso(T0 + 60_000) }))
    first.outbox.close()
    // The app starts again ten minutes after the due time.
    const again = await setup({ dir: first.dir, clock: testClock(T0 + 11 * 60_000) })
    await again.outbox.drain()
    expect(received('While away')).toBe(0)
    expect(again.missed).toHaveLength(1)
    expect(await onDisk(first.dir, id)).toMatchObject({ state: 'missed' })
    await again.outbox.act(id, 'send-now')
    await waitFor(() => received('While away') === 1, 'the story sent on the user’s word')
    await again.outbox.idle()
    await again.outbox.checkSchedule({ running: true })
    await again.outbox.drain()
    expect(received('While away')).toBe(1)
  })

  it('"send if less than N minutes late" sends a story found a little late at start, not one found later', async () => {
    const first = await setup()
    await first.outbox.publish({ ...textStory('Seven late'), dueAt: iso(T0 + 60_000) })
    await first.outbox.publish({ ...textStory('Three late'), dueAt: iso(T0 + 5 * 60_000) })
    first.outbox.close()
    const again = await setup({ dir: first.dir, clock: testClock(T0 + 8 * 60_000), lateSendMinutes: 5 })
    await waitFor(() => received('Three late') === 1, 'the story within the allowance')
    await again.outbox.idle()
    expect(received('Seven late')).toBe(0)
    expect(again.outbox.list().map((item) => [item.summary.text, item.state])).toEqual([['Seven late', 'missed']])
  })

  it('refuses, saying the story changed meanwhile, an edit or a cancel made on a revision it left; one gone is said to be gone', async () => {
    const { outbox } = await setup()
    const id = idOf(await outbox.publish({ ...textStory('Seen at one'), dueAt: iso(T0 + 60_000) }))
    const seen = outbox.list()[0]!.rev
    await outbox.editScheduled(id, { caption: 'Changed elsewhere', rev: seen })
    const changed = { code: 'conflict', text: { key: 'storyErrors.outbox.changedMeanwhile' } }
    await expect(outbox.editScheduled(id, { caption: 'Made on the old one', rev: seen })).rejects.toMatchObject(changed)
    await expect(outbox.act(id, 'discard', seen)).rejects.toMatchObject(changed)
    expect(outbox.list().map((item) => item.summary.text)).toEqual(['Changed elsewhere'])
    // A story sent meanwhile is gone from the outbox, and said so.
    const now = outbox.list()[0]!.rev
    await outbox.act(id, 'send-now', now)
    await waitFor(() => received('Changed elsewhere') === 1, 'the story sent now')
    await outbox.idle()
    await expect(outbox.editScheduled(id, { caption: 'Too late', rev: now + 1 })).rejects.toMatchObject({ code: 'not-found' })
  })

  it('reschedules, edits the caption, duplicates and cancels a planned story', async () => {
    const { dir, clock, outbox } = await setup()
    const id = idOf(await outbox.publish({ ...textStory('Draft caption'), dueAt: iso(T0 + 60_000) }))
    const edited = await outbox.editScheduled(id, { caption: 'Final caption', dueAt: iso(T0 + 120_000) })
    expect(edited).toMatchObject({ state: 'scheduled', dueAt: new Date(T0 + 120_000).toISOString(), summary: { text: 'Final caption' } })
    await expect(outbox.editScheduled(id, { dueAt: iso(T0 - 3_600_000) })).rejects.toMatchObject({
      code: 'invalid-argument',
      text: { key: 'storyErrors.schedule.timePassed' },
    })
    // A caption the story could not be sent with is refused, saying why, and nothing changes.
    await expect(outbox.editScheduled(id, { caption: ' ' })).rejects.toMatchObject({ text: { key: 'storyErrors.issues.textEmpty' } })
    await expect(outbox.editScheduled(id, { caption: 'x'.repeat(STORY_CAPTION_MAX + 1) })).rejects.toMatchObject({
      code: 'invalid-argument',
      text: { key: 'storyErrors.issues.textTooLong', params: { length: STORY_CAPTION_MAX + 1, max: STORY_CAPTION_MAX } },
    })
    expect(outbox.list()).toMatchObject([{ id, summary: { text: 'Final caption' } }])
    const copy = await outbox.duplicate(id, 'req-duplicate-1', iso(T0 + 180_000))
    expect(copy).toMatchObject({ state: 'scheduled', summary: { text: 'Final caption' } })
    expect(await onDisk(dir, copy.id)).toMatchObject({ state: 'scheduled' })
    await outbox.act(copy.id, 'discard')
    clock.advance(120_000)
    clock.fire()
    await waitFor(() => received('Final caption') === 1, 'the edited story')
    await outbox.idle()
    clock.advance(60_000)
    clock.fire()
    await outbox.checkSchedule({ running: true })
    await outbox.idle()
    expect(received('Final caption')).toBe(1)
    expect(received('Draft caption')).toBe(0)
  })

  it('a scheduled story that became due offline and waited longer than the allowance is not sent late', async () => {
    const { clock, outbox, missed } = await setup()
    await outbox.publish({ ...textStory('Offline at eight'), dueAt: iso(T0 + 10_000) })
    await emulator.stop()
    clock.advance(10_000)
    clock.fire()
    await outbox.checkSchedule({ running: true })
    await outbox.idle()
    expect(outbox.list().map((item) => item.state)).toEqual(['queued'])
    // Two hours later the queue's retry finds it too late: it asks instead of trying.
    clock.advance(2 * 3_600_000)
    await outbox.drain()
    expect(outbox.list().map((item) => item.state)).toEqual(['missed'])
    expect(missed).toHaveLength(1)
  })
})
