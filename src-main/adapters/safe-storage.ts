import { safeStorage as electronSafeStorage } from 'electron'
import type { SecretBox } from '../account/accounts/secret-box'

type SafeStorage = Pick<
  Electron.SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
>

/** Linux backends that are not a real keyring: Chromium's fixed "basic" key, or not known yet. */
const NOT_A_KEYRING = new Set(['basic_text', 'unknown'])

function platformBackend(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'keychain'
  if (platform === 'win32') return 'dpapi'
  return 'unknown'
}

/**
 * The OS keyring through safeStorage. Call after app `ready`: before it, Linux cannot tell
 * its backend. With `basic_text` safeStorage still "encrypts", but with a key every copy of
 * Chromium knows, so it counts as no keyring and the user is asked to choose.
 */
export async function createSafeStorageBox(
  safeStorage: SafeStorage = electronSafeStorage,
  platform: NodeJS.Platform = process.platform,
): Promise<SecretBox> {
  const encrypts = await safeStorage.isAsyncEncryptionAvailable().catch(() => false)
  const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend() : platformBackend(platform)
  const available = encrypts && !(platform === 'linux' && NOT_A_KEYRING.has(backend))
  return {
    status: () => ({ available, backend }),
    async encrypt(plain) {
      if (!available) throw new Error('no real keyring is available')
      return await safeStorage.encryptStringAsync(plain)
    },
    async decrypt(sealed) {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(sealed))
      return { text: result, stale: shouldReEncrypt }
    },
  }
}
