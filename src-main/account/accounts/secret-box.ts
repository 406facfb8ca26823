import type { KeyringStatus } from '@shared/channels/accounts'

/**
 * Encryption by the operating system's keyring (Electron's safeStorage in the app). Only
 * main holds one; the renderer never sees what goes in or comes out.
 */
export interface SecretBox {
  /** Known when the box is made, so listing accounts needs no keyring round trip. */
  status(): KeyringStatus
  /** Rejects when no keyring can encrypt. */
  encrypt(plain: string): Promise<Uint8Array>
  /**
   * Rejects when the data cannot be decrypted (another machine or user, a keyring reset).
   * `stale` asks for the text to be encrypted again (the keyring rotated its key).
   */
  decrypt(sealed: Uint8Array): Promise<{ text: string; stale: boolean }>
}

/** Web mode and any system without a keyring: nothing can be encrypted, the user chooses weak or session storage. */
export function noKeyring(backend = 'none'): SecretBox {
  const refuse = (): Promise<never> => Promise.reject(new Error('no keyring is available'))
  return {
    status: () => ({ available: false, backend }),
    encrypt: refuse,
    decrypt: refuse,
  }
}
