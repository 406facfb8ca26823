import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SecretBox } from '../../../../../src-main/account/accounts/secret-box'
import { TokenVault } from '../../../../../src-main/account/accounts/token-vault'
import { APP_FILE_LIST, APP_FILES } from '../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import { type AgentTls, agentTls } from '../../../../../src-main/agent/tls'
import { AgentLink } from '../../../../../src-main/features/agent/agent-link'
import { EventHub } from '../../../../../src-main/platform/events'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { type InProcessAgent, startInProcessAgent } from '../../../../support/agent-server'
import { testHandlers } from '../../../../support/handlers'

const keyring: SecretBox = {
  status: () => ({ available: true, backend: 'test' }),
  encrypt: async (plain) => Buffer.from(`sealed:${Buffer.from(plain).toString('base64')}`),
  decrypt: async (sealed) => ({ text: Buffer.from(Buffer.from(sealed).toString().slice(7), 'base64').toString(), stale: false }),
}

let root = ''
let first: AgentTls
let second: AgentTls
/** Every channel the agent ran, whatever the certificate it served. */
const served: string[] = []
const handlers = testHandlers({
  'app:info': async (...args: unknown[]) => {
    served.push('app:info')
    return testHandlers()['app:info'](...(args as [never, never]))
  },
})

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-tls-'))
  first = (await agentTls({ kind: 'own' }, join(root, 'first')))!
  second = (await agentTls({ kind: 'own' }, join(root, 'second')))!
}, 60_000)
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

function linkIn(dir: string) {
  const events = new EventHub()
  return new AgentLink({
    file: new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.agentLink),
    vault: new TokenVault(keyring),
    keyring: () => keyring.status(),
    fetch,
    events,
    log: silentLogger,
  })
}

/** The agent over TLS with `tls`, its devices kept in `dir` across restarts, on `port` (any when 0). */
const agentWith = (dir: string, tls: AgentTls, port = 0): Promise<InProcessAgent> =>
  startInProcessAgent(dir, handlers, new EventHub(), { tls: { cert: tls.cert, key: tls.key }, port })

describe('a desktop paired with an agent over TLS', () => {
  it('reads the certificate before pairing, pins it, and refuses the agent once it restarts with another certificate', async () => {
    const agentDir = await mkdtemp(join(root, 'agent-'))
    const deskDir = await mkdtemp(join(root, 'desk-'))
    let agent = await agentWith(agentDir, first)
    const url = agent.server.url.replace('127.0.0.1', 'localhost')
    const link = linkIn(deskDir)
    try {
      const presented = await link.certificate(url)
      // What the user compares: the very line the agent printed at start.
      expect(presented.fingerprint).toBe(first.fingerprint)
      const status = await link.pair({ url, fingerprint: presented.fingerprint, code: agent.code(), deviceName: 'Laptop' })
      expect(status).toMatchObject({ paired: true, url, fingerprint: first.fingerprint })
      expect(JSON.parse(await readFile(join(deskDir, 'agent.json'), 'utf8'))).toMatchObject({ fingerprint: first.fingerprint })
      expect(await link.invoke('app:info', undefined)).toMatchObject({ name: 'Statusdesk' })
      expect(served).toEqual(['app:info'])

      // The same agent, the same devices, the same port: another certificate.
      await agent.close()
      agent = await agentWith(agentDir, second, agent.server.port)
      await expect(link.invoke('app:info', undefined)).rejects.toMatchObject({
        code: 'certificate-changed',
        text: { key: 'errors.agentLink.certificateChanged', params: { url } },
        details: { presented: second.fingerprint },
      })
      // Nothing reached the agent (no token was sent), and the pin was not changed.
      expect(served).toEqual(['app:info'])
      expect(await link.status()).toMatchObject({
        paired: true,
        fingerprint: first.fingerprint,
        reachable: false,
        lastError: { code: 'certificate-changed' },
      })
      expect(JSON.parse(await readFile(join(deskDir, 'agent.json'), 'utf8'))).toMatchObject({ fingerprint: first.fingerprint })

      // The user forgets it (the agent cannot be told) and pairs again with the new certificate.
      expect(await link.unpair()).toMatchObject({ paired: false, fingerprint: null })
      const again = await link.certificate(url)
      expect(again.fingerprint).toBe(second.fingerprint)
      await link.pair({ url, fingerprint: again.fingerprint, code: agent.code(), deviceName: 'Laptop' })
      expect(await link.invoke('app:info', undefined)).toMatchObject({ name: 'Statusdesk' })
    } finally {
      await link.close()
      await agent.close()
    }
  }, 60_000)

  it('refuses to pair when the agent presents another certificate than the one accepted, and the code is not spent', async () => {
    const agent = await agentWith(await mkdtemp(join(root, 'agent-')), second)
    const deskDir = await mkdtemp(join(root, 'desk-'))
    const link = linkIn(deskDir)
    try {
      const code = agent.code()
      await expect(link.pair({ url: agent.server.url, fingerprint: first.fingerprint, code, deviceName: 'Laptop' })).rejects.toMatchObject({
        code: 'certificate-changed',
      })
      await expect(readFile(join(deskDir, 'agent.json'))).rejects.toMatchObject({ code: 'ENOENT' })
      expect(agent.code()).toBe(code)
      expect(await link.pair({ url: agent.server.url, fingerprint: second.fingerprint, code, deviceName: 'Laptop' })).toMatchObject({
        paired: true,
      })
    } finally {
      await link.close()
      await agent.close()
    }
  }, 60_000)

  it('reads no certificate of a plain-http agent, and accepts https to any host while http stays on this machine', async () => {
    const link = linkIn(await mkdtemp(join(root, 'desk-')))
    await expect(link.certificate('http://127.0.0.1:8731')).rejects.toMatchObject({ text: { key: 'errors.agentLink.notTls' } })
    await expect(link.certificate('http://192.168.1.5:8731')).rejects.toMatchObject({ text: { key: 'errors.agentLink.badAddress' } })
    // A host nobody answers for is unreachable, not refused as an address.
    await expect(link.certificate('https://127.0.0.1:1')).rejects.toMatchObject({ code: 'offline' })
  })
})
