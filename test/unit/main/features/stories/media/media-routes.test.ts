import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { WEB_SECRET_HEADER } from '@shared/web-transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventHub } from '../../../../../../src-main/platform/events'
import { silentLogger } from '../../../../../../src-main/platform/log/log'
import { mediaProtocolRoute, mediaReply, mediaWebRoutes } from '../../../../../../src-main/features/stories/media/media-routes'
import { MediaStore } from '../../../../../../src-main/features/stories/media/media-store'
import { startWebServer } from '../../../../../../src-main/web/server'
import { testHandlers } from '../../../../../support/handlers'

const PNG = join(import.meta.dirname, '../../../../../fixtures/media/banner-200x120.png')
let root: string
let store: MediaStore

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-media-routes-'))
  store = new MediaStore({ dir: root, limits: () => DEFAULT_STORY_LIMITS, fetch: globalThis.fetch })
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('serving granted media on our origin', () => {
  it('serves the whole file with its sniffed type, and byte ranges for players', async () => {
    const grant = await store.importFile(PNG)
    const bytes = await readFile(PNG)
    const whole = await mediaReply(store, grant.url)
    expect(whole).toMatchObject({ status: 200, headers: { 'Content-Type': 'image/png', 'Content-Length': String(bytes.length) } })
    const part = await mediaReply(store, grant.url, 'bytes=10-19')
    expect(part).toMatchObject({ status: 206, headers: { 'Content-Range': `bytes 10-19/${bytes.length}`, 'Content-Length': '10' } })
    expect((await mediaReply(store, grant.url, 'bytes=-5'))?.range).toMatchObject({ start: bytes.length - 5, end: bytes.length - 1 })
    expect((await mediaReply(store, grant.url, `bytes=${bytes.length}-`))?.status).toBe(416)

    const route = mediaProtocolRoute(store)
    const response = await route(new URL(`statusdesk://app${grant.url}`), new Request(`http://x${grant.url}`))
    expect(response?.status).toBe(200)
    expect(Buffer.from(await response!.arrayBuffer())).toEqual(bytes)
  })

  it('answers 404 for anything that is not a live grant and ignores other paths', async () => {
    expect((await mediaReply(store, '/media/..%2F..%2Fetc'))?.status).toBe(404)
    expect((await mediaReply(store, '/media/AAAAAAAAAAAAAAAAAAAAAAAA'))?.status).toBe(404)
    expect(await mediaReply(store, '/index.html')).toBeNull()
  })
})

describe('web mode’s upload route', () => {
  it('takes a file only with the session secret and our origin, streams it to a grant, and serves it back', async () => {
    let limits = { ...DEFAULT_STORY_LIMITS }
    const server = await startWebServer({
      handlers: testHandlers(),
      events: new EventHub(),
      rendererDir: root,
      log: silentLogger,
      routes: [mediaWebRoutes(store, () => limits)],
    })
    try {
      const bytes = await readFile(PNG)
      const upload = (headers: Record<string, string>) =>
        fetch(`${server.origin}/media-upload?name=banner.png`, { method: 'POST', headers, body: bytes })
      const secret = { [WEB_SECRET_HEADER]: server.secret }

      // Without the secret the route is not even reached.
      expect((await upload({ origin: server.origin })).status).not.toBe(200)
      expect((await upload(secret)).status).toBe(403)

      const answer = (await (await upload({ ...secret, origin: server.origin })).json()) as {
        ok: boolean
        value: { url: string; width: number }
      }
      expect(answer).toMatchObject({ ok: true, value: { width: 200, height: 120, name: 'banner.png', mimeType: 'image/png' } })
      const served = await fetch(server.origin + answer.value.url, { headers: secret })
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes)
      expect((await fetch(server.origin + answer.value.url)).status).toBe(404)

      limits = { imageMaxBytes: 100, videoMaxBytes: 100, audioMaxBytes: 100, videoMaxSeconds: 60 }
      const refused = (await (await upload({ ...secret, origin: server.origin })).json()) as { ok: boolean; error: { code: string } }
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'too-large', text: { key: 'mediaErrors.file.tooLarge', params: { limit: 100 } } },
      })
    } finally {
      await server.close()
    }
  })
})
