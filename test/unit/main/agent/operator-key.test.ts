import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOperatorKey } from '../../../../src-main/agent/operator-key'
import { AgentRefusal } from '../../../../src-main/agent/options'

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-agent-key-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function refusal(env: Record<string, string>): Promise<AgentRefusal> {
  const error = await readOperatorKey(env).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(AgentRefusal)
  return error as AgentRefusal
}

describe("the operator's key", () => {
  it('is read from STATUSDESK_AGENT_KEY, base64 or base64url of 32 bytes', async () => {
    const key = randomBytes(32)
    expect(Buffer.from(await readOperatorKey({ STATUSDESK_AGENT_KEY: key.toString('base64') })).equals(key)).toBe(true)
    expect(Buffer.from(await readOperatorKey({ STATUSDESK_AGENT_KEY: ` ${key.toString('base64url')}\n` })).equals(key)).toBe(true)
  })

  it('is read from the file STATUSDESK_AGENT_KEY_FILE names, a line break after it', async () => {
    const key = randomBytes(32)
    const file = join(dir, 'key')
    await writeFile(file, key.toString('base64') + '\n', { mode: 0o600 })
    expect(Buffer.from(await readOperatorKey({ STATUSDESK_AGENT_KEY_FILE: file })).equals(key)).toBe(true)
  })

  it('is required: the agent is refused in words that say what to set', async () => {
    const error = await refusal({})
    expect(error.text.key).toBe('desktop.agent.key.missing')
    expect(error.text.params).toMatchObject({ variable: 'STATUSDESK_AGENT_KEY', fileVariable: 'STATUSDESK_AGENT_KEY_FILE' })
  })

  it('refuses both at once, a key of another size, and text that is not base64, without quoting it', async () => {
    expect((await refusal({ STATUSDESK_AGENT_KEY: 'a', STATUSDESK_AGENT_KEY_FILE: 'b' })).text.key).toBe('desktop.agent.key.both')
    for (const value of [randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), 'not a key at all!', 'é'.repeat(44)]) {
      const error = await refusal({ STATUSDESK_AGENT_KEY: value })
      expect(error.text.key).toBe('desktop.agent.key.invalid')
      expect(JSON.stringify(error.text)).not.toContain(value)
    }
  })

  it('names a key file it cannot read', async () => {
    const missing = join(dir, 'missing')
    expect((await refusal({ STATUSDESK_AGENT_KEY_FILE: missing })).text).toEqual({
      key: 'desktop.agent.key.unreadable',
      params: { file: missing },
    })
    if (process.getuid?.() !== 0) {
      const locked = join(dir, 'locked')
      await writeFile(locked, randomBytes(32).toString('base64'))
      await chmod(locked, 0)
      expect((await refusal({ STATUSDESK_AGENT_KEY_FILE: locked })).text.key).toBe('desktop.agent.key.unreadable')
    }
  })
})
