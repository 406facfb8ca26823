import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { ApiClient } from '../../../../../src-main/services/api'
import { participantsDirectory, type DirectoryEntry } from '../../../../../src-main/services/groups-index'
import { ContactsSearch } from '../../../../../src-main/services/stories/contacts-search'

let emulator: Emulator
let directory: DirectoryEntry[]

beforeAll(async () => {
  emulator = await startEmulator({ groups: 40, seed: 3 })
  const client = new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch })
  const page = await client.listGroups({ count: 40, offset: 0 })
  directory = participantsDirectory(page.groups, '15550100001')
})
afterAll(async () => {
  await emulator.stop()
})

describe('ContactsSearch over the cached groups’ participants', () => {
  it('lists each person once, in the form a story audience takes, with the groups they are in', async () => {
    const search = new ContactsSearch(async () => directory)
    const page = await search.search('', 500)
    const ids = page.contacts.map((c) => c.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(page.total).toBe(directory.length)
    expect(ids.every((id) => /^\d{7,15}$/.test(id))).toBe(true)
    expect(ids).not.toContain('15550100001')
    const shared = page.contacts.find((c) => c.groupCount > 1)
    expect(shared?.groups.length).toBeGreaterThan(1)
  })

  it('finds by digits however they are typed, and by group name', async () => {
    const search = new ContactsSearch(async () => directory)
    const someone = directory[0]!
    const typed = `+${someone.number!.slice(0, 3)} ${someone.number!.slice(3, 7)}`
    expect((await search.search(typed, 50)).contacts.map((c) => c.id)).toContain(someone.number)
    const group = someone.sampleGroups[0]!
    const byGroup = await search.search(group.toUpperCase(), 500)
    expect(byGroup.contacts.map((c) => c.id)).toContain(someone.number)
    expect(byGroup.matching).toBeLessThan(directory.length)
    expect((await search.search('no such group anywhere', 10)).matching).toBe(0)
  })

  it('merges the same person listed under a phone id and its @s.whatsapp.net form, and leaves out @lid ids (not phone numbers)', async () => {
    const search = new ContactsSearch(async () => [
      { id: '15550100002', number: '15550100002', groups: 2, sampleGroups: ['A', 'B'] },
      { id: '15550100002@s.whatsapp.net', number: null, groups: 1, sampleGroups: ['C'] },
      { id: '123456789012@lid', number: null, groups: 1, sampleGroups: ['D'] },
      { id: 'not-a-contact', number: null, groups: 1, sampleGroups: ['E'] },
    ])
    expect((await search.search('', 10)).contacts.map((c) => c.id)).toEqual(['15550100002'])
  })
})
