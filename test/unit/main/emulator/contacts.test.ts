import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emulator } from '../../../../src-main/emulator/index'
import { specErrors } from '../../../support/emulator-openapi'
import { bearer, call, start } from './helpers'

describe('GET /contacts', () => {
  let emulator: Emulator
  const contacts = (query: string) => call(`${emulator.baseUrl}/contacts?${query}`, { headers: bearer(emulator.token) })

  beforeAll(async () => {
    emulator = await start({ groups: 50 })
  })
  afterAll(() => emulator.stop())

  it('pages the account’s contacts as the contract says (ContactsList), to the end', async () => {
    const first = await contacts('count=500&offset=0')
    expect(first.status).toBe(200)
    expect(specErrors('ContactsList', first.body)).toEqual([])
    const body = first.body as { contacts: { id: string; name: string; pushname: string; saved: boolean }[]; total: number }
    expect(body.total).toBeGreaterThan(1000)
    expect(body.contacts).toHaveLength(500)
    // Saved contacts carry the book's name; unsaved ones only the person's own.
    expect(body.contacts.some((c) => c.saved && c.name.length > 0)).toBe(true)
    expect(body.contacts.some((c) => !c.saved && c.name === '' && c.pushname.length > 0)).toBe(true)
    const ids = new Set<string>()
    for (let offset = 0; offset < body.total; offset += 500) {
      const page = (await contacts(`count=500&offset=${offset}`)).body as { contacts: { id: string }[] }
      for (const contact of page.contacts) ids.add(contact.id)
    }
    expect(ids.size).toBe(body.total)
    const past = (await contacts(`count=500&offset=${body.total}`)).body as { contacts: unknown[]; count: number }
    expect(past).toMatchObject({ contacts: [], count: 0 })
  })

  it('answers the same contacts on every start with the same seed', async () => {
    const again = await start({ groups: 50 })
    try {
      const a = await contacts('count=20')
      const b = await call(`${again.baseUrl}/contacts?count=20`, { headers: bearer(again.token) })
      const ids = (reply: typeof a) => (reply.body as { contacts: { id: string; name: string }[] }).contacts.map((c) => [c.id, c.name])
      expect(ids(b)).toEqual(ids(a))
    } finally {
      await again.stop()
    }
  })

  it('refuses a count outside 1..500 and a missing token like every route (ResponseError)', async () => {
    for (const reply of [await contacts('count=0'), await contacts('count=501'), await call(`${emulator.baseUrl}/contacts`)]) {
      expect(reply.status).toBeGreaterThanOrEqual(400)
      expect(specErrors('ResponseError', reply.body)).toEqual([])
    }
  })
})
