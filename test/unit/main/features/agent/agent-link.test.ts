import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noKeyring, type SecretBox } from '../../../../../src-main/account/accounts/secret-box'
import { TokenVault } from '../../../../../src-main/account/accounts/token-vault'
import { APP_FILE_LIST, APP_FILES } from '../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import { AgentLink } from '../../../../../src-main/features/agent/agent-link'
import { EventHub } from '../../../../../src-main/platform/events'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { type InProcessAgent, startInProcessAgent } from '../../../../support/agent-server'
import { testHandlers } from '../../../../support/handlers'

/** A keyring as safeStorage is one: what it seals cannot be read without it. */
const keyring: SecretBox = {
  status: () => ({ available: true, backend: 'test' }),
  encrypt: async (plain) => Buffer.from(`sealed:${Buffer.from(plain).reverse().toString('base64')}`),
  decrypt: async (sealed) => {
    const text = Buffer.from(sealed).toString()
    if (!text.startsWith('sealed:')) throw new Error('not mine')
    return { text: Buffer.from(text.slice(7), 'base64').reverse().toString(), stale: false }
  },
}

let root = ''
let agent: InProcessAgent
/** Every device token the agent gave, read off the wire. */
const tokens: string[] = []
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  if (String(input).endsWith('/pair') && response.ok) {
    const body = (await response.clone().json()) as { value: { token: string } }
    tokens.push(body.value.token)
  }
  return response
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-link-'))
  agent = await startInProcessAgent(root, testHandlers())
}, 60_000)
afterAll(async () => {
  await agent.close()
  await rm(root, { recursive: true, force: true })
})

let folders = 0
function linkIn(dir: string, box: SecretBox = keyring, fetchFn: typeof fetch = recordingFetch) {
  const events = new EventHub()
  const heard: unknown[] = []
  const notices: unknown[] = []
  events.subscribe((name, payload) => {
    if (name === 'agent:changed') heard.push(payload)
    if (name === 'app:notice') notices.push(payload)
  })
  const link = new AgentLink({
    file: new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.agentLink),
    vault: new TokenVault(box),
    keyring: () => box.status(),
    fetch: fetchFn,
    events,
    log: silentLogger,
  })
  return { link, heard, notices, file: join(dir, 'agent.json') }
}
const freshDir = () => mkdtemp(join(root, `desk-${folders++}-`))

