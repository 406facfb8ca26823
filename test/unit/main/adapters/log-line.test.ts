import { describe, expect, it } from 'vitest'
import { formatLogLine } from '../../../../src-main/adapters/log-line'

const date = new Date(2026, 10, 22, 9, 5, 7)

describe('console log lines', () => {
  it('are one readable line for a person: time, level, scope, message, then fields', () => {
    const line = formatLogLine(
      {
        date,
        level: 'info',
        scope: 'sync',
        data: ['sync finished', { groups: 5000, took: '812 ms', ok: true }],
      },
      'text',
    )
    expect(line).toBe('09:05:07 info  [sync] sync finished groups=5000 took="812 ms" ok=true')
  })

  it('stay on one line whatever the message or its fields hold, and carry no terminal escapes', () => {
    const data = ['server said:\nFAKE 00:00:00 error [web] forged\u001b[2J', { detail: { body: 'a\r\nb' }, raw: 'x\u001b]0;title\u0007' }]
    for (const format of ['text', 'json'] as const) {
      const line = formatLogLine({ date, level: 'warn', scope: 'api', data }, format)
      for (const char of ['\n', '\r', '\u001b', '\u0007']) expect(line).not.toContain(char)
    }
    expect(formatLogLine({ date, level: 'warn', scope: 'api', data }, 'text')).toContain('server said:\\nFAKE')
  })

  it('are one JSON object a line for programs, with the fields at the top level', () => {
    const line = formatLogLine(
      {
        date,
        level: 'error',
        scope: 'web',
        data: ['web request failed', { error: 'boom', status: 500 }],
      },
      'json',
    )
    expect(JSON.parse(line)).toEqual({
      time: date.toISOString(),
      level: 'error',
      scope: 'web',
      message: 'web request failed',
      error: 'boom',
      status: 500,
    })
  })

  it('keep C1 controls and line separators out of JSON lines too, still valid JSON', () => {
    const line = formatLogLine({ date, level: 'info', data: ['a\u009bb\u2028c'] }, 'json')
    expect(line).not.toMatch(/[\u009b\u2028]/)
    expect(JSON.parse(line).message).toBe('a\u009bb\u2028c')
  })

  it('turn errors and odd values into something readable', () => {
    const line = formatLogLine({ date, level: 'error', data: [new Error('disk full'), 12n, ['a']] }, 'text')
    expect(line).toBe('09:05:07 error disk full arg1=12 arg2=["a"]')
  })
})
