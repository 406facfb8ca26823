import { describe, expect, it } from 'vitest'
import { dispatch } from '../../../../src-main/handlers/dispatch'
import { silentLogger, type Logger } from '../../../../src-main/platform/log/log'
import { TEST_IDENTITY, failing, testHandlers } from '../../../support/handlers'

const ctx = { transport: 'web' as const, client: 'web' }

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const push = (m: string, d?: Record<string, unknown>) => lines.push(m + JSON.stringify(d ?? {}))
  return { lines, debug: push, info: push, warn: push, error: push }
}

describe('dispatch', () => {
  it('runs the handler and wraps its value', async () => {
    const result = await dispatch(testHandlers(), 'app:info', undefined, ctx, silentLogger)
    expect(result).toEqual({ ok: true, value: { ...TEST_IDENTITY, transport: 'web' } })
  })

  it('refuses a channel that is not in the contract', async () => {
    const result = await dispatch(testHandlers(), 'shell:exec', 'rm -rf /', ctx, silentLogger)
    expect(result).toEqual({ ok: false, error: { code: 'invalid-request', text: { key: 'errors.bridge.unknownChannel' } } })
  })

  it('refuses inherited object keys as channel names', async () => {
    const result = await dispatch(testHandlers(), 'constructor', undefined, ctx, silentLogger)
    expect(result.ok).toBe(false)
  })

  it('gives a clear validation error for a bad argument', async () => {
    const result = await dispatch(testHandlers(), 'app:info', { unexpected: true }, ctx, silentLogger)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('invalid-argument')
    expect(result.error.text).toEqual({ key: 'errors.bridge.invalidArgument', params: { field: 'argument' } })
  })

  it('passes an AppError through with its code and text', async () => {
    const handlers = testHandlers({ 'app:info': failing.appError })
    const result = await dispatch(handlers, 'app:info', undefined, ctx, silentLogger)
    expect(result).toEqual({
      ok: false,
      error: { code: 'unauthorized', text: { key: 'apiErrors.http.unauthorized' } },
    })
  })

  it('maps any other error to internal without its message, stack or secrets', async () => {
    const log = recordingLogger()
    const handlers = testHandlers({ 'app:info': failing.leaky })
    const result = await dispatch(handlers, 'app:info', undefined, ctx, log)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('internal')
    const sent = JSON.stringify(result)
    expect(sent).not.toContain('SECRET123')
    expect(sent).not.toContain('ECONNREFUSED')
    expect(sent).not.toContain('.config')
    expect(sent).not.toMatch(/at .*\.ts:\d+/)
    // The full story stays in main's log for diagnosis.
    expect(log.lines.join('\n')).toContain('ECONNREFUSED')
  })
})
