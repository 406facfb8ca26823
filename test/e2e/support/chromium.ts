import { existsSync } from 'node:fs'

/** Debian's Chromium by default; STATUSDESK_CHROMIUM points elsewhere. */
export const CHROMIUM_PATH = process.env['STATUSDESK_CHROMIUM'] ?? '/usr/bin/chromium'

// Without the background-networking flags Chromium keeps dialling Google's hosts, which a
// closed network refuses many times a second.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}. Install it (apt-get install -y chromium) or set STATUSDESK_CHROMIUM.`)
  }
}
