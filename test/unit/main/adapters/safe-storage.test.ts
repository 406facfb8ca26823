import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** Chromium's safeStorage as far as the adapter uses it: XOR "encryption" with a marker, per-backend availability. */
const fake = vi.hoisted(() => {
  const state = { backend: 'gnome_libsecret' as string, available: true, rotate: false, calls: 0 }
  const xor = (bytes: Uint8Array) => Uint8Array.from(bytes, (b) => b ^ 0x2f)
  const safeStorage = {
    isAsyncEncryptionAvailable: async () => state.available,
    getSelectedStorageBackend: () => state.backend,
    encryptStringAsync: async (text: string) => {
      state.calls++
      return Buffer.concat([Buffer.from('v11'), xor(Buffer.from(text, 'utf8'))])
    },
    decryptStringAsync: async (data: Buffer) => {
      if (data.subarray(0, 3).toString() !== 'v11')
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
      return { result: Buffer.from(xor(data.subarray(3))).toString('utf8'), shouldReEncrypt: state.rotate }
    },
  }
  return { state, safeStorage }
})

vi.mock('electron', () => ({ safeStorage: fake.safeStorage, default: { safeStorage: fake.safeStorage } }))

const { createSafeStorageBox } = await import('../../../../src-main/adapters/safe-storage')
const { openConfStore } = await import('../../../../src-main/adapters/conf-store')
const { AccountsService } = await import('../../../../src-main/account/accounts/accounts-service')
const { TokenVault } = await import('../../../../src-main/account/accounts/token-vault')
const { silentLogger } = await import('../../../../src-main/platform/log/log')
const { startEmulator } = await import('../../../../src-main/emulator')

const TOKEN = 'live_tok_7c1d2e3f4a5b6c7d'

beforeEach(() => {
  Object.assign(fake.state, { backend: 'gnome_libsecret', available: true, rotate: false, calls: 0 })
})

describe('safeStorage box', () => {
  it('uses the real keyring on Linux and reports its backend', async () => {
    const box = await createSafeStorageBox(undefined, 'linux')
    expect(box.status()).toEqual({ available: true, backend: 'gnome_libsecret' })
    const sealed = await box.encrypt(TOKEN)
    expect(Buffer.from(sealed).toString('latin1')).not.toContain(TOKEN)
    expect(await box.decrypt(sealed)).toEqual({ text: TOKEN, stale: false })
  })

  it.each(['basic_text', 'unknown'])('counts the Linux %s backend as no real keyring and refuses to encrypt', async (backend) => {
    fake.state.backend = backend
    const box = await createSafeStorageBox(undefined, 'linux')
    expect(box.status()).toEqual({ available: false, backend })
    await expect(box.encrypt(TOKEN)).rejects.toThrow(/no real keyring/)
    expect(fake.state.calls).toBe(0)
  })

  it('has no keyring when safeStorage cannot encrypt', async () => {
    fake.state.available = false
    const box = await createSafeStorageBox(undefined, 'darwin')
    expect(box.status()).toEqual({ available: false, backend: 'keychain' })
  })

  it('names the platform keyring on macOS and Windows', async () => {
    expect((await createSafeStorageBox(undefined, 'darwin')).status()).toEqual({ available: true, backend: 'keychain' })
    expect((await createSafeStorageBox(undefined, 'win32')).status()).toEqual({ available: true, backend: 'dpapi' })
  })

  it('passes on a key rotation as a request to seal again', async () => {
    const box = await createSafeStorageBox(undefined, 'win32')
    const sealed = await box.encrypt(TOKEN)
    fake.state.rotate = true
    expect(await box.decrypt(sealed)).toEqual({ text: TOKEN, stale: true })
  })
})

describe('token vault over safeStorage', () => {
  it('writes v1:keyring:<base64> and reads it back', async () => {
    const vault = new TokenVault(await createSafeStorageBox(undefined, 'linux'))
    const sealed = await vault.seal(TOKEN, 'keyring')
    expect(sealed).toMatch(/^v1:keyring:[A-Za-z0-9+/]+=*$/)
    expect(sealed).not.toContain(TOKEN)
    expect(sealed).not.toContain(Buffer.from(TOKEN).toString('base64'))
    expect(await vault.open(sealed!)).toEqual({ token: TOKEN, stale: false })
  })

  it('writes weak and session tokens as the user chose', async () => {
    fake.state.backend = 'basic_text'
    const vault = new TokenVault(await createSafeStorageBox(undefined, 'linux'))
    expect(await vault.seal(TOKEN, 'weak')).toBe(`v1:weak:${Buffer.from(TOKEN).toString('base64')}`)
    expect(await vault.seal(TOKEN, 'session')).toBeNull()
    await expect(vault.seal(TOKEN, 'keyring')).rejects.toMatchObject({ code: 'storage' })
  })

  it('says what to do with a stored form it cannot open, without quoting it', async () => {
    const vault = new TokenVault(await createSafeStorageBox(undefined, 'linux'))
    await expect(vault.open('v1:keyring:AAAA')).rejects.toMatchObject({
      code: 'storage',
      text: { key: 'accountErrors.storage.decryptFailed' },
    })
    await expect(vault.open(`v9:magic:${TOKEN}`)).rejects.toSatisfy((error: Error) => !error.message.includes(TOKEN))
    await expect(vault.open('v1:weak:eA==')).resolves.toEqual({ token: 'x', stale: false })
    await expect(vault.open('plain')).rejects.toMatchObject({ code: 'storage', details: { reason: 'unknown-format' } })
  })
})

describe('the accounts file on disk with a keyring', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'statusdesk-keyring-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('holds neither the token nor its base64', async () => {
    const emulator = await startEmulator({ token: TOKEN, groups: 3 })
    try {
      const accounts = new AccountsService({
        store: openConfStore({ dir, name: 'accounts' }),
        secretBox: await createSafeStorageBox(undefined, 'linux'),
        dataDir: dir,
        fetch: globalThis.fetch,
        log: silentLogger,
      })
      await accounts.connect('window:1', { baseUrl: emulator.baseUrl, token: TOKEN })
      const text = await readFile(join(dir, 'accounts.json'), 'utf8')
      expect(text).toContain('v1:keyring:')
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(Buffer.from(TOKEN).toString('base64'))
      expect(text).not.toContain(TOKEN.slice(0, -4))
      await accounts.dispose()
    } finally {
      await emulator.stop()
    }
  })
})
