import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseContactsPage, type Contact } from '@shared/domain'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import { ApiClient } from '../../../../../../src-main/platform/api'
import { fetchAllContacts, type ContactsSource } from '../../../../../../src-main/features/stories/feed/fetch-contacts'
import { StoryFeedService } from '../../../../../../src-main/features/stories/feed/story-feed-service'
import { workspacesWith } from '../../../../../support/workspaces'

let emulator: Emulator
let dir: string
let now: number

const client = () =>
  new ApiClient({
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    fetch: globalThis.fetch,
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 2 },
  })

function feedService() {
  const session = { id: 'acc1', baseUrl: emulator.baseUrl, isDemo: false, dir, client: client() }
  return new StoryFeedService({
    workspaces: workspacesWith(session),
    groups: async () => [],
    history: async () => [],
    now: () => now,
    viewsIntervalMs: 1,
  })
}

async function phoneStory(caption: string): Promise<string> {
  const res = await fetch(`${emulator.baseUrl}/__emulator/phone-story`, {
    method: 'POST',
    body: JSON.stringify({ caption }),
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
  })
  return ((await res.json()) as { story: { id: string } }).story.id
}

const contactsAsked = () => emulator.control.requests.list().filter((r) => r.route === 'contacts').length

beforeEach(async () => {
  now = Date.parse('2026-01-10T12:00:00Z')
  emulator = await startEmulator({ groups: 20, now: () => now, viewerEveryMs: 60_000 })
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-contacts-'))
})
afterEach(async () => {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('viewers named from the account’s contacts', () => {
  it('a viewer in the contact book shows the name saved there; one only in groups keeps no name', async () => {
    const id = await phoneStory('Who saw it?')
    const feed = feedService()
    await feed.sync('acc1')
    now += 40 * 60_000
    const viewers = (await feed.views('acc1', id, true))!.viewers
    expect(viewers).toHaveLength(40)

    const book = new Map<string, Contact>()
    for (const contact of (await fetchAllContacts(client())).contacts) book.set(contact.id.replace(/@.*$/, ''), contact)
    const inBook = viewers.filter((v) => book.has(v.id))
    expect(inBook.length).toBeGreaterThan(0)
    expect(inBook.length).toBeLessThan(viewers.length)
    for (const viewer of inBook) {
      const contact = book.get(viewer.id)!
      expect(viewer.name).toBe(contact.name || contact.pushname)
    }
    for (const viewer of viewers.filter((v) => !book.has(v.id))) expect(viewer.name).toBeNull()
  })

  it('reads the contacts once per six hours of syncs, not at every sync', async () => {
    const feed = feedService()
    await feed.sync('acc1')
    const first = contactsAsked()
    expect(first).toBeGreaterThan(1) // more than one page of 500
    now += 60 * 60_000
    await feed.sync('acc1')
    expect(contactsAsked()).toBe(first)
    now += 6 * 60 * 60_000
    await feed.sync('acc1')
    expect(contactsAsked()).toBe(2 * first)
  })

  it('a server without GET /contacts (404) is remembered for a day, and the stories sync still succeeds', async () => {
    emulator.control.faults.add({ type: 'status', status: 404, route: 'contacts' })
    const feed = feedService()
    const state = await feed.sync('acc1')
    expect(state.lastError).toBeNull()
    expect(contactsAsked()).toBe(1)
    now += 12 * 60 * 60_000
    await feed.sync('acc1')
    expect(contactsAsked()).toBe(1)
    now += 13 * 60 * 60_000
    await feed.sync('acc1')
    expect(contactsAsked()).toBe(2)
  })

  it('a server that fails the contacts read leaves the sync successful and asks again next time', async () => {
    emulator.control.faults.add({ type: 'status', status: 500, route: 'contacts', times: 1 })
    const feed = feedService()
    expect((await feed.sync('acc1')).lastError).toBeNull()
    const after = contactsAsked()
    await feed.sync('acc1')
    expect(contactsAsked()).toBeGreaterThan(after)
  })

  it('a corrupt contacts file is set aside and read again from the server', async () => {
    await writeFile(join(dir, 'contacts.json'), '{"version":1,"names":{"12')
    const feed = feedService()
    await feed.sync('acc1')
    expect(contactsAsked()).toBeGreaterThan(0)
    const files = await readdir(dir)
    expect(files).toContain('contacts.json')
    expect(files.some((f) => f.startsWith('contacts.json.') && f !== 'contacts.json')).toBe(true)
  })
})

describe('contacts from a hostile or broken server', () => {
  const contact = (n: number): Contact => ({ id: `${4_470_000_000 + n}@s.whatsapp.net`, name: `P${n}` })

  it('stops on a server that ignores offset, and at the page bound on one that never ends', async () => {
    const same: ContactsSource = { listContacts: async () => ({ contacts: [contact(1), contact(2)], rejected: [] }) }
    // A short page ends it at once; a full page repeated is caught by "no new id".
    expect(await fetchAllContacts(same)).toMatchObject({ requests: 1, truncated: false })
    let calls = 0
    const endless: ContactsSource = {
      listContacts: async ({ count, offset }) => {
        calls++
        return { contacts: Array.from({ length: count }, (_, i) => contact(offset + i)), rejected: [] }
      },
    }
    const cut = await fetchAllContacts(endless, { maxPages: 4 })
    expect(cut).toMatchObject({ requests: 4, truncated: true })
    expect(calls).toBe(4)
    const repeating: ContactsSource = {
      listContacts: async ({ count }) => ({ contacts: Array.from({ length: count }, (_, i) => contact(i)), rejected: [] }),
    }
    expect(await fetchAllContacts(repeating)).toMatchObject({ requests: 2, truncated: false })
  })

  it('sets a malformed contact aside and keeps the rest; a malformed envelope fails the page', () => {
    const page = parseContactsPage({
      contacts: [{ id: '447700900001@s.whatsapp.net', name: 'Ana' }, { id: 7, name: 'x' }, { id: '447700900002@s.whatsapp.net' }],
      count: 3,
      total: 3,
      offset: 0,
    })
    expect(page.success).toBe(true)
    if (!page.success) return
    expect(page.data.contacts.map((c) => c.name)).toEqual(['Ana'])
    expect(page.data.rejected.map((r) => r.path)).toEqual(['contacts[1].id', 'contacts[2].name'])
    expect(parseContactsPage({ contacts: 'none' }).success).toBe(false)
  })
})
