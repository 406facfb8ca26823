import type { TokenStorage } from '@shared/channels/accounts'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { SecretBox } from './secret-box'

/**
 * How a token is written in the accounts file. The version leads so a later format can be
 * read beside this one:
 *   v1:keyring:<base64 of safeStorage ciphertext>
 *   v1:weak:<base64 of the token>   (no real keyring; the file is readable by its owner only)
 * A session-only token is never written.
 */
const PREFIX = { keyring: 'v1:keyring:', weak: 'v1:weak:' } as const

export class TokenVault {
  readonly #box: SecretBox

  constructor(box: SecretBox) {
    this.#box = box
  }

  /** The stored form of a token, or null for session-only storage. */
  async seal(token: string, storage: TokenStorage): Promise<string | null> {
    switch (storage) {
      case 'session':
        return null
      case 'weak':
        return PREFIX.weak + Buffer.from(token, 'utf8').toString('base64')
      case 'keyring': {
        let sealed: Uint8Array
        try {
          sealed = await this.#box.encrypt(token)
        } catch {
          throw new AppError('storage', userText('accountErrors.storage.encryptFailed'), { reason: 'keyring-failed' })
        }
        return PREFIX.keyring + Buffer.from(sealed).toString('base64')
      }
    }
  }

  /**
   * The token back from its stored form, and whether it should be sealed again (the keyring
   * rotated its key). Throws an AppError that never quotes the stored text.
   */
  async open(sealed: string): Promise<{ token: string; stale: boolean }> {
    if (sealed.startsWith(PREFIX.weak)) {
      return { token: Buffer.from(sealed.slice(PREFIX.weak.length), 'base64').toString('utf8'), stale: false }
    }
    if (sealed.startsWith(PREFIX.keyring)) {
      try {
        const { text, stale } = await this.#box.decrypt(Buffer.from(sealed.slice(PREFIX.keyring.length), 'base64'))
        return { token: text, stale }
      } catch {
        throw new AppError('storage', userText('accountErrors.storage.decryptFailed'), { reason: 'keyring-failed' })
      }
    }
    throw new AppError('storage', userText('accountErrors.storage.unknownFormat'), { reason: 'unknown-format' })
  }
}
