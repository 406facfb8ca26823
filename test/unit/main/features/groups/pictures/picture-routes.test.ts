import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Group } from '@shared/domain'
import { WEB_SECRET_HEADER } from '@shared/web-transport'
import type { Emulator } from '../../../../../../src-main/emulator'
import { EventHub } from '../../../../../../src-main/platform/events'
import { silentLogger } from '../../../../../../src-main/platform/log/log'
import {
  PictureStore,
  pictureProtocolRoute,
  pictureWebRoute,
  type PictureSourceResolver,
} from '../../../../../../src-main/features/groups/pictures'
import { fetchAllGroups } from '../../../../../../src-main/features/groups/sync'
import { startWebServer, type WebServer } from '../../../../../../src-main/web/server'
import { testHandlers } from '../../../../../support/handlers'
import { pictureNet } from '../../../../../support/picture-net'
import { cutStored, overwriteStored, storedBytes } from '../../../../../support/stored-pictures'
import { clientFor, startTestEmulator, tempDir } from '../sync/support'

let emulator: Emulator
let groups: Group[]
let dir: { path: string; remove(): Promise<void> }
let store: PictureStore
let web: WebServer
let resolve: PictureSourceResolver

beforeAll(async () => {
  emulator = await startTestEmulator({ groups: 20 })
  groups = (await fetchAllGroups(clientFor(emulator))).groups.filter((g) => g.chat_pic)
})
afterAll(async () => {
  await emulator.stop()
})
beforeEach(async () => {
  dir = await tempDir('statusdesk-picture-routes-')
  store = await PictureStore.open({ accountDir: dir.path, accountId: 'acc', net: pictureNet(emulator.baseUrl) })
  await store.syncThumbs(groups)
  resolve = (accountId) => (accountId === 'acc' ? { store, group: (id) => groups.find((g) => g.id === id) ?? null } : null)
  const rendererDir = join(dir.path, 'renderer')
  await mkdir(rendererDir)
  web = await startWebServer({
    handlers: testHandlers(),
    events: new EventHub(),
    rendererDir,
    log: silentLogger,
    routes: [pictureWebRoute(resolve)],
  })
})
afterEach(async () => {
  await web.close()
  await dir.remove()
})

const get = (path: string, secret: string | null = web.secret) =>
  fetch(`${web.origin}${path}`, { headers: secret ? { [WEB_SECRET_HEADER]: secret } : {} })

describe('pictures in web mode', () => {
  it('are served from our own origin with the picture’s type', async () => {
    const group = groups[0]!
    const response = await get(store.thumbUrl(group)!)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const original = Buffer.from(await (await fetch(group.chat_pic!)).arrayBuffer())
    expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true)
  })

  it('check what they serve: a damaged file is fetched again and the picture served, never the damage', async () => {
    const group = groups[1]!
    const url = store.thumbUrl(group)!
    const folder = join(dir.path, 'pictures')
    const good = await storedBytes(folder, url.split('/').at(-1)!)
    await overwriteStored(folder, url.split('/').at(-1)!, Buffer.from('not a picture'))
    const response = await get(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await response.arrayBuffer()).equals(good)).toBe(true)
    // Stored again, under the name the group's picture now has.
    expect((await storedBytes(folder, store.thumbUrl(group)!.split('/').at(-1)!)).equals(good)).toBe(true)
  })

  it('answer 404 for a damaged file that cannot be fetched again', async () => {
    const group = groups[2]!
    const url = store.thumbUrl(group)!
    await cutStored(join(dir.path, 'pictures'), url.split('/').at(-1)!, 3)
    emulator.control.faults.add({ type: 'status', status: 500, route: 'pictures' })
    try {
      expect((await get(url)).status).toBe(404)
    } finally {
      emulator.control.faults.clear()
    }
  })

  it('need the session secret', async () => {
    const response = await get(store.thumbUrl(groups[0]!)!, null)
    expect(response.status).not.toBe(200)
    expect(response.headers.get('content-type')).not.toBe('image/png')
  })

  it('show offline: the provider being gone changes nothing', async () => {
    const url = store.thumbUrl(groups[1]!)!
    const offline = await startTestEmulator({ groups: 1 })
    await offline.stop()
    expect((await get(url)).status).toBe(200)
  })

  it('refuse other accounts, unknown files and any path that tries to leave the folder', async () => {
    const file = store.thumbUrl(groups[0]!)!.split('/').at(-1)!
    for (const path of [
      `/pictures/other/${file}`,
      '/pictures/acc/manifest.json',
      '/pictures/acc/..%2F..%2Fgroups.snapshot',
      '/pictures/acc/%2e%2e/groups.snapshot',
      '/pictures/acc/0123456789abcdef01234567-0123456789abcdef.png',
      '/pictures/%E0%A4%A/x.png',
      '/pictures/acc/full/unknown%40g.us',
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
    }
  })

  it('fetch a full picture on first view and serve it from disk after', async () => {
    const group = groups[2]!
    const path = store.fullUrl(group)!
    const first = await get(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    const bytes = Buffer.from(await first.arrayBuffer())
    expect(bytes.equals(Buffer.from(await (await fetch(group.chat_pic_full!)).arrayBuffer()))).toBe(true)
    emulator.control.requests.clear()
    expect((await get(path)).status).toBe(200)
    expect(emulator.control.requests.list()).toEqual([])
  })
})

describe('pictures in the app protocol', () => {
  it('are answered for /pictures/ paths and left to the static files otherwise', async () => {
    const route = pictureProtocolRoute(resolve)
    const path = store.thumbUrl(groups[0]!)!
    const response = await route(new URL(`statusdesk://app${path}`), new Request(`http://app${path}`))
    expect(response?.status).toBe(200)
    expect(response?.headers.get('content-type')).toBe('image/png')
    expect(response?.headers.get('cache-control')).toContain('immutable')
    expect((await response!.arrayBuffer()).byteLength).toBeGreaterThan(100)
    expect(await route(new URL('statusdesk://app/index.html'), new Request('http://app/index.html'))).toBeNull()
    const missing = await route(new URL('statusdesk://app/pictures/acc/nope.png'), new Request('http://app/pictures/acc/nope.png'))
    expect(missing?.status).toBe(404)
  })
})
