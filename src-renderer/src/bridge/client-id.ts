import { CLIENT_ID_PATTERN } from '@shared/web-transport'

const STORAGE_KEY = 'statusdesk.web-client'
/** 18 random bytes: 24 base64url characters, far more than two tabs could ever share by chance. */
const ID_BYTES = 18

/** A fresh client name: random bytes in base64url (letters, digits, - and _). */
export function newClientId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(ID_BYTES))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * This tab's name for main, which keeps each client's own choices (the account on its screen)
 * under it. Kept in the tab's session storage, so a reload stays the same client while another
 * tab, with a storage of its own, is another client. A kept value that is not a valid name
 * (tampered with, or from an older version) is replaced.
 */
export function takeClientId(storage: Storage | null = sessionStorageOrNull(), make: () => string = newClientId): string {
  const kept = readKept(storage)
  if (kept !== null && CLIENT_ID_PATTERN.test(kept)) return kept
  const id = make()
  try {
    storage?.setItem(STORAGE_KEY, id)
  } catch {
    // Storage refused (full, or blocked): the tab is still one client until it is reloaded.
  }
  return id
}

function readKept(storage: Storage | null): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null
  } catch {
    return null
  }
}

// Reading `sessionStorage` itself throws where the browser blocks storage for the page.
function sessionStorageOrNull(): Storage | null {
  try {
    return sessionStorage
  } catch {
    return null
  }
}
