import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PictureDownloadError, downloadPicture } from '../../../../../../src-main/features/groups/pictures'
import { AddressGuard, publicFetch, systemResolver } from '../../../../../../src-main/platform/net'
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
