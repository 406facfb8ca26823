import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PictureDownloadError, downloadPicture } from '../../../../../../src-main/features/groups/pictures'
import { AddressGuard, pinnedFetch, publicFetch, systemResolver, type GetLike } from '../../../../../../src-main/platform/net'
import { startHttpFixture, type HttpFixture } from '../../../../../support/http-fixture'

// The smallest PNG: 1×1, one transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
let host: HttpFixture

beforeAll(async () => {
  host = await startHttpFixture((req, res) => {
    if (req.url === '/hop') return res.writeHead(302, { location: '/p.png' }).end()
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
  })
})
afterAll(async () => {
  await host.close()
})

const options = { maxBytes: 1024 * 1024, timeoutMs: 5_000 }

describe('downloadPicture through the public-address guard', () => {
  it('refuses a picture on a private address as a bad picture, not as the network being away', async () => {
    const guarded = publicFetch({
      fetch,
      guard: new AddressGuard({ resolve: systemResolver, trustedBaseUrl: () => 'https://gate.example.com' }),
    })
    const error = await downloadPicture(guarded, `${host.baseUrl}/p.png`, options).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PictureDownloadError)
    expect(error).toMatchObject({ reason: 'host-not-public', network: false })
    expect(host.requests).toEqual([])
  })

  it('downloads it, redirect included, when the account’s server is on the same network', async () => {
    const guarded = publicFetch({ fetch, guard: new AddressGuard({ resolve: systemResolver, trustedBaseUrl: () => host.baseUrl }) })
    const got = await downloadPicture(guarded, `${host.baseUrl}/hop`, options)
    expect(got).toMatchObject({ status: 'downloaded', extension: 'png' })
    expect(host.requests.map((r) => r.url)).toEqual(['/hop', '/p.png'])
  })
})

describe('downloadPicture against a host that declares more than the cap and then sends nothing', () => {
  let liar: Server
  let base: string
  /** The connections a picture was asked on, until they close. */
  const open = new Set<Socket>()

  beforeAll(async () => {
    liar = createServer((req, res) => {
      open.add(req.socket)
      req.socket.once('close', () => open.delete(req.socket))
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(500 * 1024 * 1024) })
      res.flushHeaders()
    })
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const socket of open) socket.destroy()
    liar.closeAllConnections()
    await new Promise((resolve) => liar.close(resolve))
  })

  /** Every picture is refused as too large, and the host sees each connection closed at once, not at the 20 s deadline. */
  async function refusedAndClosed(get: GetLike, count: number): Promise<void> {
    const outcomes = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        downloadPicture(get, `${base}/p${i}.jpg`, { maxBytes: 1024 * 1024, timeoutMs: 20_000 }).catch((e: unknown) => e),
      ),
    )
    expect(outcomes.every((e) => e instanceof PictureDownloadError && e.reason === 'too-large')).toBe(true)
    const answered = Date.now()
    while (open.size > 0 && Date.now() - answered < 2_000) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(open.size).toBe(0)
  }

  it('over the pinned connections’ GET, as the app downloads pictures', async () => {
    const pinned = pinnedFetch(new AddressGuard({ resolve: systemResolver, trustedBaseUrl: () => base }))
    try {
      await refusedAndClosed(pinned.get, 300)
    } finally {
      await pinned.close()
    }
  }, 30_000)

  it('over fetch, as a proxy carries them', async () => {
    await refusedAndClosed(fetch, 50)
  }, 30_000)
})
