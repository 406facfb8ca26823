import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnAgent } from '../../../support/agent-process'

let root = ''
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-start-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

describe('the agent refuses to start, in one sentence and before touching anything', () => {
  it('without the operator’s key', async () => {
    const run = spawnAgent(join(root, 'no-key'), {})
    const said = await run.waitFor((line) => line['event'] === 'error')
    expect(said).toMatchObject({ key: 'desktop.agent.key.missing' })
    expect(String(said['message'])).toContain('STATUSDESK_AGENT_KEY')
    expect(await run.exited()).toBe(2)
    expect(run.lines().some((line) => line['event'] === 'ready')).toBe(false)
    expect(existsSync(join(root, 'no-key'))).toBe(false)
  })

  it('on a host other than this machine, without TLS', async () => {
    const run = spawnAgent(join(root, 'open'), { STATUSDESK_AGENT_KEY: Buffer.alloc(32, 7).toString('base64') }, [
      '--listen',
      '0.0.0.0:8731',
    ])
    const said = await run.waitFor((line) => line['event'] === 'error')
    expect(said).toMatchObject({ key: 'desktop.agent.usage.notLoopback' })
    expect(await run.exited()).toBe(2)
    expect(existsSync(join(root, 'open'))).toBe(false)
  })
})
