import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AddressGuard,
  NotPublicError,
  TooManyRedirectsError,
  networkOf,
  publicFetch,
  type ResolveHost,
} from '../../../../../src-main/platform/net'
import { startHttpFixture, type HttpFixture } from '../../../../support/http-fixture'

/**
 * `media.example` and `cdn.example` are public names (a fake resolver says so) whose
 * connections the test's fetch sends to a real loopback server; every other address is
 * what it says it is.
 */
let server: HttpFixture
let inside: HttpFixture
const names: Record<string, string[]> = {}
const resolve: ResolveHost = async (host) => {
  const found = names[host]
  if (found) return found
  if (/^[\d.]+$|:/.test(host)) return [host.replace(/^\[|\]$/g, '')]
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
}
const viaLoopback = (url: string, init: RequestInit) => fetch(url.replace(/^http:\/\/(media|cdn)\.example/, server.baseUrl), init)

beforeAll(async () => {
  server = await startHttpFixture()
  inside = await startHttpFixture((_req, res) => res.end('internal secret'))
})
afterAll(async () => {
  await server.close()
  await inside.close()
})
beforeEach(() => {
  server.requests.length = 0
  inside.requests.length = 0
  for (const key of Object.keys(names)) delete names[key]
  names['media.example'] = ['93.184.215.14']
  names['cdn.example'] = ['2606:2800:21f:cb07:6820:80da:af6b:8b2c']
})

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  return error as Error
}

describe('networkOf (ipaddr.js)', () => {
  it.each([
    ['93.184.215.14', 'unicast'],
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['fd00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
  ])('%s is %s', (address, network) => {
    expect(networkOf(address)).toBe(network)
  })
})

describe('publicFetch', () => {
  const guarded = (extra: { trustedBaseUrl?: () => string | null } = {}) =>
    publicFetch({ fetch: viaLoopback, guard: new AddressGuard({ resolve, ...extra }) })

  it('fetches from a public host', async () => {
    server.handle((_req, res) => res.end('picture'))
    const response = await guarded()('http://media.example/a.png', { method: 'GET' })
    expect(await response.text()).toBe('picture')
  })

  it.each([
    ['a loopback literal', () => `${inside.baseUrl}/x`],
    ['a name resolving to a private address', () => 'http://router.lan/x'],
    ['a name resolving to the metadata address', () => 'http://metadata.internal/latest'],
    ['a name with one public and one private address', () => 'http://split.example/x'],
    ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${new URL(inside.baseUrl).port}/x`],
    ['IPv6 loopback', () => 'http://[::1]:9/x'],
  ])('refuses %s before connecting, with one message', async (_name, target) => {
    names['router.lan'] = ['192.168.1.1']
    names['metadata.internal'] = ['169.254.169.254']
    names['split.example'] = ['93.184.215.14', '10.0.0.7']
    const error = await refusal(guarded()(target(), { method: 'GET' }))
    expect(error).toBeInstanceOf(NotPublicError)
    expect(error.message).toBe(new NotPublicError().message)
    expect((error as NotPublicError).text).toEqual({ key: 'apiErrors.address.notPublic' })
    expect(inside.requests).toEqual([])
  })

  it('checks every redirect hop, and refuses one that points inside', async () => {
    server.handle((_req, res) => {
      res.writeHead(302, { location: `${inside.baseUrl}/admin` })
      res.end()
    })
    const error = await refusal(guarded()('http://media.example/a.png', { method: 'GET' }))
    expect(error).toBeInstanceOf(NotPublicError)
    expect(server.requests).toHaveLength(1)
    expect(inside.requests).toEqual([])
  })

  it('follows redirects between public hosts, relative ones too', async () => {
    server.handle((req, res) => {
      if (req.url === '/a') return res.writeHead(301, { location: 'http://cdn.example/b' }).end()
      if (req.url === '/b') return res.writeHead(307, { location: '/c' }).end()
      res.end(`landed on ${req.url}`)
    })
    const response = await guarded()('http://media.example/a', { method: 'GET' })
    expect(await response.text()).toBe('landed on /c')
    expect(server.requests.map((r) => r.url)).toEqual(['/a', '/b', '/c'])
  })

  it('stops a redirect loop at the bound', async () => {
    server.handle((req, res) => res.writeHead(302, { location: `/loop${server.requests.length}` }).end())
    const error = await refusal(guarded()('http://media.example/loop', { method: 'GET' }))
    expect(error).toBeInstanceOf(TooManyRedirectsError)
    expect((error as TooManyRedirectsError).text).toEqual({ key: 'apiErrors.address.tooManyRedirects', params: { count: 5 } })
    expect(server.requests).toHaveLength(6)
  })

  it('refuses a redirect to another scheme with the same message', async () => {
    server.handle((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end())
    expect(await refusal(guarded()('http://media.example/a', { method: 'GET' }))).toBeInstanceOf(NotPublicError)
  })

  it('allows the kind of network the account’s own server is on (the emulator on loopback)', async () => {
    inside.handle((_req, res) => res.end('emulator picture'))
    const onLoopback = guarded({ trustedBaseUrl: () => inside.baseUrl })
    expect(await (await onLoopback(`${inside.baseUrl}/p.png`, { method: 'GET' })).text()).toBe('emulator picture')
    // ...but not other private networks.
    names['router.lan'] = ['192.168.1.1']
    expect(await refusal(onLoopback('http://router.lan/x', { method: 'GET' }))).toBeInstanceOf(NotPublicError)
    // A public account server allows nothing private.
    const onPublic = guarded({ trustedBaseUrl: () => 'https://media.example' })
    expect(await refusal(onPublic(`${inside.baseUrl}/p.png`, { method: 'GET' }))).toBeInstanceOf(NotPublicError)
  })
})
