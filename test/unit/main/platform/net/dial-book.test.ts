import { describe, expect, it } from 'vitest'
import { DialBook, type ResolveHost } from '../../../../../src-main/platform/net'

function resolver(names: Record<string, string[]>): { resolve: ResolveHost; asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    resolve: async (host) => {
      asked.push(host)
      const found = names[host]
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
      return found
    },
  }
}

describe('DialBook', () => {
  it('asks about each origin and each host once, the account’s server included, and says what it found', async () => {
    const { resolve, asked } = resolver({ 'cdn.example': ['93.184.215.14'], 'api.example': ['93.184.215.15'] })
    const book = new DialBook({ trustedBaseUrl: 'https://api.example', resolve })
    const first = await book.plan(['https://cdn.example', 'https://cdn.example', 'http://cdn.example:8080', 'https://gone.example'])
    expect(first.origins).toEqual([
      ['https://cdn.example', true],
      ['http://cdn.example:8080', true],
      ['https://gone.example', true],
    ])
    expect(new Map(first.hosts)).toEqual(
      new Map([
        ['cdn.example', ['93.184.215.14']],
        ['gone.example', null],
        ['api.example', ['93.184.215.15']],
      ]),
    )
    expect(await book.plan(['https://cdn.example'])).toEqual({ origins: [], hosts: [] })
    expect(asked.sort()).toEqual(['api.example', 'cdn.example', 'gone.example'])
  })

  it('leaves proxied origins to main, unresolved, and judges address literals as written', async () => {
    const { resolve, asked } = resolver({ 'direct.example': ['93.184.215.14'] })
    const proxyAsked: string[] = []
    const book = new DialBook({
      trustedBaseUrl: undefined,
      resolve,
      viaProxy: async (url) => {
        proxyAsked.push(url)
        if (url.includes('broken')) throw new Error('no answer')
        return url.startsWith('https://proxied.example')
      },
    })
    const plan = await book.plan([
      'https://proxied.example',
      'https://direct.example',
      'https://broken.example',
      'https://127.0.0.1:9',
      'https://[::1]:9',
    ])
    expect(plan.origins).toEqual([
      ['https://proxied.example', false],
      ['https://direct.example', true],
      // As main's own check: no answer means the system's way, through main.
      ['https://broken.example', false],
      ['https://127.0.0.1:9', true],
      ['https://[::1]:9', true],
    ])
    expect(asked).toEqual(['direct.example'])
    // Each asked once, by its root URL: what Chromium hands a PAC script for any https URL of it.
    expect(proxyAsked).toEqual([
      'https://proxied.example/',
      'https://direct.example/',
      'https://broken.example/',
      'https://127.0.0.1:9/',
      'https://[::1]:9/',
    ])
  })

  it('leaves plain-http origins to main when the system has proxy settings: a PAC script sees each URL’s path there', async () => {
    const { resolve, asked } = resolver({ 'cdn.example': ['93.184.215.14'] })
    const proxyAsked: string[] = []
    const book = new DialBook({
      trustedBaseUrl: undefined,
      resolve,
      viaProxy: async (url) => {
        proxyAsked.push(url)
        return false
      },
    })
    const plan = await book.plan(['http://cdn.example', 'http://127.0.0.1:9', 'https://cdn.example'])
    expect(plan.origins).toEqual([
      ['http://cdn.example', false],
      ['http://127.0.0.1:9', false],
      ['https://cdn.example', true],
    ])
    expect(proxyAsked).toEqual(['https://cdn.example/'])
    expect(asked).toEqual(['cdn.example'])
  })

  it('never plans anything but a web origin', async () => {
    const { resolve, asked } = resolver({})
    const plan = await new DialBook({ trustedBaseUrl: undefined, resolve }).plan(['file://x', 'null', 'https://a.example/path'])
    expect(plan.origins.every(([, direct]) => !direct)).toBe(true)
    expect(asked).toEqual([])
  })
})
