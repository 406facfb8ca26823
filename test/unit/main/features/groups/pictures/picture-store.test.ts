import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GroupsQuerySchema } from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import type { Emulator } from '../../../../../../src-main/emulator'
import { PICTURES_DIR, PictureStore } from '../../../../../../src-main/features/groups/pictures'
import { placeOf } from '../../../../../../src-main/features/groups/pictures/picture-names'
import { GroupsService, fetchAllGroups } from '../../../../../../src-main/features/groups/sync'
import { pictureNet } from '../../../../../support/picture-net'
import { overwriteStored, storedBytes } from '../../../../../support/stored-pictures'
import { clientFor, recordingHub, session, startTestEmulator, switchableAccounts, tempDir, until } from '../sync/support'

let emulator: Emulator
let groups: Group[]
let dir: { path: string; remove(): Promise<void> }

beforeAll(async () => {
  emulator = await startTestEmulator({ groups: 60 })
  groups = (await fetchAllGroups(clientFor(emulator))).groups
})
afterAll(async () => {
  await emulator.stop()
})
beforeEach(async () => {
  dir = await tempDir('statusdesk-pictures-')
  emulator.control.reset()
})
afterEach(async () => {
  await dir.remove()
})

const withPicture = () => groups.filter((g) => g.chat_pic)
const open = () => PictureStore.open({ accountDir: dir.path, accountId: 'acc', net: pictureNet(emulator.baseUrl) })
const pictureRequests = () => emulator.control.requests.list().filter((r) => r.route === 'pictures')

