import type { EventName } from '@shared/contract'
import type { Result } from '@shared/errors'
import {
  WEB_EVENTS_PATH,
  WEB_INVOKE_PREFIX,
  WEB_SECRET_FRAGMENT,
  WEB_SECRET_HEADER,
  WEB_SESSION_PATH,
} from '@shared/web-transport'
import { LOST_CONTACT, type Transport } from './transport'

const STORAGE_KEY = 'statusdesk.web-secret'

/**
 * Takes the per-launch secret from the URL fragment (never sent to any server), keeps it
 * for reloads of this tab, and removes it from the address bar and history.
 */
export function takeSecret(loc: Location = location, storage: Storage = sessionStorage): string | null {
  const params = new URLSearchParams(loc.hash.replace(/^#/, ''))
  const fromHash = params.get(WEB_SECRET_FRAGMENT)
  if (fromHash) {
    storage.setItem(STORAGE_KEY, fromHash)
    history.replaceState(null, '', loc.pathname + loc.search)
    return fromHash
  }
  return storage.getItem(STORAGE_KEY)
}

export function createWebTransport(secret: string | null): Transport {
  const headers = { 'Content-Type': 'application/json', [WEB_SECRET_HEADER]: secret ?? '' }
  let source: EventSource | null = null
  let session: Promise<unknown> | null = null

  // The session cookie lets EventSource and <img> requests prove the secret too.
  const ensureSession = () =>
    (session ??= fetch(WEB_SESSION_PATH, { method: 'POST', headers, credentials: 'same-origin' }).catch(() => {
      session = null
    }))

  return {
    kind: 'web',
    async invoke(channel, arg) {
      await ensureSession()
      try {
        const response = await fetch(WEB_INVOKE_PREFIX + encodeURIComponent(channel), {
          method: 'POST',
          headers,
          credentials: 'same-origin',
          body: JSON.stringify({ arg }),
        })
        return (await response.json()) as Result<unknown>
      } catch {
        return LOST_CONTACT
      }
    },
    on(event: EventName, listener: (payload: unknown) => void) {
      const relay = (message: MessageEvent<string>) => listener(JSON.parse(message.data))
      void ensureSession().then(() => {
        source ??= new EventSource(WEB_EVENTS_PATH, { withCredentials: true })
        source.addEventListener(event, relay)
      })
      return () => source?.removeEventListener(event, relay)
    },
  }
}