describe("the desktop's pairing with an agent", () => {
  it('pairs with the printed code, keeps the token sealed by the keyring, and calls the agent with it after a restart', async () => {
    const dir = await freshDir()
    const { link, heard, file } = linkIn(dir)
    const status = await link.pair({ url: `${agent.server.url}/`, code: agent.code(), deviceName: 'Front desk' })
    expect(status).toMatchObject({
      paired: true,
      url: agent.server.url,
      deviceName: 'Front desk',
      storage: 'keyring',
      hasToken: true,
      reachable: true,
    })
    expect(heard).toHaveLength(1)
    const token = tokens.at(-1)!
    // The token is in no answer to the page, and not in clear on disk.
    expect(JSON.stringify(status)).not.toContain(token)
    const onDisk = await readFile(file, 'utf8')
    expect(onDisk).not.toContain(token)
    expect(onDisk).not.toContain(token.slice(-20))
    expect(JSON.parse(onDisk)).toMatchObject({ version: 1, storage: 'keyring', token: expect.stringMatching(/^v1:keyring:/) })
    // A restart opens the sealed token and the agent answers to it.
    const again = linkIn(dir).link
    expect(await again.invoke('app:info', undefined)).toMatchObject({ transport: 'agent' })
    expect(await again.check()).toMatchObject({ paired: true, hasToken: true, reachable: true, lastError: null })
  })

  it('refuses plain http off this machine, another scheme, or a path, before the code is spent', async () => {
    const { link, file } = linkIn(await freshDir())
    const code = agent.code()
    for (const url of [
      'http://192.168.1.5:8731',
      'ftp://127.0.0.1:8731',
      `${agent.server.url}/api`,
      'http://user:pw@127.0.0.1:1',
      'nonsense',
    ]) {
      await expect(link.pair({ url, code, deviceName: 'Desk' }), url).rejects.toMatchObject({
        text: { key: 'errors.agentLink.badAddress' },
      })
    }
    // Over https a pin is needed first: the user compares the certificate before pairing.
    await expect(link.pair({ url: 'https://agent.example:8731', code, deviceName: 'Desk' })).rejects.toMatchObject({
      text: { key: 'errors.agentLink.noFingerprint' },
    })
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' })
    // The code was never tried: it still pairs.
    expect(await link.pair({ url: agent.server.url, code, deviceName: 'Desk' })).toMatchObject({ paired: true })
  })

  it("keeps the person's name it paired with, and a pairing without one reads as before", async () => {
    const dir = await freshDir()
    const { link, file } = linkIn(dir)
    expect(await link.pair({ url: agent.server.url, code: agent.code(), deviceName: 'Desk', personName: 'Ana' })).toMatchObject({
      deviceName: 'Desk',
      personName: 'Ana',
    })
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ deviceName: 'Desk', personName: 'Ana' })
    expect(await linkIn(dir).link.status()).toMatchObject({ personName: 'Ana' })
    const bare = linkIn(await freshDir())
    expect(await bare.link.pair({ url: agent.server.url, code: agent.code(), deviceName: 'Desk' })).toMatchObject({ personName: null })
    expect(JSON.parse(await readFile(bare.file, 'utf8'))).not.toHaveProperty('personName')
  })

  it("says the agent's words for a wrong code, and keeps nothing", async () => {
    const { link, file } = linkIn(await freshDir())
    const wrong = agent.code().startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA'
    await expect(link.pair({ url: agent.server.url, code: wrong, deviceName: 'Desk' })).rejects.toMatchObject({
      code: 'forbidden',
      text: { key: 'errors.agent.wrongCode', params: { tries: 4 } },
    })
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await link.status()).toMatchObject({ paired: false, hasToken: false })
  })

  it('without a keyring, asks how to keep the token before spending the code; a session-only one is gone after a restart', async () => {
    const dir = await freshDir()
    const box = noKeyring('web')
    const { link, file } = linkIn(dir, box)
    const code = agent.code()
    await expect(link.pair({ url: agent.server.url, code, deviceName: 'Desk' })).rejects.toMatchObject({
      text: { key: 'accountErrors.storage.choiceNeeded' },
    })
    expect(await link.pair({ url: agent.server.url, code, deviceName: 'Desk', storage: 'session' })).toMatchObject({
      storage: 'session',
      hasToken: true,
    })
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ storage: 'session', token: null })
    const restarted = linkIn(dir, box).link
    expect(await restarted.status()).toMatchObject({ paired: true, hasToken: false })
    await expect(restarted.invoke('app:info', undefined)).rejects.toMatchObject({ text: { key: 'errors.agentLink.noToken' } })
  })

  it('forgets the agent: tells it to refuse the token, then the file and the token are gone', async () => {
    const dir = await freshDir()
    const { link, file, notices } = linkIn(dir)
    await link.pair({ url: agent.server.url, code: agent.code(), deviceName: 'Desk' })
    const token = tokens.at(-1)!
    expect(await link.unpair()).toMatchObject({ paired: false, hasToken: false, url: null })
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(link.invoke('app:info', undefined)).rejects.toMatchObject({ text: { key: 'errors.agentLink.notPaired' } })
    expect(notices).toEqual([])
    // The agent refuses the token from now on.
    const refused = await fetch(`${agent.server.url}/api/invoke/app:info`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: '{}',
    })
    expect(refused.status).toBe(403)
  })

  it('forgets an agent it cannot reach all the same, and says the token stays valid there', async () => {
    const dir = await freshDir()
    const { link, file } = linkIn(dir)
    await link.pair({ url: agent.server.url, code: agent.code(), deviceName: 'Desk' })
    const away = linkIn(dir, keyring, async () => {
      throw new TypeError('fetch failed')
    })
    expect(await away.link.unpair()).toMatchObject({ paired: false })
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(away.notices).toEqual([{ level: 'warning', text: { key: 'errors.agentLink.notRevoked', params: { url: agent.server.url } } }])
  })

  it('reads the agent as a hostile peer: too large, not JSON, a redirect, no answer, nobody there', async () => {
    const dir = await freshDir()
    const { link } = linkIn(dir)
    await link.pair({ url: agent.server.url, code: agent.code(), deviceName: 'Desk' })
    const file = JSON.parse(await readFile(join(dir, 'agent.json'), 'utf8')) as Record<string, unknown>
    let mode = ''
    const hostile: Server = createServer((req, res) => {
      if (mode === 'huge') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(`{"ok":true,"value":"${'x'.repeat(5 * 1024 * 1024)}"}`)
      } else if (mode === 'html') res.end('<html>hello</html>')
      else if (mode === 'shape') res.end('{"ok":"yes"}')
      else if (mode === 'redirect') res.writeHead(302, { location: `${agent.server.url}/api/invoke/app:info` }).end()
      // 'silent': never answers.
    })
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`
    const { writeFile } = await import('node:fs/promises')
    await writeFile(join(dir, 'agent.json'), JSON.stringify({ ...file, url: origin }))
    const peer = linkIn(dir).link
    const answers: Record<string, unknown> = {}
    for (mode of ['huge', 'html', 'shape', 'redirect']) {
      answers[mode] = await peer.invoke('app:info', undefined).then(
        () => 'answered',
        (error: { code: string; text: { key: string } }) => `${error.code} ${error.text.key}`,
      )
    }
    expect(answers).toEqual({
      huge: 'invalid-response errors.agentLink.badAnswer',
      html: 'invalid-response errors.agentLink.badAnswer',
      shape: 'invalid-response errors.agentLink.badAnswer',
      redirect: 'offline errors.agentLink.unreachable',
    })
    expect(await peer.status()).toMatchObject({ reachable: false, lastError: { code: 'offline' } })
    mode = 'silent'
    const slow = new AgentLink({
      file: new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.agentLink),
      vault: new TokenVault(keyring),
      keyring: () => keyring.status(),
      fetch,
      events: new EventHub(),
      log: silentLogger,
      callTimeoutMs: 300,
    })
    await expect(slow.invoke('app:info', undefined)).rejects.toMatchObject({ code: 'timeout', text: { key: 'errors.agentLink.timeout' } })
    hostile.closeAllConnections()
    await new Promise<void>((resolve) => hostile.close(() => resolve()))
    await expect(peer.invoke('app:info', undefined)).rejects.toMatchObject({
      code: 'offline',
      text: { key: 'errors.agentLink.unreachable' },
    })
  }, 30_000)
})