/** A picture host under the test's control: ETags, wrong content, slowness, concurrency. */
async function pictureHost(
  handler: (
    path: string,
    ifNoneMatch: string | undefined,
  ) => { status: number; body?: Buffer; headers?: Record<string, string>; delayMs?: number },
) {
  let inFlight = 0
  let maxInFlight = 0
  const server: Server = createServer((req, res) => {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    const answer = handler(req.url ?? '/', req.headers['if-none-match'])
    setTimeout(() => {
      inFlight--
      res.writeHead(answer.status, answer.headers ?? {})
      res.end(answer.body)
    }, answer.delayMs ?? 0)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('group pictures', () => {
  it('downloads each group’s thumbnail once and serves its URL on our origin', async () => {
    const store = await open()
    const result = await store.syncThumbs(groups)
    expect(result).toMatchObject({ downloaded: withPicture().length, failed: 0, unchanged: 0 })
    expect(withPicture().length).toBeGreaterThan(30)
    for (const group of groups) {
      const url = store.thumbUrl(group)
      if (!group.chat_pic) {
        expect(url).toBeNull()
        continue
      }
      // A record of a pack: the pack, its offset and length, the content's hash.
      expect(url).toMatch(/^\/pictures\/acc\/p0-[0-9a-f]+-[0-9a-f]+-[a-f0-9]{16}\.png$/)
      const stored = await storedBytes(join(dir.path, PICTURES_DIR), url!.split('/').at(-1)!)
      const original = Buffer.from(await (await fetch(group.chat_pic)).arrayBuffer())
      expect(stored.equals(original)).toBe(true)
    }
  })

  it('fetches a damaged picture again at the next sync, though its URL did not change', async () => {
    await (await open()).syncThumbs(groups)
    const group = withPicture()[0]!
    const store = await open()
    const file = store.thumbUrl(group)!.split('/').at(-1)!
    // 13 bytes that are not a PNG, as a disk or a crash could leave them.
    await overwriteStored(join(dir.path, PICTURES_DIR), file, Buffer.from('not a picture'))
    emulator.control.requests.clear()
    const again = await store.syncThumbs(groups)
    expect(again).toMatchObject({ downloaded: 1, unchanged: withPicture().length - 1, failed: 0 })
    expect(pictureRequests()).toHaveLength(1)
    const repaired = await storedBytes(join(dir.path, PICTURES_DIR), store.thumbUrl(group)!.split('/').at(-1)!)
    expect(repaired.equals(Buffer.from(await (await fetch(group.chat_pic!)).arrayBuffer()))).toBe(true)
  })

  it('fetches nothing again when nothing changed, even after a restart', async () => {
    await (await open()).syncThumbs(groups)
    emulator.control.requests.clear()
    const again = await (await open()).syncThumbs(groups)
    expect(again).toMatchObject({ downloaded: 0, unchanged: withPicture().length, failed: 0 })
    expect(pictureRequests()).toEqual([])
  })

  it('takes over the whole-JSON manifest of earlier versions: nothing is fetched again, and it is replaced', async () => {
    const first = await open()
    await first.syncThumbs(groups)
    await first.release()
    // The same entries as an earlier version wrote them.
    const folder = join(dir.path, PICTURES_DIR)
    const lines = (await readFile(join(folder, 'manifest.jsonl'), 'utf8')).trim().split('\n').slice(1)
    const thumbs = Object.fromEntries(
      lines
        .map((line) => JSON.parse(line) as [string, string, string, string | null, string])
        .map(([, id, url, etag, file]) => [id, { url, etag, file }]),
    )
    await writeFile(join(folder, 'manifest.json'), JSON.stringify({ version: 1, thumbs, full: {} }))
    await rm(join(folder, 'manifest.jsonl'))
    emulator.control.requests.clear()

    const store = await open()
    expect(withPicture().every((group) => store.thumbUrl(group) !== null)).toBe(true)
    expect(await store.syncThumbs(groups)).toMatchObject({ downloaded: 0, unchanged: withPicture().length, failed: 0 })
    expect(pictureRequests()).toEqual([])
    const names = await readdir(folder)
    expect(names.includes('manifest.jsonl') && !names.includes('manifest.json')).toBe(true)
  })

  it('fetches a picture again when its URL changes, and drops those of groups gone', async () => {
    const store = await open()
    await store.syncThumbs(groups)
    const [changed, gone, ...rest] = withPicture()
    const next = [{ ...changed!, chat_pic: `${changed!.chat_pic}?v=2` }, ...rest]
    emulator.control.requests.clear()
    const result = await store.syncThumbs(next)
    expect(result).toMatchObject({ downloaded: 1, removed: 1 })
    expect(pictureRequests()).toHaveLength(1)
    expect(store.thumbUrl(gone!)).toBeNull()
    // Every group left has its picture; the one gone names none.
    const folder = join(dir.path, PICTURES_DIR)
    for (const group of next) expect((await storedBytes(folder, store.thumbUrl(group)!.split('/').at(-1)!)).length).toBeGreaterThan(0)
  })

  it('asks with the stored ETag and keeps the file on 304 Not Modified', async () => {
    const png = Buffer.from(await (await fetch(withPicture()[0]!.chat_pic!)).arrayBuffer())
    const host = await pictureHost((_path, ifNoneMatch) =>
      ifNoneMatch === '"v1"' ? { status: 304 } : { status: 200, body: png, headers: { etag: '"v1"' } },
    )
    try {
      const one = { ...withPicture()[0]!, chat_pic: `${host.base}/a.png?sig=1` }
      const store = await open()
      expect(await store.syncThumbs([one])).toMatchObject({ downloaded: 1 })
      const before = store.thumbUrl(one)
      const resigned = { ...one, chat_pic: `${host.base}/a.png?sig=2` }
      expect(await store.syncThumbs([resigned])).toMatchObject({ downloaded: 0, unchanged: 1 })
      expect(store.thumbUrl(resigned)).toBe(before)
    } finally {
      await host.close()
    }
  })

  it('never stores what is not a picture, or a picture far too large', async () => {
    const host = await pictureHost((path) =>
      path.startsWith('/big')
        ? {
            status: 200,
            body: Buffer.alloc(3 * 1024 * 1024, 0xff),
            headers: { 'content-type': 'image/jpeg' },
          }
        : {
            status: 200,
            body: Buffer.from('<html>not an image</html>'),
            headers: { 'content-type': 'image/png' },
          },
    )
    try {
      const [a, b] = withPicture()
      const store = await open()
      const result = await store.syncThumbs([
        { ...a!, chat_pic: `${host.base}/page.png` },
        { ...b!, chat_pic: `${host.base}/big.jpg` },
      ])
      expect(result).toMatchObject({ downloaded: 0, failed: 2 })
      expect(store.thumbUrl(a!)).toBeNull()
      expect((await readdir(join(dir.path, PICTURES_DIR))).filter((f) => !f.startsWith('manifest'))).toEqual([])
    } finally {
      await host.close()
    }
  })

  it('keeps to its concurrency limit', async () => {
    const png = Buffer.from(await (await fetch(withPicture()[0]!.chat_pic!)).arrayBuffer())
    const host = await pictureHost(() => ({ status: 200, body: png, delayMs: 20 }))
    try {
      const many = withPicture().map((g, i) => ({ ...g, chat_pic: `${host.base}/${i}.png` }))
      const result = await (await open()).syncThumbs(many, { concurrency: 3 })
      expect(result.downloaded).toBe(many.length)
      expect(host.maxInFlight()).toBe(3)
    } finally {
      await host.close()
    }
  })

  it('gives up early when the picture host cannot be reached, keeping what it got', async () => {
    const stopped = await startTestEmulator({ groups: 60 })
    const base = stopped.baseUrl
    await stopped.stop()
    const unreachable = withPicture().map((g) => ({
      ...g,
      chat_pic: g.chat_pic!.replace(emulator.baseUrl, base),
    }))
    const store = await open()
    const result = await store.syncThumbs(unreachable, { concurrency: 2 })
    expect(result.stoppedOffline).toBe(true)
    expect(result.failed).toBeLessThan(unreachable.length)
  })

  it('does not bring back an account folder deleted meanwhile (signed out)', async () => {
    const gone = join(dir.path, 'signed-out')
    const store = await PictureStore.open({ accountDir: gone, accountId: 'acc', net: pictureNet(emulator.baseUrl) })
    const result = await store.syncThumbs(groups.slice(0, 5))
    expect(result.downloaded).toBe(0)
    expect(await readdir(dir.path)).toEqual([])
  })

  it('fetches a full picture the first time it is asked for, then keeps it', async () => {
    const store = await open()
    const group = withPicture()[0]!
    expect(store.fullUrl(group)).toBe(`/pictures/acc/full/${encodeURIComponent(group.id)}`)
    const file = await store.fullFile(group)
    expect(file).toMatch(/\.png$/)
    emulator.control.requests.clear()
    expect(await store.fullFile(group)).toBe(file)
    expect(pictureRequests()).toEqual([])
    expect(store.fullUrl(group)).toBe(`/pictures/acc/${file}`)
  })

  it('keeps the pictures an earlier version stored a file each: served, never fetched again, never swept', async () => {
    const first = await open()
    await first.syncThumbs(groups)
    await first.release()
    // The same pictures as files of their own, named in the manifest as an earlier version did.
    const folder = join(dir.path, PICTURES_DIR)
    const lines = (await readFile(join(folder, 'manifest.jsonl'), 'utf8')).trim().split('\n')
    const rewritten = [lines[0]!]
    for (const [n, line] of lines.slice(1).entries()) {
      const [kind, id, url, etag, file] = JSON.parse(line) as [string, string, string, string | null, string]
      const single = `${n.toString(16).padStart(24, '0')}-${placeOf(file)!.contentHash}.png`
      await writeFile(join(folder, single), await storedBytes(folder, file))
      rewritten.push(JSON.stringify([kind, id, url, etag, single]))
    }
    await writeFile(join(folder, 'manifest.jsonl'), `${rewritten.join('\n')}\n`)
    for (const name of await readdir(folder)) if (name.startsWith('pack-')) await rm(join(folder, name))
    emulator.control.requests.clear()

    const store = await open()
    expect(await store.syncThumbs(groups)).toMatchObject({ downloaded: 0, unchanged: withPicture().length, failed: 0 })
    expect(pictureRequests()).toEqual([])
    for (const group of withPicture()) {
      const name = store.thumbUrl(group)!.split('/').at(-1)!
      expect(name).toMatch(/^[0-9a-f]{24}-[0-9a-f]{16}\.png$/)
      expect((await storedBytes(folder, name)).equals(Buffer.from(await (await fetch(group.chat_pic!)).arrayBuffer()))).toBe(true)
    }
    expect((await readdir(folder)).filter((name) => name.endsWith('.png'))).toHaveLength(withPicture().length)
  })

  it('fetches again every picture of a pack cut short on disk, and sweeps the packs nothing names', async () => {
    await (await open()).syncThumbs(groups)
    const folder = join(dir.path, PICTURES_DIR)
    await truncate(join(folder, 'pack-0.bin'), 1_000)
    emulator.control.requests.clear()
    const store = await open()
    const again = await store.syncThumbs(groups)
    expect(again.downloaded + again.unchanged).toBe(withPicture().length)
    expect(again.downloaded).toBeGreaterThan(withPicture().length - 2)
    for (const group of withPicture()) {
      const bytes = await storedBytes(folder, store.thumbUrl(group)!.split('/').at(-1)!)
      expect(bytes.equals(Buffer.from(await (await fetch(group.chat_pic!)).arrayBuffer()))).toBe(true)
    }
    // Every group gone: nothing names a pack any more, and none is left.
    await store.syncThumbs([])
    expect((await readdir(folder)).filter((name) => name.startsWith('pack-'))).toEqual([])
  })
})

describe('pictures during sync', () => {
  it('arrive in the rows after a sync, and lists are told to look again', async () => {
    const events = recordingHub()
    const fetchedFor: string[] = []
    const service = new GroupsService({
      workspaces: switchableAccounts(session('acc', dir.path, clientFor(emulator), emulator.baseUrl)),
      events,
      log: { debug() {}, info() {}, warn() {}, error() {} },
      settings: () => ({ intervalMinutes: 0, concurrency: 4, downloadPictures: true }),
      // Each account's pictures are fetched as its own server allows.
      fetchFor: (accountId) => {
        fetchedFor.push(accountId)
        return pictureNet(emulator.baseUrl)
      },
    })
    try {
      await service.sync('acc')
      const rows = async () => (await service.query('acc', GroupsQuerySchema.parse({ limit: 100 }))).rows
      await until(() => pictureRequests().length >= withPicture().length, 20_000)
      // Loading and syncing announce changes too, so the rows themselves say when the pictures are in.
      const shownRows = async () => (await rows()).filter((r) => r.picture !== null)
      await until(async () => (await shownRows()).length === withPicture().length, 20_000)
      expect(events.of('groups:changed').length).toBeGreaterThanOrEqual(2)
      const shown = await shownRows()
      expect(shown).toHaveLength(withPicture().length)
      const detail = await service.get('acc', shown[0]!.id)
      expect(detail.picture).toBe(shown[0]!.picture)
      expect(detail.pictureFull).toMatch(/^\/pictures\/acc\/full\//)
      expect(new Set(fetchedFor)).toEqual(new Set(['acc']))
    } finally {
      await service.dispose()
    }
  })
})
