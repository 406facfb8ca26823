import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { TokenVault } from '../../../../src-main/account/accounts/token-vault'
import { OPERATOR_KEY_BACKEND, SealedWithAnotherKey, operatorKeyBox } from '../../../../src-main/agent/key-box'

const TOKEN = 'provider-token-4f1c9a7e2b'

describe("the agent's box for provider tokens (AES-256-GCM with the operator's key)", () => {
  it('opens what it sealed, and says it can encrypt', async () => {
    const box = operatorKeyBox(randomBytes(32))
    expect(box.status()).toEqual({ available: true, backend: OPERATOR_KEY_BACKEND })
    expect(await box.decrypt(await box.encrypt(TOKEN))).toEqual({ text: TOKEN, stale: false })
  })

  it('seals with a fresh IV each time, behind a versioned prefix, and never holds the token in clear', async () => {
    const box = operatorKeyBox(randomBytes(32))
    const [a, b] = [Buffer.from(await box.encrypt(TOKEN)), Buffer.from(await box.encrypt(TOKEN))]
    expect(a.subarray(0, 8).toString('ascii')).toBe('sdagent1')
    expect(a.equals(b)).toBe(false)
    // The IV sits after the prefix and the key's id.
    expect(a.subarray(16, 28).equals(b.subarray(16, 28))).toBe(false)
    for (const sealed of [a, b]) {
      expect(sealed.includes(Buffer.from(TOKEN))).toBe(false)
      expect(sealed.toString('base64')).not.toContain(Buffer.from(TOKEN).toString('base64').slice(0, 12))
    }
  })

  it('refuses a text sealed with another key, and one that was changed', async () => {
    const sealed = Buffer.from(await operatorKeyBox(randomBytes(32)).encrypt(TOKEN))
    const other = operatorKeyBox(randomBytes(32))
    await expect(other.decrypt(sealed)).rejects.toBeInstanceOf(SealedWithAnotherKey)
    const key = randomBytes(32)
    const box = operatorKeyBox(key)
    const good = Buffer.from(await box.encrypt(TOKEN))
    for (const at of [8, 20, 40, good.length - 1]) {
      const bad = Buffer.from(good)
      bad[at] = bad[at]! ^ 1
      await expect(box.decrypt(bad)).rejects.toThrow()
    }
    await expect(box.decrypt(Buffer.from('v1:weak:abc'))).rejects.toThrow()
    await expect(box.decrypt(new Uint8Array(0))).rejects.toThrow()
  })

  it('through the vault, a token sealed with another key is a storage error that quotes nothing, not a crash', async () => {
    const sealed = await new TokenVault(operatorKeyBox(randomBytes(32))).seal(TOKEN, 'keyring')
    expect(sealed).toMatch(/^v1:keyring:/)
    const error = await new TokenVault(operatorKeyBox(randomBytes(32))).open(sealed!).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('storage')
    expect(JSON.stringify((error as AppError).toData())).not.toContain(sealed!.slice(11, 30))
  })

  it('takes only a 32-byte key', () => {
    expect(() => operatorKeyBox(randomBytes(16))).toThrow(/32 bytes/)
  })
})
