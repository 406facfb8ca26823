import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SecretBox } from '../../../../../src-main/account/accounts/secret-box'

/**
 * A keyring stand-in: XOR with a key and a marker, so the sealed bytes never contain the
 * text. `locked` makes decrypt fail the way a reset keyring does.
 */
export function fakeKeyring(options: { available?: boolean; backend?: string } = {}) {
  const state = { locked: false, stale: false, encrypted: 0, decrypted: 0 }
  const xor = (bytes: Uint8Array) => Uint8Array.from(bytes, (b, i) => b ^ (0x5a + (i % 7)))
  const box: SecretBox = {
    status: () => ({ available: options.available ?? true, backend: options.backend ?? 'fake_keyring' }),
    async encrypt(plain) {
      if (!(options.available ?? true)) throw new Error('no keyring')
      state.encrypted++
      return Buffer.concat([Buffer.from('FK1'), xor(Buffer.from(plain, 'utf8'))])
    },
    async decrypt(sealed) {
      if (state.locked) throw new Error('keyring locked')
      state.decrypted++
      const bytes = Buffer.from(sealed)
      if (bytes.subarray(0, 3).toString() !== 'FK1') throw new Error('not ours')
      return { text: Buffer.from(xor(bytes.subarray(3))).toString('utf8'), stale: state.stale }
    },
  }
  return { box, state }
}

/** A plain web server that is not a messaging API: it answers every request with `answer`. */
export async function plainServer(answer: {
  status: number
  type: string
  body: string
}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': answer.type })
    res.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A port nothing listens on: bound, then closed. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
