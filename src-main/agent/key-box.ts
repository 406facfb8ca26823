import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SecretBox } from '../account/accounts/secret-box'

/** The operator's key is 32 bytes: AES-256. */
export const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_ID_BYTES = 8
/**
 * What every sealed text starts with, so a later format can be read beside this one: the
 * format's name and version, then which key sealed it (the first bytes of its SHA-256, which
 * tells "another key" from "damaged" without saying anything of the key itself).
 */
const PREFIX = Buffer.from('sdagent1', 'ascii')
const HEADER_BYTES = PREFIX.length + KEY_ID_BYTES + IV_BYTES + TAG_BYTES

/** The backend the accounts list names (`keyring.backend`): provider tokens are sealed with the operator's key. */
export const OPERATOR_KEY_BACKEND = 'operator-key'

/** Why a sealed text did not open: the box says it to the log, never the text itself. */
export class SealedWithAnotherKey extends Error {
  override name = 'SealedWithAnotherKey'
}

function keyIdOf(key: Buffer): Buffer {
  return createHash('sha256').update('statusdesk-agent key id\n').update(key).digest().subarray(0, KEY_ID_BYTES)
}

/**
 * Provider tokens at rest on the agent, sealed with the operator's key (AES-256-GCM): a fresh
 * IV for every seal, the header authenticated with the text, the key's id in the header. A text
 * sealed with another key, or damaged, is refused; the account then waits for its token
 * ("token needed"), and nothing crashes.
 */
export function operatorKeyBox(key: Uint8Array): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`the operator's key must be ${KEY_BYTES} bytes, not ${key.length}`)
  const secret = Buffer.from(key)
  const keyId = keyIdOf(secret)
  return {
    status: () => ({ available: true, backend: OPERATOR_KEY_BACKEND }),
    encrypt: async (plain) => {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', secret, iv)
      const head = Buffer.concat([PREFIX, keyId, iv])
      cipher.setAAD(head)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([head, cipher.getAuthTag(), body])
    },
    decrypt: async (sealed) => {
      const data = Buffer.from(sealed)
      if (data.length < HEADER_BYTES || !data.subarray(0, PREFIX.length).equals(PREFIX)) throw new Error('not sealed by an agent key')
      const sealedBy = data.subarray(PREFIX.length, PREFIX.length + KEY_ID_BYTES)
      // developer-only: the vault turns any refusal into "token needed"; this reason is for the log.
      if (!timingSafeEqual(sealedBy, keyId)) throw new SealedWithAnotherKey('sealed with another operator key')
      const ivAt = PREFIX.length + KEY_ID_BYTES
      const iv = data.subarray(ivAt, ivAt + IV_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', secret, iv)
      decipher.setAAD(data.subarray(0, ivAt + IV_BYTES))
      decipher.setAuthTag(data.subarray(ivAt + IV_BYTES, HEADER_BYTES))
      const text = Buffer.concat([decipher.update(data.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8')
      return { text, stale: false }
    },
  }
}
