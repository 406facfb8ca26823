import { describe, expect, it } from 'vitest'
import { createAgentLog } from '../../../../src-main/agent/agent-log'

describe("the agent's log", () => {
  it('writes one JSON object a line, with its time, level and scope', () => {
    const lines: string[] = []
    const log = createAgentLog({ write: (line) => lines.push(line), now: () => new Date('2026-03-01T10:00:00Z') }).scoped('agent')
    log.info('agent ready', { accounts: 2 })
    log.debug('not shown at the default level')
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { time: '2026-03-01T10:00:00.000Z', level: 'info', scope: 'agent', message: 'agent ready', accounts: 2 },
    ])
  })

  it('never lets a token or a phone number through, wherever they are in the line', () => {
    const lines: string[] = []
    const logs = createAgentLog({ write: (line) => lines.push(line) })
    const log = logs.scoped('engine')
    const token = 'k3YpZ8qR2vT9wX4mN7bL5cD1'
    const known = 'plain-words-token-for-shop'
    logs.redactor.addSecret(known)
    const phone = '+1 415 555 0123'
    const bare = '14155550123'
    log.warn(`request failed: Authorization: Bearer ${token} for ${phone}`, {
      url: `https://gate.example/groups?token=${token}&to=${bare}`,
      token,
      nested: { said: `token ${known} refused for ${bare}@s.whatsapp.net`, headers: { authorization: `Bearer ${known}` } },
      error: new Error(`sent ${token} to ${phone}`),
    })
    log.error(`${known} ${bare}`)
    const out = lines.join('\n')
    for (const secret of [token, known, phone, bare, '415 555', '5550123']) expect(out).not.toContain(secret)
    expect(out).toContain('[redacted]')
    expect(out).toContain('[number]')
    expect(lines.every((line) => typeof JSON.parse(line) === 'object')).toBe(true)
  })

  it('escapes line breaks, so no value can forge a line', () => {
    const lines: string[] = []
    createAgentLog({ write: (line) => lines.push(line) })
      .scoped('agent')
      .info('a\n{"level":"error","message":"forged"}', { said: 'x\r\ny' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain('\n')
  })
})
