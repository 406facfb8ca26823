import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GroupsQuerySchema } from '@shared/channels/groups'
import type { Emulator } from '../../../../../../src-main/emulator'
import { GROUPS_INDEX_FILE, SNAPSHOT_FILE } from '../../../../../../src-main/features/groups/cache'
import { GroupsService } from '../../../../../../src-main/features/groups/sync'
import { captureLogger, clientFor, recordingHub, session, startTestEmulator, switchableAccounts, tempDir } from './support'
import { pictureNet } from '../../../../../support/picture-net'

/**
 * A server that knows CRC-32 can send, for a group it sent before, other bytes with the same
 * CRC-32: four bytes chosen, or here a run of letters each `a` or `c`, solved for as the
 * linear system CRC-32 is. The shortcut for records that did not change must not take them
 * for the record it already has.
 */

let emulator: Emulator
let dir: { path: string; remove(): Promise<void> }
const services: GroupsService[] = []

beforeAll(async () => {
  emulator = await startTestEmulator({ groups: 40 })
})
afterAll(async () => {
  await emulator.stop()
})
beforeEach(async () => {
  dir = await tempDir('statusdesk-forged-')
})
afterEach(async () => {
  for (const service of services.splice(0)) await service.dispose()
  await dir.remove()
})

/** `template` with its `x`s made `a` or `c` so that its CRC-32 is `target`; null when no choice of them gets there. */
function forgeCrc(template: string, target: number): string | null {
  const base = Buffer.from(template.replaceAll('x', 'a'))
  const spots = [...template.matchAll(/x/g)].map((match) => Buffer.byteLength(template.slice(0, match.index)))
  const start = crc32(base)
  // Each spot flipped from `a` to `c` changes the CRC by a fixed 32-bit vector (same length, so linear).
  const effects = spots.map((at) => {
    const flipped = Buffer.from(base)
    flipped[at] = 0x63
    return (crc32(flipped) ^ start) >>> 0
  })
  // Gaussian elimination over GF(2): each row is an effect and the set of spots that make it.
  const rows = effects.map((effect, k) => ({ effect, spots: 1n << BigInt(k) }))
  const pivots: { bit: number; row: { effect: number; spots: bigint } }[] = []
  for (let bit = 31; bit >= 0; bit--) {
    const index = rows.findIndex((row) => ((row.effect >>> bit) & 1) === 1)
    if (index < 0) continue
    const [row] = rows.splice(index, 1)
    for (const other of [...rows, ...pivots.map((p) => p.row)])
      if (((other.effect >>> bit) & 1) === 1) {
        other.effect = (other.effect ^ row!.effect) >>> 0
        other.spots ^= row!.spots
      }
    pivots.push({ bit, row: row! })
  }
  let want = (target ^ start) >>> 0
  let chosen = 0n
  for (const { bit, row } of pivots)
    if (((want >>> bit) & 1) === 1) {
      want = (want ^ row.effect) >>> 0
      chosen ^= row.spots
    }
  if (want !== 0) return null
  const forged = Buffer.from(base)
  spots.forEach((at, k) => {
    if ((chosen >> BigInt(k)) & 1n) forged[at] = 0x63
  })
  return forged.toString('utf8')
}

/** The service, its client's fetch rewriting each groups page the server sends with `rewrite`. */
function build(rewrite: (body: string) => string = (body) => body) {
  const hostile: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    if (!String(input).includes('/groups')) return response
    const body = rewrite(await response.text())
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    return new Response(body, { status: response.status, headers })
  }
  const client = clientFor(emulator, { fetch: hostile })
  const service = new GroupsService({
    workspaces: switchableAccounts(session('acc', dir.path, client, emulator.baseUrl)),
    events: recordingHub(),
    log: captureLogger(),
    settings: () => ({ intervalMinutes: 0, concurrency: 2, downloadPictures: false }),
    fetchFor: () => pictureNet(),
  })
  services.push(service)
  return service
}

const allRows = async (service: GroupsService) => (await service.query('acc', { ...GroupsQuerySchema.parse({}), limit: 200 })).rows

/** The first record of every page the emulator sends for `id`, as a hostile server would replace it. */
function replacing(id: string, forge: (record: string) => string): (body: string) => string {
  return (body) => {
    const record = (JSON.parse(body) as { groups: { id: string }[] }).groups.find((group) => group.id === id)
    if (!record) return body
    const bytes = JSON.stringify(record)
    expect(body).toContain(bytes)
    return body.replace(bytes, forge(bytes))
  }
}

