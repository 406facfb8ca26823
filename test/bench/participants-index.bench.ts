/**
 * The audience picker's people at a big account, the old way and the new, in one run:
 *   - old: every group record read from the snapshot and parsed on the main thread, a
 *     DirectoryBuilder object per person and the ContactsSearch haystack string per contact,
 *     all held in main's heap;
 *   - new: the participants index built into its file by a worker thread, then loaded into
 *     main as typed arrays and searched there.
 * For each: heap and ArrayBuffer memory main holds afterwards, the longest stall of main's
 * event loop while the people are gathered, the time to the first search's answer (from
 * nothing at all), the median of 20 searches, and for the new way the file's size and the
 * first answer when the file is already there (a later start).
 * BENCH_GROUPS (default 50,000) sets the account; it is synced from the emulator first. The
 * emulator draws participants from a pool of a few thousand people, so its accounts have
 * far fewer distinct people than real big ones: the old way's heap grows with people.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { SnapshotStore } from '../../src-main/features/groups/cache'
import { silentLogger } from '../../src-main/platform/log/log'
import { PARTICIPANTS_FILE, ParticipantIndex, type ParticipantsSnapshot } from '../../src-main/features/groups/participants'
import { ContactsSearch } from '../../src-main/features/stories/publish/contacts-search'
import { forEachRecord } from '../../src-main/features/groups/cache'
import { DirectoryBuilder, ReferenceContactsSearch } from '../support/directory-reference'
import { BENCH_ACCOUNT, benchAccount, benchGroupsService, median, megabytes, millis, settled, stallWatch } from './support/groups-bench'

const GROUPS = Number(process.env['BENCH_GROUPS'] ?? 50_000)
const SEARCHES = 20

/** What main holds of the synced snapshot, as the app does after a start from its index. */
async function heldSnapshot(dir: string): Promise<ParticipantsSnapshot> {
  const store = new SnapshotStore({ dir, accountId: 'bench' })
  const index = await store.loadIndex()
  if (!index) throw new Error('no groups index after the sync')
  return {
    path: store.path,
    meta: index.meta,
    columns: index.columns,
    records: {
      reader: await store.openReader(),
      layout: index.layout,
      fingerprints: index.fingerprints,
    },
  }
}

/** Twenty searches a user could type: numbers (whole, partial, punctuated), group words, two words. */
function queriesFrom(reference: ReferenceContactsSearch): string[] {
  const people = reference.search('', 200).contacts
  const words = people.flatMap((p) => p.groups.flatMap((g) => g.split(/\s+/))).filter((w) => w.length > 3)
  const pick = <T>(list: T[], i: number): T => list[(i * 37) % list.length] as T
  return [
    '',
    pick(people, 1).id,
    pick(people, 2).id.slice(0, 5),
    `+${pick(people, 3).id.slice(0, 1)} ${pick(people, 3).id.slice(1, 4)}-${pick(people, 3).id.slice(4)}`,
    '555',
    '9',
    pick(words, 1),
    pick(words, 2).toUpperCase(),
    pick(words, 3).slice(0, 3),
    `${pick(words, 4)} ${pick(words, 5)}`,
    'a',
    'e',
    'class',
    'team',
    'zzzz',
    pick(people, 6).id.slice(-4),
    `${pick(words, 7)} ${pick(people, 7).id.slice(2, 5)}`,
    pick(words, 8),
    'family',
    'sales emea',
  ].slice(0, SEARCHES)
}

interface Figures {
  heap: number
  buffers: number
  stallMs: number
  /** Time main's event loop was busy from the request to the first answer. */
  busyMs: number
  firstAnswerMs: number
  medianMs: number
  fileBytes: number | null
  laterStartMs: number | null
}

