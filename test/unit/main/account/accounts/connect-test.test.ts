import { AppError } from '@shared/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { connectFailureOf, testConnection } from '../../../../../src-main/account/accounts/connect-test'
import { closedPort, plainServer } from './fakes'

const TOKEN = 'tok_connect_test_0123456789abcdef'
let emulator: Emulator

beforeAll(async () => {
  emulator = await startEmulator({ token: TOKEN, groups: 20 })
})
afterAll(async () => {
  await emulator.stop()
})

async function failure(baseUrl: string, token = TOKEN): Promise<AppError> {
  try {
    await testConnection({ baseUrl, token, fetch: globalThis.fetch })
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    const appError = error as AppError
    expect(appError.message).not.toContain(token)
    expect(JSON.stringify(appError.text)).not.toContain(token)
    expect(JSON.stringify(appError.details)).not.toContain(token)
    return appError
  }
  throw new Error('the connect test passed')
}

describe('connect test', () => {
  it('passes for a working pair in one request, learning the channel’s own number from its messages', async () => {
    emulator.control.requests.clear()
    await expect(testConnection({ baseUrl: emulator.baseUrl, token: TOKEN, fetch: globalThis.fetch })).resolves.toEqual({
      channelId: '15550100001',
    })
    const asked = emulator.control.requests.list()
    expect(asked.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/groups?count=100&offset=0', status: 200 },
    ])
  })

  it('says the token is wrong or the channel not authorized on 401', async () => {
    const error = await failure(emulator.baseUrl, 'tok_wrong_0000000000000000')
    expect(error.code).toBe('unauthorized')
    expect(error.details?.['reason']).toBe('unauthorized')
    expect(error.text).toEqual({ key: 'apiErrors.connect.refusedToken', params: { host: new URL(emulator.baseUrl).host } })
  })

  it('says it cannot reach the server when nothing listens', async () => {
    const error = await failure(`http://127.0.0.1:${await closedPort()}`)
    expect(error.details?.['reason']).toBe('offline')
    expect(error.text.key).toBe('apiErrors.connect.unreachable')
    expect(error.text.params?.['host']).toMatch(/^127\.0\.0\.1:\d+$/)
  })

  it('says the server had a problem on repeated 500s, after one quick retry', async () => {
    emulator.control.faults.add({ type: 'status', status: 500, route: 'groups', times: 2 })
    emulator.control.requests.clear()
    const error = await failure(emulator.baseUrl)
    expect(emulator.control.requests.list().map((request) => request.status)).toEqual([500, 500])
    expect(error.code).toBe('server')
    expect(error.details).toMatchObject({ reason: 'server', status: 500 })
    expect(error.text).toEqual({ key: 'apiErrors.connect.serverProblem', params: { host: new URL(emulator.baseUrl).host, status: 500 } })
    emulator.control.faults.clear()
  })

  it('gets through when a single 500 is followed by a good answer', async () => {
    emulator.control.faults.add({ type: 'status', status: 500, route: 'groups', times: 1 })
    await expect(testConnection({ baseUrl: emulator.baseUrl, token: TOKEN, fetch: globalThis.fetch })).resolves.toEqual({
      channelId: '15550100001',
    })
    emulator.control.faults.clear()
  })

  it.each([
    [
      'a web page with status 200',
      { status: 200, type: 'text/html', body: '<!doctype html><h1>Welcome</h1>' },
      'apiErrors.connect.notGroups',
    ],
    ['a 404 for /groups', { status: 404, type: 'text/html', body: '<h1>Not Found</h1>' }, 'apiErrors.connect.noGroupsEndpoint'],
    ['JSON that is not a groups page', { status: 200, type: 'application/json', body: '{"hello":"world"}' }, 'apiErrors.connect.notGroups'],
  ])('says it is not this kind of server for %s', async (_name, answer, key) => {
    const server = await plainServer(answer)
    try {
      const error = await failure(server.url)
      expect(error.details?.['reason']).toBe('not-api')
      expect(error.text).toEqual({ key, params: { host: new URL(server.url).host } })
    } finally {
      await server.close()
    }
  })

  it('reports a token the client refuses without quoting it', async () => {
    const error = await failure(emulator.baseUrl, 'has a space in it')
    expect(error.code).toBe('invalid-argument')
    expect(error.details?.['reason']).toBe('other')
    expect(error.text).toEqual({ key: 'apiErrors.request.badToken' })
  })

  it('maps every error code to a failure class', () => {
    expect(connectFailureOf('timeout')).toBe('offline')
    expect(connectFailureOf('not-found')).toBe('not-api')
    expect(connectFailureOf('payment')).toBe('other')
  })
})
