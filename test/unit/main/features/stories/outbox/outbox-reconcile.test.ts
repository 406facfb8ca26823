import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HistoryEntry } from '@shared/story/records'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import { Connectivity } from '../../../../../../src-main/platform/net/connectivity'
import { RECONCILE_DELAYS_MS } from '../../../../../../src-main/features/stories/outbox/reconcile'
import { accountDir, manualTimers, olderItemJson, openOutbox, recordingClient, storyReader, textStory, waitFor } from './outbox-harness'

let emulator: Emulator
const dirs: string[] = []

async function newDir(): Promise<string> {
  const dir = await accountDir()
  dirs.push(dir)
  return dir
}

/** What an engine killed after writing `sending` leaves: the story may or may not have reached its server. */
async function leftSending(dir: string, id: string, caption: string, createdAgoMs = 60_000): Promise<void> {
  const item = olderItemJson(id, caption, { state: 'sending' })
  const at = new Date(Date.now() - createdAgoMs).toISOString()
  await mkdir(join(dir, 'outbox', id), { recursive: true })
  await writeFile(join(dir, 'outbox', id, 'item.json'), JSON.stringify({ ...item, createdAt: at, updatedAt: at }))
}

async function publishedElsewhere(caption: string): Promise<void> {
  const response = await fetch(`${emulator.baseUrl}/stories`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ caption, background_color: '#FF0B6E4F', caption_color: '#FFFFFFFF', font_type: 'SYSTEM' }),
  })
  expect(response.ok).toBe(true)
}

beforeEach(async () => {
  emulator = await startEmulator({ groups: 3 })
})
afterEach(async () => {
  await emulator.stop()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('an unknown outcome, looked for on the server', () => {
  it('an answer lost after the server published: found among the account’s stories, recorded once as reconciled, never sent again', async () => {
    const dir = await newDir()
    emulator.control.faults.add({ type: 'reset', route: 'stories', times: 1 })
    const timers = manualTimers()
    const reader = storyReader(emulator.baseUrl, emulator.token)
    const { outbox, history } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token), new Connectivity(), timers, reader)
    await outbox.open()
    expect(await outbox.publish(textStory('Lost answer'))).toMatchObject({ state: 'unknown' })
    const [published] = emulator.control.stories.list()

    timers.fire()
    await waitFor(() => outbox.list().length === 0, 'the unknown story to be settled')
    await outbox.idle()
    expect(await history.list()).toMatchObject([{ confirmation: 'reconciled', messageId: published!.id, summary: { text: 'Lost answer' } }])
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('a story the server does not list stays unknown, says when it was looked for, and is looked for a bounded number of times', async () => {
    const dir = await newDir()
    await leftSending(dir, 'neverLeft001', 'Killed before the body left')
    const timers = manualTimers()
    const reader = storyReader(emulator.baseUrl, emulator.token)
    const { outbox } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token), new Connectivity(), timers, reader)
    await outbox.open()
    expect(outbox.list()).toMatchObject([{ state: 'unknown', lastError: { text: { key: 'storyErrors.outbox.unknownAfterStop' } } }])

    const lookups = () => emulator.control.requests.list().filter((r) => r.method === 'GET' && r.path.startsWith('/stories')).length
    for (let round = 1; round <= RECONCILE_DELAYS_MS.length + 2; round++) {
      timers.fire()
      await outbox.idle()
    }
    expect(lookups()).toBe(RECONCILE_DELAYS_MS.length)
    expect(outbox.list()).toMatchObject([{ state: 'unknown', lastError: { text: { key: 'storyErrors.outbox.unknownNotListed' } } }])
    expect(emulator.control.stories.list()).toHaveLength(0)
  })

  it('a story its history already records (the store was away when the answer came) is settled by that record, not left unknown nor sent again', async () => {
    const dir = await newDir()
    await leftSending(dir, 'recorded0001', 'Answered while the store was away')
    await publishedElsewhere('Answered while the store was away')
    const [published] = emulator.control.stories.list()
    const timers = manualTimers()
    const reader = storyReader(emulator.baseUrl, emulator.token)
    const { outbox, history } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token), new Connectivity(), timers, reader)
    const summary = (olderItemJson('recorded0001', 'Answered while the store was away') as { summary: HistoryEntry['summary'] }).summary
    const entry: HistoryEntry = {
      id: 'recorded0001',
      publishedAt: new Date().toISOString(),
      summary,
      messageId: published!.id,
      messageStatus: null,
      confirmation: 'confirmed',
    }
    await history.add(entry)
    await outbox.open()
    expect(outbox.list()).toMatchObject([{ id: 'recorded0001', state: 'unknown' }])
    timers.fire()
    await waitFor(() => outbox.list().length === 0, 'the recorded story to be settled')
    await outbox.idle()
    expect(await history.list()).toEqual([entry])
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('two unknown stories with the same words and one on the server: one settles, the other stays for the user', async () => {
    const dir = await newDir()
    await leftSending(dir, 'sameWords001', 'Same words', 120_000)
    await leftSending(dir, 'sameWords002', 'Same words', 60_000)
    await publishedElsewhere('Same words')
    const timers = manualTimers()
    const reader = storyReader(emulator.baseUrl, emulator.token)
    const { outbox, history } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token), new Connectivity(), timers, reader)
    await outbox.open()
    timers.fire()
    await waitFor(() => outbox.list().length === 1, 'one of the two to be settled')
    await outbox.idle()
    expect(outbox.list()).toMatchObject([{ id: 'sameWords002', state: 'unknown' }])
    expect(await history.list()).toMatchObject([{ id: 'sameWords001', confirmation: 'reconciled' }])
  })

  it('a story of the same words the server stamped well before the item was written is not taken for it', async () => {
    await publishedElsewhere('Posted earlier')
    const dir = await newDir()
    // The item was written two hours after the server stamped that story.
    await leftSending(dir, 'fresh00001', 'Posted earlier', -2 * 3_600_000)
    const timers = manualTimers()
    const reader = storyReader(emulator.baseUrl, emulator.token)
    const { outbox } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token), new Connectivity(), timers, reader)
    await outbox.open()
    timers.fire()
    await outbox.idle()
    expect(outbox.list()).toMatchObject([{ state: 'unknown', lastError: { text: { key: 'storyErrors.outbox.unknownNotListed' } } }])
  })
})
