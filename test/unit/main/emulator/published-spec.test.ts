/**
 * An optional check, and the one suite that may read outside the repository. Where the
 * provider's full published OpenAPI spec is present (the optional ../shared/reference/openapi.yaml
 * beside the checkout, or the file named by STATUSDESK_PUBLISHED_SPEC), it checks that the
 * project's own contract states the same facts and that the emulator's answers validate against
 * the published spec too. Everywhere else it says that it skipped and why; every other test
 * uses docs/openapi.yaml alone.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emulator } from '../../../../src-main/emulator/index'
import { CONTRACT_PATH, type SpecValidator, specValidator } from '../../../support/emulator-openapi'
import { call, getGroups, postStory, start } from './helpers'

const PUBLISHED =
  process.env['STATUSDESK_PUBLISHED_SPEC'] ?? fileURLToPath(new URL('../../../../../shared/reference/openapi.yaml', import.meta.url)) // optional: skipped when absent
const found = existsSync(PUBLISHED)

if (!found) {
  console.warn(
    `published-spec: skipped, no provider spec at ${PUBLISHED} (the project's own docs/openapi.yaml is checked by the other suites)`,
  )
}

type Node = Record<string, unknown>

/** The facts of a schema: examples and vendor extensions are not facts. */
function facts(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(facts)
  if (typeof node !== 'object' || node === null) return node
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'example' && !key.startsWith('x-'))
      .map(([key, value]) => [key, facts(value)]),
  )
}

const operation = (spec: Node, path: string, method: string): Node => ((spec.paths as Node)[path] as Node)[method] as Node

describe.skipIf(!found)(`the provider's published spec (${PUBLISHED})`, () => {
  let published: SpecValidator
  let own: SpecValidator
  let emulator: Emulator

  beforeAll(async () => {
    published = specValidator(PUBLISHED)
    own = specValidator(CONTRACT_PATH)
    emulator = await start({ groups: 600, maxBodyBytes: 64 * 1024 })
  })
  afterAll(() => emulator.stop())

  it('states the same facts as the project contract for every schema the contract declares', () => {
    const ownSchemas = (own.spec.components as Node).schemas as Node
    expect(Object.keys(ownSchemas).length).toBeGreaterThan(50)
    for (const name of Object.keys(ownSchemas)) {
      const mine = structuredClone(facts(own.rawSchema(name))) as Node
      // The contract declares the `time` member the published MediaFile requires but forgets.
      if (name === 'MediaFile') delete (mine.properties as Node).time
      // ...and leaves out the `result` member the published ResponseSuccess requires but never declares.
      if (name === 'ResponseSuccess') mine.required = ['result']
      expect(mine, name).toEqual(facts(published.rawSchema(name)))
    }
  })

  it('has every parameter and status code the published operations list', () => {
    for (const [path, method] of [
      ['/groups', 'get'],
      ['/stories', 'post'],
      ['/contacts', 'get'],
    ] as const) {
      const theirs = operation(published.spec, path, method)
      const mine = operation(own.spec, path, method)
      expect(mine.parameters, `${method} ${path}`).toEqual(theirs.parameters)
      expect(Object.keys(mine.responses as Node)).toEqual(expect.arrayContaining(Object.keys(theirs.responses as Node)))
    }
  })

  it('validates the emulator pages of groups (GroupsList)', async () => {
    for (const query of ['count=500&offset=0', 'count=100&offset=500', 'count=1']) {
      const reply = await getGroups(emulator, query)
      expect(reply.status).toBe(200)
      expect(published.specErrors('GroupsList', reply.body)).toEqual([])
    }
  })

  it('validates the emulator pages of contacts (ContactsList)', async () => {
    const reply = await call(`${emulator.baseUrl}/contacts?count=500`, { headers: { authorization: `Bearer ${emulator.token}` } })
    expect(reply.status).toBe(200)
    expect(published.specErrors('ContactsList', reply.body)).toEqual([])
  })

  it('validates the emulator answers to stories (SentMessage) and its errors (ResponseError)', async () => {
    const text = await postStory(emulator, {
      caption: 'Hello',
      background_color: '#FF1E88E5',
      caption_color: '#FFFFFFFF',
      font_type: 'SYSTEM_BOLD',
    })
    expect(text.status).toBe(200)
    expect(published.specErrors('SentMessage', text.body)).toEqual([])

    const refused = [
      await postStory(emulator, { caption: 'no colours', font_type: 'NOT_A_FONT' }),
      await postStory(emulator, { media: `data:image/jpeg;base64,${'A'.repeat(100_000)}`, mime_type: 'image/jpeg' }),
      await getGroups(emulator, 'count=0'),
      await call(`${emulator.baseUrl}/groups`),
    ]
    for (const reply of refused) {
      expect(reply.status).toBeGreaterThanOrEqual(400)
      expect(published.specErrors('ResponseError', reply.body)).toEqual([])
    }
  })
})
