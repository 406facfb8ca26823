/**
 * What the outbox's durability costs per story: publishing text stories straight through the
 * ApiClient (baseline) versus through the Outbox, which writes the item to disk (temp file,
 * fsync, rename) as queued and as sending before the request, then as sent, records history
 * and removes the folder. Both against the same local emulator, interleaved in rounds so
 * the two see the same machine; the table gives medians and the ratio to the baseline.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator } from '../../src-main/emulator'
import { ApiClient } from '../../src-main/platform/api'
import { Connectivity } from '../../src-main/platform/net/connectivity'
import { HistoryStore } from '../../src-main/features/stories/history/history-store'
import { Outbox, type NewStory } from '../../src-main/features/stories/outbox/outbox'
import { accountFile } from '../support/declared-files'

const STORIES_PER_ROUND = 20
const ROUNDS = 5

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const request = (i: number) => ({
  caption: `Bench story ${i}`,
  background_color: '#FF0B6E4F',
  caption_color: '#FFFFFFFF',
  font_type: 'SYSTEM' as const,
})

function story(i: number): NewStory {
  return {
    requestId: `bench-${i}-${Date.now()}`,
    payload: { kind: 'text', request: request(i) },
    summary: {
      kind: 'text',
      text: `Bench story ${i}`,
      thumbnail: null,
      background: '#FF0B6E4F',
      color: '#FFFFFFFF',
      font: 'SYSTEM',
      audience: { mode: 'everyone', count: null, excluded: 0 },
      mediaBytes: null,
    },
    mediaSource: null,
  }
}

const emulator = await startEmulator({ groups: 1, maxStoredStories: 10 })
const dir = await mkdtemp(join(tmpdir(), 'statusdesk-bench-outbox-'))
try {
  const client = new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch })
  const outbox = new Outbox({
    accountId: 'bench',
    accountDir: dir,
    publisher: client,
    connectivity: new Connectivity(),
    history: new HistoryStore(accountFile(dir, 'history')),
  })
  await outbox.open()
  const direct: number[] = []
  const durable: number[] = []
  let n = 0
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < STORIES_PER_ROUND; i++) {
      let started = performance.now()
      await client.publishStory(request(n++))
      direct.push(performance.now() - started)
      started = performance.now()
      const outcome = await outbox.publish(story(n++))
      durable.push(performance.now() - started)
      if (outcome.state !== 'sent') throw new Error(`bench story not sent: ${outcome.state}`)
    }
  }
  outbox.close()
  const base = median(direct)
  console.table([
    { path: 'ApiClient.publishStory (baseline)', stories: direct.length, 'median ms': base.toFixed(2), ratio: '1.00' },
    {
      path: 'Outbox.publish (3 item writes, history write)',
      stories: durable.length,
      'median ms': median(durable).toFixed(2),
      ratio: (median(durable) / base).toFixed(2),
    },
  ])
} finally {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
}
