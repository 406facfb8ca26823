import { describe, expect, it } from 'vitest'
import { AgentDeviceNameSchema, AgentPersonNameSchema, agentChannels } from '@shared/channels/agent'
import { AgentLinkFileSchema } from '../../../../src-main/account/files/formats/agent-link'

const PAIR = { url: 'http://127.0.0.1:8731', code: 'ABCD-EFGH', deviceName: 'Front desk' }
const FILE = {
  version: 1,
  url: 'http://127.0.0.1:8731',
  deviceId: '00000000-0000-4000-8000-000000000000',
  deviceName: 'Front desk',
  pairedAt: '2026-03-01T10:00:00.000Z',
  storage: 'weak',
  token: null,
}

describe("a person's name given at pairing", () => {
  it("is cleaned by the device name's one rule: bidi controls out, trimmed, one line, 80 characters at most", () => {
    expect(AgentPersonNameSchema).toBe(AgentDeviceNameSchema)
    expect(AgentPersonNameSchema.parse('  \u202EAna\u202C \u2067Silva\u2069 \u200F')).toBe('Ana Silva')
    expect(AgentPersonNameSchema.parse('هبة')).toBe('هبة')
    for (const hostile of ['', '   ', '\u202E\u2066\u200F\u2069', 'x'.repeat(81), 'Ana\nBia', 'Ana\u2028Bia', 'x'.repeat(401)])
      expect(AgentPersonNameSchema.safeParse(hostile).success).toBe(false)
    // Digits are kept here (it is the person's own desktop); the agent masks a long run where it keeps the name.
    expect(AgentPersonNameSchema.parse('Ana +55 11 98765-4321')).toBe('Ana +55 11 98765-4321')
  })

  it('is optional in agent:pair, so an older caller still pairs, and cleaned when given', () => {
    const schema = agentChannels['agent:pair'].args
    expect(schema.parse(PAIR)).not.toHaveProperty('personName')
    expect(schema.parse({ ...PAIR, personName: '\u2066Ana\u2069' })).toMatchObject({ personName: 'Ana' })
    for (const personName of ['', '\u202E', 'x'.repeat(81), 7, null]) expect(schema.safeParse({ ...PAIR, personName }).success).toBe(false)
  })

  it('may be kept in agent.json; a file written before it was asked still reads', () => {
    expect(AgentLinkFileSchema.parse(FILE)).not.toHaveProperty('personName')
    expect(AgentLinkFileSchema.parse({ ...FILE, personName: 'Ana' })).toMatchObject({ personName: 'Ana' })
    expect(AgentLinkFileSchema.safeParse({ ...FILE, personName: 'a\nb' }).success).toBe(false)
  })
})