describe('records whose bytes changed but whose CRC-32 did not', () => {
  it('a record renamed, with the old record’s CRC-32: the row and the record on disk both show the new name', async () => {
    await build().sync('acc')
    const first = await build().query('acc', { ...GroupsQuerySchema.parse({}), limit: 200 })
    const target = first.rows[3]!
    const service = build(
      replacing(target.id, (bytes) => {
        const template = bytes.replace(/"name":"[^"]*"/, '"name":"Forged name","pad":"' + 'x'.repeat(48) + '"')
        const forged = forgeCrc(template, crc32(Buffer.from(bytes)))
        expect(forged).not.toBeNull()
        expect(crc32(Buffer.from(forged!))).toBe(crc32(Buffer.from(bytes)))
        return forged!
      }),
    )
    await service.sync('acc')
    const row = (await allRows(service)).find((candidate) => candidate.id === target.id)
    expect(row?.name).toBe('Forged name')
    expect((await service.get('acc', target.id)).group.name).toBe('Forged name')
    expect(await service.participants('acc')).not.toBeNull()
  }, 30_000)

  it('a record made not JSON, with the old record’s CRC-32: it is set aside, the group keeps its last good version, and opens', async () => {
    await build().sync('acc')
    const target = (await allRows(build()))[5]!
    const service = build(
      replacing(target.id, (bytes) => {
        const template = `${bytes.slice(0, -1)},${'x'.repeat(48)}}`
        return forgeCrc(template, crc32(Buffer.from(bytes)))!
      }),
    )
    const result = await service.sync('acc')
    expect(result.rejected).toBe(1)
    expect((await service.get('acc', target.id)).group.name).toBe(target.name)
    expect(await service.participants('acc')).not.toBeNull()
    // The next honest page brings the group back as it is.
    await build().sync('acc')
    expect((await build().get('acc', target.id)).stale).toBe(false)
  }, 30_000)
})

/**
 * The snapshot as the version before keys wrote it: version 2, no key, CRC-32 fingerprints.
 * Its first line is padded to the same length, so every offset in it still holds.
 */
function asKeylessVersion(file: Buffer): Buffer {
  const text = file.toString('latin1')
  const headerEnd = text.indexOf('\n')
  const header = '{"format":"statusdesk-groups","version":2,"accountId":"acc"}'.padEnd(headerEnd, ' ')
  const trailerStart = text.lastIndexOf('\n', text.length - 2) + 1
  const trailer = JSON.parse(text.slice(trailerStart)) as { table: number }
  const tableStart = text.indexOf('\n', trailer.table) + 1
  const block = JSON.parse(text.slice(trailer.table, tableStart)) as { bytes: number }
  const table = JSON.parse(text.slice(tableStart, tableStart + block.bytes)) as {
    offsets: number[]
    lengths: number[]
    fingerprints: number[]
  }
  table.fingerprints = table.offsets.map((offset, i) => crc32(file.subarray(offset, offset + table.lengths[i]!)))
  const body = Buffer.from(JSON.stringify(table))
  return Buffer.concat([
    Buffer.from(header, 'latin1'),
    file.subarray(headerEnd, trailer.table),
    Buffer.from(`{"bytes":${body.length},"crc32":${crc32(body)}}\n`),
    body,
    Buffer.from('\n'),
    file.subarray(trailerStart),
  ])
}

describe('a snapshot written before fingerprints had a key', () => {
  it('is read as it is, its groups open, and the next sync takes its records as changed, once', async () => {
    await build().sync('acc')
    for (const service of services.splice(0)) await service.dispose()
    const path = join(dir.path, SNAPSHOT_FILE)
    await writeFile(path, asKeylessVersion(await readFile(path)))
    await rm(join(dir.path, GROUPS_INDEX_FILE))
    const service = build()
    const rows = await allRows(service)
    expect(service.state('acc')).toMatchObject({ fromCache: true, syncing: false })
    expect(rows).toHaveLength(40)
    expect((await service.get('acc', rows[7]!.id)).group.name).toBe(rows[7]!.name)
    expect(await service.participants('acc')).not.toBeNull()
    expect(await service.sync('acc')).toMatchObject({ changed: 40, added: 0, removed: 0 })
    expect((await readFile(path)).toString('utf8', 0, 60)).toContain('"version":3')
    expect(await service.sync('acc')).toMatchObject({ changed: 0 })
  }, 30_000)
})
