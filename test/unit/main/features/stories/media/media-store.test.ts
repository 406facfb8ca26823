import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import { DEFAULT_STORY_LIMITS, type StoryLimits } from '@shared/story/limits'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MediaStore } from '../../../../../../src-main/features/stories/media/media-store'
import { AddressGuard, publicFetch, type ResolveHost } from '../../../../../../src-main/platform/net'

const FIXTURES = join(import.meta.dirname, '../../../../../fixtures/media')
const fixture = (name: string) => join(FIXTURES, name)
const MB = 1024 * 1024

let root: string
let limits: StoryLimits
let store: MediaStore

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-media-'))
  limits = { ...DEFAULT_STORY_LIMITS }
  store = new MediaStore({ dir: join(root, 'media'), limits: () => limits, fetch: globalThis.fetch })
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('MediaStore', () => {
  it('grants a JPEG with its size read from the content', async () => {
    const grant = await store.importFile(fixture('photo-360x640.jpg'))
    expect(grant).toMatchObject({
      kind: 'image',
      mimeType: 'image/jpeg',
      width: 360,
      height: 640,
      seconds: null,
      name: 'photo-360x640.jpg',
    })
    expect(grant.url).toBe(`/media/${grant.id}`)
    expect(await store.get(grant.id)).toEqual(grant)
    const path = await store.pathOf(grant.id)
    expect(await readFile(path!)).toEqual(await readFile(fixture('photo-360x640.jpg')))
  })

  it('trusts the content, not the name: a PNG called .txt is a PNG, text called .jpg is refused', async () => {
    await copyFile(fixture('banner-200x120.png'), join(root, 'notes.txt'))
    expect(await store.importFile(join(root, 'notes.txt'))).toMatchObject({ kind: 'image', mimeType: 'image/png', width: 200, height: 120 })
    await writeFile(join(root, 'holiday.jpg'), 'this is not a picture at all')
    const error = await refusal(store.importFile(join(root, 'holiday.jpg')))
    expect(error.code).toBe('unsupported-media')
    expect(error.text.key).toBe('mediaErrors.probe.unrecognised')
    expect(await readdir(join(root, 'media'))).toHaveLength(2) // the PNG's data and meta only
  })

  it('reads a video’s length and frame size, and an audio file’s length', async () => {
    expect(await store.importFile(fixture('clip-2s.mp4'))).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      width: 90,
      height: 160,
      seconds: 2,
    })
    expect(await store.importFile(fixture('tone-3s.ogg'))).toMatchObject({ kind: 'audio', mimeType: 'audio/ogg', seconds: 3 })
    expect(await store.importFile(fixture('tone-3s.mp3'))).toMatchObject({ kind: 'audio', mimeType: 'audio/mpeg', seconds: 3 })
  })

  it('refuses a video over the length limit and keeps nothing of it', async () => {
    const error = await refusal(store.importFile(fixture('clip-61s.mp4')))
    expect(error.text).toEqual({ key: 'mediaErrors.check.videoTooLong', params: { count: 60, seconds: 61 } })
    expect(await readdir(join(root, 'media'))).toEqual([])
    limits = { ...limits, videoMaxSeconds: 90 }
    expect(await store.importFile(fixture('clip-61s.mp4'))).toMatchObject({ seconds: 61 })
  })

  it('refuses an image over its size limit, naming both sizes', async () => {
    limits = { ...limits, imageMaxBytes: 10_000 }
    const error = await refusal(store.importFile(fixture('photo-360x640.jpg')))
    expect(error.code).toBe('too-large')
    const size = (await readFile(fixture('photo-360x640.jpg'))).byteLength
    expect(error.text).toEqual({ key: 'mediaErrors.check.imageTooLarge', params: { limit: 10_000, size } })
    expect(await readdir(join(root, 'media'))).toEqual([])
  })

  it('stops reading a stream past the largest limit, whatever it is', async () => {
    limits = { imageMaxBytes: MB, videoMaxBytes: 2 * MB, audioMaxBytes: 2 * MB, videoMaxSeconds: 60 }
    let produced = 0
    async function* endless() {
      for (;;) {
        produced += 256 * 1024
        yield new Uint8Array(256 * 1024)
      }
    }
    const error = await refusal(store.importStream(endless(), 'big.bin'))
    expect(error.code).toBe('too-large')
    expect(produced).toBeLessThanOrEqual(2 * MB + 256 * 1024)
    expect(await readdir(join(root, 'media'))).toEqual([])
  })

  it('imports dropped bytes and cleans a hostile name for display', async () => {
    const bytes = await readFile(fixture('banner-200x120.png'))
    const grant = await store.importBytes(bytes, '../../etc/\u0007passwd.png')
    expect(grant.name).toBe('passwd.png')
    expect(grant.size).toBe(bytes.byteLength)
  })

  it('downloads media named by a URL, with the same checks', async () => {
    const jpeg = await readFile(fixture('photo-360x640.jpg'))
    const server: Server = createServer((req, res) => {
      if (req.url === '/p/photo.jpg') return res.end(jpeg)
      res.writeHead(404).end('no')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      expect(await store.importUrl(`${base}/p/photo.jpg`)).toMatchObject({ kind: 'image', width: 360, name: 'photo.jpg' })
      expect((await refusal(store.importUrl(`${base}/missing.jpg`))).code).toBe('not-found')
      expect((await refusal(store.importUrl('ftp://example.com/a.jpg'))).code).toBe('invalid-argument')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('refuses private addresses with one message, whether anything answers there or not', async () => {
    const server: Server = createServer((_req, res) => res.end('internal'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const open = (server.address() as AddressInfo).port
    const names: Record<string, string[]> = { 'intranet.example': ['10.0.0.5'] }
    const resolve: ResolveHost = async (host) => names[host] ?? [host.replace(/^\[|\]$/g, '')]
    let hits = 0
    server.on('request', () => hits++)
    const guarded = new MediaStore({
      dir: join(root, 'media'),
      limits: () => limits,
      fetch: publicFetch({
        fetch: globalThis.fetch,
        guard: new AddressGuard({ resolve, trustedBaseUrl: () => 'https://gate.example.com' }),
      }),
    })
    try {
      const messages = new Set<string>()
      for (const url of [
        `http://127.0.0.1:${open}/a.jpg`,
        'http://127.0.0.1:9/a.jpg',
        'http://169.254.169.254/latest/meta-data/',
        'http://intranet.example/a.jpg',
        'http://[::1]:9/a.jpg',
      ]) {
        const error = await refusal(guarded.importUrl(url))
        expect(error.code, url).toBe('invalid-argument')
        messages.add(error.text.key)
      }
      expect([...messages]).toEqual(['apiErrors.address.notPublic'])
      expect(hits).toBe(0)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('says what is wrong with an address whose %-escape is broken, and keeps a name that is not UTF-8', async () => {
    const broken = await refusal(store.importUrl('http://host/%E0%A4%A'))
    expect(broken.code).toBe('invalid-argument')
    expect(broken.text.key).toBe('mediaErrors.url.brokenEscape')
    const jpeg = await readFile(fixture('photo-360x640.jpg'))
    const server: Server = createServer((_req, res) => res.end(jpeg))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const grant = await store.importUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/%E0%A4.jpg`)
      expect(grant.name).toBe('%E0%A4.jpg')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('knows only its own grants, and forgets released ones', async () => {
    const grant = await store.importFile(fixture('banner-200x120.png'))
    expect(await store.get('../../secrets')).toBeNull()
    expect(await store.pathOf('AAAAAAAAAAAAAAAAAAAAAAAA')).toBeNull()
    await store.release(grant.id)
    expect(await store.get(grant.id)).toBeNull()
    expect(await readdir(join(root, 'media'))).toEqual([])
  })

  it('sweeps old grants but keeps the ones asked for', async () => {
    const keep = await store.importFile(fixture('banner-200x120.png'))
    const old = await store.importFile(fixture('photo-360x640.jpg'))
    const later = new MediaStore({
      dir: join(root, 'media'),
      limits: () => limits,
      fetch: globalThis.fetch,
      now: () => new Date(Date.now() + 40 * 86_400_000),
    })
    expect(await later.sweep(30 * 86_400_000, new Set([keep.id]))).toBe(1)
    expect(await store.get(keep.id)).not.toBeNull()
    expect(await store.get(old.id)).toBeNull()
  })
})
