/**
 * The engine at rest, by where its outbox lives: web mode from the build (as `npm run
 * start:web` runs it) with three accounts connected, left alone; its resident memory once it
 * settles, with the outbox as files (the desktop's default) and on an embedded PostgreSQL
 * (PGlite, STATUSDESK_OUTBOX=pglite: the agent's default). Measured at a restart over the
 * data folder of a first start, as an engine runs day to day: PGlite's first start makes its
 * database, and the memory that takes is never given back while that process runs (the
 * first start's figure is printed too). Rounds alternate the order; the load is recorded at
 * each start.
 *
 *   npm run bench -- engine-idle
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator, type Emulator } from '../../src-main/emulator/index'
import { WEB_SECRET_HEADER } from '../../src-shared/web-transport'
import { rawRequest } from '../support/raw-http'
import { megabytes, median } from './support/groups-bench'
import { loadLine, rssBytes, sleep } from './support/proc-figures'
import { freshBuild } from './support/renderer-builds'
import { startWebMode, type WebMode } from './support/web-mode'

const ROUNDS = 3
const ACCOUNTS = 3
/** Long enough for start-up work (sweeps, the store's jobs) to be over and the heap to settle. */
const SETTLE_MS = 15_000

type Kind = 'files' | 'pglite'

const outDir = freshBuild()
const emulators: Emulator[] = []
for (let i = 0; i < ACCOUNTS; i++) emulators.push(await startEmulator({ groups: 200 }))

async function call(web: WebMode, channel: string, arg: unknown): Promise<void> {
  const answer = await rawRequest(`${web.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { origin: web.origin, 'content-type': 'application/json', [WEB_SECRET_HEADER]: web.secret },
    body: JSON.stringify({ arg }),
  })
  if (!(JSON.parse(answer.body) as { ok: boolean }).ok) throw new Error(`${channel}: ${answer.body}`)
}

/** Idle RSS of one engine: the least of a few readings once settled (a reading mid-collection is not the rest state). */
async function settledRss(web: WebMode): Promise<number> {
  await sleep(SETTLE_MS)
  const readings: number[] = []
  for (let i = 0; i < 5; i++) {
    readings.push(rssBytes(web.pid) ?? Number.NaN)
    await sleep(600)
  }
  return Math.min(...readings)
}

async function idleRss(kind: Kind): Promise<{ first: number; rss: number; load: string }> {
  const load = loadLine()
  if (kind === 'pglite') process.env['STATUSDESK_OUTBOX'] = 'pglite'
  else delete process.env['STATUSDESK_OUTBOX']
  const dataDir = await mkdtemp(join(tmpdir(), 'statusdesk-idle-'))
  try {
    const web = await startWebMode(outDir, [], undefined, { dataDir, keep: true })
    for (const [i, emulator] of emulators.entries())
      await call(web, 'accounts:connect', { baseUrl: emulator.baseUrl, token: emulator.token, label: `Idle ${i}`, storage: 'weak' })
    const first = await settledRss(web)
    await web.stop()
    const again = await startWebMode(outDir, [], undefined, { dataDir, keep: true })
    const rss = await settledRss(again)
    await again.stop()
    return { first, rss, load }
  } finally {
    delete process.env['STATUSDESK_OUTBOX']
    await rm(dataDir, { recursive: true, force: true })
  }
}

const figures: Record<Kind, number[]> = { files: [], pglite: [] }
for (let round = 0; round < ROUNDS; round++) {
  const order: Kind[] = round % 2 === 0 ? ['files', 'pglite'] : ['pglite', 'files']
  for (const kind of order) {
    const { first, rss, load } = await idleRss(kind)
    figures[kind].push(rss)
    console.log(`round ${round + 1}, ${kind}: ${megabytes(rss)} after a restart, ${megabytes(first)} at the first start (${load})`)
  }
}
for (const emulator of emulators) await emulator.stop()

const files = median(figures.files)
const pglite = median(figures.pglite)
console.table([
  { outbox: 'files (desktop)', 'idle RSS, median': megabytes(files), rounds: figures.files.map(megabytes).join(', ') },
  { outbox: 'PGlite (agent)', 'idle RSS, median': megabytes(pglite), rounds: figures.pglite.map(megabytes).join(', ') },
  { outbox: 'PGlite − files', 'idle RSS, median': megabytes(pglite - files), rounds: '' },
])