const dir = await mkdtemp(join(tmpdir(), 'statusdesk-people-bench-'))
const { emulator, client } = await benchAccount(GROUPS, 0)
const queries: string[] = []
const old: Figures = {
  heap: 0,
  buffers: 0,
  stallMs: 0,
  busyMs: 0,
  firstAnswerMs: 0,
  medianMs: 0,
  fileBytes: null,
  laterStartMs: null,
}
const fresh: Figures = { ...old }
try {
  {
    // The bench builds the file itself, below.
    const service = benchGroupsService(emulator, client, dir, {
      participantsTimings: { buildDelayMs: 3_600_000 },
    })
    const synced = await service.sync(BENCH_ACCOUNT)
    if (synced.total !== GROUPS) throw new Error(`the sync saved ${synced.total} groups`)
    await service.dispose()
  }
  const snapshot = await heldSnapshot(dir)

  // The old way: everyone built on main from every record, then searched as strings.
  {
    const before = await settled()
    const watch = stallWatch()
    const busy = performance.eventLoopUtilization()
    const started = performance.now()
    const builder = new DirectoryBuilder(snapshot.columns.selfId)
    await forEachRecord(snapshot.records, (record) => builder.addRecord(record))
    // Both were held: the directory (by the account's groups) and the search's index of it.
    const entries = builder.entries()
    const reference = new ReferenceContactsSearch(entries)
    reference.search('', 30)
    old.firstAnswerMs = performance.now() - started
    old.stallMs = watch.stop().longestMs
    old.busyMs = performance.eventLoopUtilization(busy).active
    queries.push(...queriesFrom(reference))
    const times = queries.map((query) => {
      const at = performance.now()
      reference.search(query, 30)
      return performance.now() - at
    })
    old.medianMs = median(times)
    const after = await settled()
    old.heap = after.heapUsed - before.heapUsed
    old.buffers = after.arrayBuffers - before.arrayBuffers
    // Held until measured, like main held it.
    if (reference.size === 0 || entries.length === 0) throw new Error('nobody in the old directory')
  }

  // The new way: built by a worker into the file, loaded as typed arrays, searched in place.
  {
    const before = await settled()
    const index = new ParticipantIndex({
      dir,
      accountId: 'bench',
      log: silentLogger,
      buildWaitMs: 600_000,
    })
    index.use(snapshot, { build: false })
    const search = new ContactsSearch(() => index.participants())
    const watch = stallWatch()
    const busy = performance.eventLoopUtilization()
    const started = performance.now()
    await search.search(BENCH_ACCOUNT, '', 30)
    fresh.firstAnswerMs = performance.now() - started
    fresh.stallMs = watch.stop().longestMs
    fresh.busyMs = performance.eventLoopUtilization(busy).active
    const times: number[] = []
    for (const query of queries) {
      const at = performance.now()
      await search.search(BENCH_ACCOUNT, query, 30)
      times.push(performance.now() - at)
    }
    fresh.medianMs = median(times)
    const after = await settled()
    if (!index.held) throw new Error('the index was let go during the bench')
    fresh.heap = after.heapUsed - before.heapUsed
    fresh.buffers = after.arrayBuffers - before.arrayBuffers
    fresh.fileBytes = (await stat(join(dir, PARTICIPANTS_FILE))).size
    await index.dispose()

    const later = new ParticipantIndex({ dir, accountId: 'bench', log: silentLogger })
    later.use(snapshot, { build: false })
    const at = performance.now()
    await new ContactsSearch(() => later.participants()).search(BENCH_ACCOUNT, '', 30)
    fresh.laterStartMs = performance.now() - at
    await later.dispose()
  }
  await snapshot.records.reader.retire()
} finally {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
}

console.log(`\nAudience picker people: ${GROUPS.toLocaleString('en')} emulator groups, ${SEARCHES} searches`)
const row = (figure: string, a: string, b: string) => ({
  figure,
  'old (main thread, objects)': a,
  'new (worker, file, typed arrays)': b,
})
console.table([
  row('main heap held while the picker is used (after GC)', megabytes(old.heap), megabytes(fresh.heap)),
  row('ArrayBuffers held while the picker is used', megabytes(old.buffers), megabytes(fresh.buffers)),
  row('longest main event-loop stall while building', millis(old.stallMs), millis(fresh.stallMs)),
  row('main thread busy until the first answer (event-loop active time)', millis(old.busyMs), millis(fresh.busyMs)),
  row('first search answer, from nothing', millis(old.firstAnswerMs), millis(fresh.firstAnswerMs)),
  row('first search answer, file already built (later start)', '(same as above)', millis(fresh.laterStartMs ?? 0)),
  row(`median of ${SEARCHES} searches (limit 30)`, millis(old.medianMs), millis(fresh.medianMs)),
  row('participants index file on disk', '(none)', megabytes(fresh.fileBytes ?? 0)),
])
