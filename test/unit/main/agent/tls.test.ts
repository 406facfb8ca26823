import { X509Certificate } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { get } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentRefusal } from '../../../../src-main/agent/options'
import { agentTls, OWN_TLS_FOLDER } from '../../../../src-main/agent/tls'
import { spawnAgent } from '../../../support/agent-process'

let root = ''
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-tls-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

async function refusal(work: Promise<unknown>): Promise<AgentRefusal> {
  const error = await work.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AgentRefusal)
  return error as AgentRefusal
}

/** A GET that trusts only `ca` (the pinned certificate), as a paired desktop does. */
function pinnedGet(url: string, ca: string): Promise<{ status: number; body: string; fingerprint: string }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { ca }, (res) => {
      const socket = res.socket as unknown as { getPeerCertificate(): { fingerprint256: string } }
      const fingerprint = socket.getPeerCertificate().fingerprint256
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, fingerprint }))
    })
    req.on('error', reject)
  })
}

describe("the agent's certificate", () => {
  it('is made once and kept: the same fingerprint at every start, its key readable by the agent alone', async () => {
    const dataDir = join(root, 'own')
    const first = await agentTls({ kind: 'own' }, dataDir)
    const again = await agentTls({ kind: 'own' }, dataDir)
    expect(first?.own).toBe(true)
    expect(again?.fingerprint).toBe(first?.fingerprint)
    expect(first?.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
    expect(new X509Certificate(first!.cert).fingerprint256).toBe(first!.fingerprint)
    expect((await stat(join(dataDir, OWN_TLS_FOLDER, 'agent-key.pem'))).mode & 0o777).toBe(0o600)
  })

  it("takes the operator's certificate and key, and refuses a key that is not the certificate's, or a file it cannot read", async () => {
    const made = await agentTls({ kind: 'own' }, join(root, 'operator-source'))
    const other = await agentTls({ kind: 'own' }, join(root, 'other-source'))
    const certFile = join(root, 'cert.pem')
    const keyFile = join(root, 'key.pem')
    const wrongKey = join(root, 'wrong-key.pem')
    await writeFile(certFile, made!.cert)
    await writeFile(keyFile, made!.key)
    await writeFile(wrongKey, other!.key)
    const taken = await agentTls({ kind: 'operator', certFile, keyFile }, join(root, 'unused'))
    expect(taken).toMatchObject({ fingerprint: made!.fingerprint, own: false })

    const mismatched = await refusal(agentTls({ kind: 'operator', certFile, keyFile: wrongKey }, root))
    expect(mismatched.text).toMatchObject({ key: 'desktop.agent.tls.unreadable', params: { file: certFile } })
    const missing = await refusal(agentTls({ kind: 'operator', certFile: join(root, 'none.pem'), keyFile }, root))
    expect(missing.text.key).toBe('desktop.agent.tls.unreadable')
    await writeFile(join(root, 'garbage.pem'), 'not a certificate')
    const garbage = await refusal(agentTls({ kind: 'operator', certFile: join(root, 'garbage.pem'), keyFile }, root))
    expect(garbage.text.key).toBe('desktop.agent.tls.unreadable')
  })

  it('is what the agent serves with --tls: its fingerprint printed at start, and health answered over TLS to a client that pins it', async () => {
    const dataDir = join(root, 'served')
    const run = spawnAgent(dataDir, { STATUSDESK_AGENT_KEY: Buffer.alloc(32, 7).toString('base64') }, ['--tls'])
    try {
      const ready = await run.waitFor((line) => line['event'] === 'ready')
      const printed = await run.waitFor((line) => line['event'] === 'certificate')
      const url = String(ready['url'])
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
      const cert = await readFile(join(dataDir, OWN_TLS_FOLDER, 'agent-cert.pem'), 'utf8')
      expect(printed['fingerprint']).toBe(new X509Certificate(cert).fingerprint256)
      expect(String(printed['message'])).toContain(String(printed['fingerprint']))

      const health = await pinnedGet(`${url}/health`, cert)
      expect(health.status).toBe(200)
      expect(health.fingerprint).toBe(printed['fingerprint'])
      // A client that does not trust this certificate is refused by its own TLS check: nothing is sent in clear.
      await expect(new Promise((resolve, reject) => get(`${url}/health`, resolve).on('error', reject))).rejects.toThrow(/self[- ]signed/i)
    } finally {
      run.child.kill('SIGTERM')
      await run.exited()
    }
  }, 90_000)
})
