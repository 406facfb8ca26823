import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { fromOwnPage, hasSecret, hostAndOriginAllowed } from '../../../../src-main/web/guard'

const SECRET = 'k3Yq-8Jw_secret-of-this-launch-0123456789AB'
const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage

describe('web mode guard', () => {
  it('accepts the secret in its header only', () => {
    expect(hasSecret(request({ 'x-statusdesk-secret': SECRET }), SECRET)).toBe(true)
    expect(hasSecret(request({ 'x-statusdesk-secret': SECRET.slice(0, -1) }), SECRET)).toBe(false)
    expect(hasSecret(request({ 'x-statusdesk-secret': '' }), SECRET)).toBe(false)
    expect(hasSecret(request({}), SECRET)).toBe(false)
  })

  it('accepts no cookie, whatever its name, and no other header carrying the secret', () => {
    const attempts: Record<string, string>[] = [
      { cookie: `statusdesk_session=${SECRET}` },
      { cookie: `x-statusdesk-secret=${SECRET}` },
      { authorization: `Bearer ${SECRET}` },
      { 'x-statusdesk-session': SECRET },
    ]
    for (const headers of attempts) {
      expect(hasSecret(request(headers), SECRET)).toBe(false)
    }
  })

  it('lets the secret be used from our own page or from outside a browser, not from another local page', () => {
    expect(fromOwnPage(request({ 'sec-fetch-site': 'same-origin' }))).toBe(true)
    expect(fromOwnPage(request({ 'sec-fetch-site': 'none' }))).toBe(true)
    expect(fromOwnPage(request({}))).toBe(true)
    expect(fromOwnPage(request({ 'sec-fetch-site': 'same-site' }))).toBe(false)
    expect(fromOwnPage(request({ 'sec-fetch-site': 'cross-site' }))).toBe(false)
  })

  it('answers only for its own host and origin on loopback', () => {
    expect(hostAndOriginAllowed(request({ host: '127.0.0.1:4567' }), 4567)).toBe(true)
    expect(hostAndOriginAllowed(request({ host: 'localhost:4567', origin: 'http://localhost:4567' }), 4567)).toBe(true)
    expect(hostAndOriginAllowed(request({ host: '127.0.0.1:4567', origin: 'http://127.0.0.1:4568' }), 4567)).toBe(false)
    expect(hostAndOriginAllowed(request({ host: 'rebound.example:4567' }), 4567)).toBe(false)
    expect(hostAndOriginAllowed(request({}), 4567)).toBe(false)
  })
})
