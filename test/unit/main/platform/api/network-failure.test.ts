import { describe, expect, it } from 'vitest'
import { closedByServer, networkErrorCode, provesNotSent } from '../../../../../src-main/platform/api/network-failure'

const undiciFailure = (code: string) =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code }),
  })

describe('provesNotSent', () => {
  it.each(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED'])('is true for %s on err.cause.code (undici)', (code) => {
    expect(provesNotSent(undiciFailure(code))).toBe(true)
    expect(networkErrorCode(undiciFailure(code))).toBe(code)
  })

  it('is true when happy-eyeballs wraps the refusals in an AggregateError', () => {
    const aggregate = new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], 'all failed')
    expect(provesNotSent(new TypeError('fetch failed', { cause: aggregate }))).toBe(true)
  })

  it('is true for the Chromium wording of net.fetch', () => {
    expect(provesNotSent(new Error('net::ERR_NAME_NOT_RESOLVED'))).toBe(true)
    expect(provesNotSent(new Error('net::ERR_CONNECTION_REFUSED'))).toBe(true)
    expect(networkErrorCode(new Error('net::ERR_CONNECTION_RESET'))).toBe('net::ERR_CONNECTION_RESET')
  })

  it.each(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_HEADERS_TIMEOUT'])('is false for %s: the request may have arrived', (code) => {
    expect(provesNotSent(undiciFailure(code))).toBe(false)
  })

  it('is false for a reset in Chromium wording, and for anything unexplained', () => {
    expect(provesNotSent(new Error('net::ERR_CONNECTION_RESET'))).toBe(false)
    expect(provesNotSent(new TypeError('fetch failed'))).toBe(false)
    expect(provesNotSent(undefined)).toBe(false)
  })
})

describe('closedByServer', () => {
  it.each(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])('is true for %s on an open connection', (code) => {
    expect(closedByServer(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code }) }))).toBe(true)
  })

  it('is true in Chromium wording, false for a refused connection or an unknown failure', () => {
    expect(closedByServer(new Error('net::ERR_CONNECTION_RESET'))).toBe(true)
    expect(closedByServer(new Error('net::ERR_EMPTY_RESPONSE'))).toBe(true)
    expect(closedByServer(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(false)
    expect(closedByServer(new Error('net::ERR_NAME_NOT_RESOLVED'))).toBe(false)
    expect(closedByServer(new Error('boom'))).toBe(false)
  })
})
