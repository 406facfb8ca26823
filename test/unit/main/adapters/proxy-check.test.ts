import { describe, expect, it } from 'vitest'
import { proxyCheck } from '../../../../src-main/adapters/proxy-check'

describe('proxyCheck', () => {
  const answering = (answer: string | Error) =>
    proxyCheck({
      resolveProxy: (url: string) => {
        expect(url).toBe('https://pps.example/p.jpg')
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
      },
    })

  it.each([
    ['DIRECT', false],
    [' direct; ', false],
    ['PROXY proxy.corp:8080', true],
    ['PROXY proxy.corp:8080; DIRECT', true],
    ['SOCKS5 127.0.0.1:1080', true],
    ['HTTPS secure.corp:443', true],
  ])('%j means proxied: %s', async (answer, proxied) => {
    expect(await answering(answer)('https://pps.example/p.jpg')).toBe(proxied)
  })

  it('treats a failed lookup as proxied, so the URL goes the way the system sends it', async () => {
    expect(await answering(new Error('session destroyed'))('https://pps.example/p.jpg')).toBe(true)
  })
})
