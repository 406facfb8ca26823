import { describe, expect, it } from 'vitest'
import { AgentFingerprintSchema, agentOrigin } from '@shared/channels/agent'

describe("an agent's address", () => {
  it('is plain http on this machine only, and https to any host', () => {
    expect(agentOrigin('http://127.0.0.1:8731/')).toEqual({ origin: 'http://127.0.0.1:8731' })
    expect(agentOrigin('http://[::1]:8731')).toEqual({ origin: 'http://[::1]:8731' })
    expect(agentOrigin('http://agent.example:8731')).toEqual({ problem: 'not-loopback' })
    expect(agentOrigin('https://agent.example:8731')).toEqual({ origin: 'https://agent.example:8731' })
    expect(agentOrigin('https://10.0.0.5:8731')).toEqual({ origin: 'https://10.0.0.5:8731' })
    expect(agentOrigin('https://agent.example:8731/api')).toEqual({ problem: 'has-path' })
    expect(agentOrigin('wss://agent.example')).toEqual({ problem: 'not-http' })
  })

  it("reads a certificate's SHA-256 as the agent prints it, whatever its case or separators", () => {
    const printed = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':')
    expect(AgentFingerprintSchema.parse(printed)).toBe(printed)
    expect(AgentFingerprintSchema.parse(printed.toLowerCase().replace(/:/g, ' '))).toBe(printed)
    expect(AgentFingerprintSchema.safeParse(printed.slice(3)).success).toBe(false)
    expect(AgentFingerprintSchema.safeParse(`${printed}:GG`).success).toBe(false)
  })
})
