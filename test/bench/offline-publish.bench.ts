/**
 * What one Publish click costs when there is no connection: the app either learns it on this
 * click (the server's port refuses the connection) or already knows it from an earlier
 * failure. Each case in a fresh outbox against a stopped emulator's address, 5 rounds; the
 * table gives medians of the time to the "queued" answer and the requests made.
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

const ROUNDS = 5

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

function story(i: number): NewStory {
  return {
    requestId: `offline-bench-${i}-${Date.now()}`,
    payload: {
      kind: 'text',
      request: { caption: `Offline ${i}`, background_color: '#FF0B6E4F', caption_color: '#FFFFFFFF', font_type: 'SYSTEM' },
    },
    summary: {
      kind: 'text',
      text: `Offline ${i}`,
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

const emulator = await startEmulator({ groups: 1 })
const { baseUrl, token } = emulator
await emulator.stop()

const rows: { case: string; ms: number[]; requests: number[]; state: string }[] = [
  { case: 'learnt on this click', ms: [], requests: [], state: '' },
  { case: 'already known offline', ms: [], requests: [], state: '' },
]
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, row] of rows.entries()) {
    const dir = await mkdtemp(join(tmpdir(), 'statusdesk-offline-bench-'))
    let requests = 0
    const client = new ApiClient({ baseUrl, token, fetch: (input, init) => (requests++, globalThis.fetch(input, init)) })
    const connectivity = new Connectivity()
    if (index === 1) connectivity.reportFailure('offline')
    const outbox = new Outbox({
      accountId: 'bench',
      accountDir: dir,
      publisher: client,
      connectivity,
      history: new HistoryStore(accountFile(dir, 'history')),
    })
    await outbox.open()
    const started = performance.now()
    const outcome = await outbox.publish(story(round))
    row.ms.push(performance.now() - started)
    row.requests.push(requests)
    row.state = outcome.state
    outbox.close()
    await rm(dir, { recursive: true, force: true })
  }
}
console.table(
  rows.map((row) => ({ case: row.case, answer: row.state, 'median ms': Math.round(median(row.ms)), requests: median(row.requests) })),
)
