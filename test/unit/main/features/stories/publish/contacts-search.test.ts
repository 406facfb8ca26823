import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Emulator } from '../../../../../../src-main/emulator'
import { SnapshotStore } from '../../../../../../src-main/features/groups/cache'
import { GroupsService } from '../../../../../../src-main/features/groups/sync'
import { ContactsSearch } from '../../../../../../src-main/features/stories/publish/contacts-search'
import { forEachRecord } from '../../../../../../src-main/features/groups/cache/records-on-disk'
import { SnapshotReader } from '../../../../../../src-main/features/groups/cache'
import { DirectoryBuilder, ReferenceContactsSearch } from '../../../../../support/directory-reference'
import { referenceSearch, savedSnapshot } from '../../groups/participants/support'
import { ParticipantIndex } from '../../../../../../src-main/features/groups/participants'
import {
  clientFor,
  recordingHub,
  session,
  startTestEmulator,
  switchableAccounts,
  tempDir,
  captureLogger,
  SELF_PHONE,
} from '../../groups/sync/support'
import { pictureNet } from '../../../../../support/picture-net'

/** Queries a user could type: empty, numbers typed every way, group words in any case, several words, nonsense. */
function queriesFor(reference: ReferenceContactsSearch): string[] {
  const everyone = reference.search('', 100_000).contacts
  const queries = new Set(['', ' ', 'a', 'e', 'o', '1', '55', '555', '+1', '(555)', 'zzzz', 'no such group anywhere', '.', '-', '+'])
  for (let i = 0; i < everyone.length; i += Math.max(1, Math.floor(everyone.length / 40))) {
    const { id, groups } = everyone[i]!
    queries.add(id)
    queries.add(id.slice(0, 4))
    queries.add(id.slice(3, 9))
    queries.add(`+${id.slice(0, 1)} (${id.slice(1, 4)}) ${id.slice(4, 7)}-${id.slice(7)}`)
    for (const name of groups) {
      const words = name.split(/\s+/).filter(Boolean)
      for (const word of words.slice(0, 2)) {
        queries.add(word)
        queries.add(word.toUpperCase())
        queries.add(word.slice(1, 4))
        queries.add(word.normalize('NFD').replace(/\p{M}/gu, ''))
      }
      if (words.length > 1) queries.add(`${words[1]} ${words[0]}`)
      queries.add(`${id.slice(-3)} ${words[0] ?? ''}`)
      queries.add(name)
    }
  }
  return [...queries]
}

async function expectSameAnswers(search: ContactsSearch, reference: ReferenceContactsSearch): Promise<number> {
  const queries = queriesFor(reference)
  for (const query of queries) {
    for (const limit of [1, 30, 100_000]) {
      expect({ query, limit, page: await search.search('acc', query, limit) }).toEqual({
        query,
        limit,
        page: reference.search(query, limit),
      })
    }
  }
  return queries.length
}

let dir: { path: string; remove(): Promise<void> }
beforeEach(async () => {
  dir = await tempDir('statusdesk-contacts-')
})
afterEach(async () => {
  await dir.remove()
})

describe('ContactsSearch over the participants index gives what the in-memory directory gave', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startTestEmulator({ groups: 1_500, seed: 3 })
  }, 60_000)
  afterAll(async () => {
    await emulator.stop()
  })

  it('for an emulator account synced the way the app syncs, over hundreds of queries', async () => {
    const service = new GroupsService({
      workspaces: switchableAccounts(session('acc', dir.path, clientFor(emulator), emulator.baseUrl)),
      events: recordingHub(),
      log: captureLogger(),
      settings: () => ({ intervalMinutes: 0, concurrency: 4, downloadPictures: false }),
      fetchFor: () => pictureNet(),
    })
    try {
      await service.sync('acc')
      // The old way: every record of the saved snapshot read in file order, as the directory used to be built.
      const store = new SnapshotStore({ dir: dir.path, accountId: 'acc' })
      const loaded = await store.load({ visit: () => undefined })
      if (loaded.status !== 'loaded' || !loaded.snapshot.layout) throw new Error('no snapshot')
      const reader = await SnapshotReader.open(store.path)
      const builder = new DirectoryBuilder(SELF_PHONE)
      await forEachRecord({ reader, layout: loaded.snapshot.layout, fingerprints: loaded.snapshot.fingerprints }, (record) =>
        builder.addRecord(record),
      )
      await reader.retire()
      const reference = new ReferenceContactsSearch(builder.entries())
      expect(reference.size).toBeGreaterThan(1_000)

      const search = new ContactsSearch((accountId) => service.participants(accountId))
      expect(await expectSameAnswers(search, reference)).toBeGreaterThan(200)
    } finally {
      await service.dispose()
    }
  }, 120_000)
})

describe('ContactsSearch over awkward names and ids', () => {
  it('folds accents, case, final sigma and full-width letters as before; never matches across a name’s line break into its description', async () => {
    const people = (...ids: string[]) => ids.map((id) => ({ id }))
    const records = [
      {
        id: 'g1@g.us',
        name: 'Café Noël',
        description: 'secret',
        participants: people('15550100002', '15550100003'),
      },
      { id: 'g2@g.us', name: 'ΟΔΟΣ ΣΟΦΙΑΣ', participants: people('15550100002', '15550100004') },
      {
        id: 'g3@g.us',
        name: 'Line one\nline two',
        description: 'hidden words',
        participants: people('15550100005'),
      },
      { id: 'g4@g.us', name: 'ＣＡＦＥ 2024', participants: people('15550100006', '15550100002') },
      {
        id: 'g5@g.us',
        name: 'İstanbul',
        participants: people('+1 555 0100 007@s.whatsapp.net', '15550100007@s.whatsapp.net', '15550100003'),
      },
      {
        id: 'g6@g.us',
        name: '',
        participants: people('15550100008', 'lid-person@lid', '15550100009@lid'),
      },
      { id: 'g7@g.us', name: 'Tab\there', participants: people('15550100010') },
    ]
    const snapshot = await savedSnapshot(dir.path, records)
    const index = new ParticipantIndex({ dir: dir.path, accountId: 'acc', log: captureLogger() })
    index.use(snapshot, { build: false })
    try {
      const search = new ContactsSearch(() => index.participants())
      const reference = await referenceSearch(snapshot)
      const queries = [
        'cafe',
        'CAFÉ',
        'noel',
        'οδοσ',
        'οδος',
        'σοφιασ',
        'two',
        'line',
        'one line',
        'hidden',
        'secret',
        '2024',
        '0100',
        'istanbul',
        'tab',
        'here',
        '15550100007',
        '+1 555 0100 007',
        'lid',
        'person',
        '',
        'ｃａｆｅ',
        'e n',
      ]
      for (const query of queries)
        for (const limit of [1, 100])
          expect({ query, page: await search.search('acc', query, limit) }).toEqual({
            query,
            page: reference.search(query, limit),
          })
      expect((await search.search('acc', 'hidden', 10)).matching).toBe(0)
      expect((await search.search('acc', 'two', 10)).contacts.map((c) => c.id)).toEqual(['15550100005'])
    } finally {
      await index.dispose()
      await snapshot.records.reader.retire()
    }
  }, 30_000)
})
