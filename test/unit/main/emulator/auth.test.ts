import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emulator } from '../../../../src-main/emulator/index'
import { specErrors } from '../../../support/emulator-openapi'
import { call, logged, start } from './helpers'

describe('authentication', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await start({ token: ['first-token', 'second-token'], groups: 10 })
  })
  afterAll(() => emulator.stop())

  const groups = (init: RequestInit = {}, query = ''): Promise<{ status: number; body: unknown; headers: Headers }> =>
    call(`${emulator.baseUrl}/groups${query}`, init)

  it('reports the first token and accepts every configured one', async () => {
    expect(emulator.token).toBe('first-token')
    expect(emulator.tokens).toEqual(['first-token', 'second-token'])
    for (const token of emulator.tokens) {
      expect((await groups({ headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    }
  })

  it('accepts the scheme in any case', async () => {
    expect((await groups({ headers: { authorization: 'bearer second-token' } })).status).toBe(200)
  })

  it('accepts the token as a query parameter', async () => {
    expect((await groups({}, '?token=second-token&count=2')).status).toBe(200)
  })

  it.each([
    ['no token at all', {}, ''],
    ['a wrong token', { authorization: 'Bearer nope' }, ''],
    ['a wrong query token', {}, '?token=nope'],
    ['an empty query token', {}, '?token='],
    ['another scheme', { authorization: 'Basic Zmlyc3QtdG9rZW4=' }, ''],
    ['a bare token', { authorization: 'first-token' }, ''],
    ['a prefix of a token', { authorization: 'Bearer first' }, ''],
    ['a wrong header beside a right query token', { authorization: 'Bearer nope' }, '?token=first-token'],
  ])('answers 401 with the provider error body for %s', async (_name, headers, query) => {
    const reply = await groups({ headers }, query)
    expect(reply.status).toBe(401)
    expect(specErrors('ResponseError', reply.body)).toEqual([])
    expect(reply.body).toMatchObject({ error: { code: 401 } })
    expect(reply.headers.get('www-authenticate')).toBe('Bearer')
  })

  it('guards POST /stories too', async () => {
    const reply = await call(`${emulator.baseUrl}/stories`, {
      method: 'POST',
      body: '{"caption":"x"}',
    })
    expect(reply.status).toBe(401)
    expect(emulator.control.stories.list()).toEqual([])
  })

  it('checks the token before the parameters', async () => {
    expect((await groups({}, '?count=9999')).status).toBe(401)
  })

  it('keeps the token out of the request log', async () => {
    await groups({}, '?token=second-token&count=1')
    const paths = (await logged(emulator, 1, (r) => r.path.endsWith('count=1'))).map((r) => r.path)
    expect(paths.some((p) => p.includes('second-token'))).toBe(false)
    expect(paths).toContain('/groups?token=***&count=1')
  })

  it('refuses an empty token list at start', async () => {
    await expect(start({ token: [] })).rejects.toThrow(/token/)
  })
})
