import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AddressGuard,
  NotPublicError,
  pinnedFetch,
  publicFetch,
  type PinnedFetch,
  type ResolveHost,
} from '../../../../../src-main/platform/net'
import { networkErrorCode } from '../../../../../src-main/platform/api/network-failure'
import { startHttpFixture, type HttpFixture } from '../../../../support/http-fixture'

/**
 * DNS rebinding: a name that resolves to a public address when the URL is checked and to
 * one inside when fetch resolves it again. The resolver here answers from a script, one
 * answer per lookup, so the test decides what each resolution returns.
 */
let inside: HttpFixture
let answers: Record<string, (string[] | 'ENOTFOUND')[]>
let lookups: string[]
const resolve: ResolveHost = async (host) => {
  lookups.push(host)
  const queue = answers[host]
  if (!queue || queue.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  const next = queue.length > 1 ? queue.shift() : queue[0]
  if (next === 'ENOTFOUND' || next === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return next
}
const port = () => new URL(inside.baseUrl).port
const pinned: PinnedFetch[] = []
const guarded = (trustedBaseUrl?: () => string) => {
  const guard = new AddressGuard({ resolve, ...(trustedBaseUrl && { trustedBaseUrl }) })
  const direct = pinnedFetch(guard)
  pinned.push(direct)
  return publicFetch({ fetch: direct.fetch, guard })
}

beforeAll(async () => {
  inside = await startHttpFixture((_req, res) => res.end('internal secret'))
})
afterAll(async () => {
  await Promise.all(pinned.map((p) => p.close()))
  await inside.close()
})
beforeEach(() => {
  inside.requests.length = 0
  answers = {}
  lookups = []
})

describe('pinnedFetch', () => {
  it('a plain fetch after the check is reached by a rebinding name (why the pin exists)', async () => {
    // `localhost` is what the system resolver will say on the second resolution.
    answers['localhost'] = [['93.184.215.14'], ['127.0.0.1']]
    const unpinned = publicFetch({ fetch: globalThis.fetch, guard: new AddressGuard({ resolve }) })
    const response = await unpinned(`http://localhost:${port()}/secret`, { method: 'GET' })
    expect(await response.text()).toBe('internal secret')
    expect(inside.requests).toHaveLength(1)
  })

  it('refuses a name that turns private between the check and the connection, before connecting', async () => {
    answers['rebind.example'] = [['93.184.215.14'], ['127.0.0.1']]
    const error = await guarded()(`http://rebind.example:${port()}/secret`, { method: 'GET' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotPublicError)
    expect(inside.requests).toEqual([])
    // Checked once for the URL, once more for the very addresses the socket dials.
    expect(lookups).toEqual(['rebind.example', 'rebind.example'])
  })

  it('refuses when any address of the answer is inside, even next to a public one', async () => {
    answers['mixed.example'] = [['93.184.215.14'], ['93.184.215.14', '127.0.0.1']]
    const error = await guarded()(`http://mixed.example:${port()}/secret`, { method: 'GET' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotPublicError)
    expect(inside.requests).toEqual([])
  })

  it('connects to the checked address when the account’s own server is on that network', async () => {
    answers['pictures.local'] = [['127.0.0.1']]
    answers['server.local'] = [['127.0.0.1']]
    const response = await guarded(() => 'http://server.local:1')(`http://pictures.local:${port()}/p`, { method: 'GET' })
    expect(await response.text()).toBe('internal secret')
    expect(inside.requests.map((r) => [r.url, r.headers.host])).toEqual([['/p', `pictures.local:${port()}`]])
  })

  it('reports a name that no longer resolves as the resolver’s error, not as a refusal', async () => {
    answers['gone.example'] = [['93.184.215.14'], 'ENOTFOUND']
    const error = await guarded()(`http://gone.example:${port()}/p`, { method: 'GET' }).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(NotPublicError)
    expect(networkErrorCode(error)).toBe('ENOTFOUND')
    expect(inside.requests).toEqual([])
  })
})
