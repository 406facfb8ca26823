import type { EventName } from '@shared/channels/contract'
import type { Result } from '@shared/errors'
import {
  WEB_CLIENT_HEADER,
  WEB_EVENTS_PATH,
  WEB_INVOKE_PREFIX,
  WEB_SECRET_FRAGMENT,
  WEB_SECRET_HEADER,
  WEB_SESSION_PATH,
} from '@shared/web-transport'
import { takeClientId } from './client-id'
import { openEventStream } from './event-stream'
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

/**
 * Web mode comes back on the same address after a restart, so opening its new address in a
 * tab already on it changes only the fragment, which loads nothing. Reloading then lets the
 * page start afresh with the new secret.
 */
export function reloadOnNewSecret(win: Window = window): void {
  win.addEventListener('hashchange', () => {
    if (new URLSearchParams(win.location.hash.replace(/^#/, '')).get(WEB_SECRET_FRAGMENT)) win.location.reload()
  })
}

export interface WebTransportOptions {
  /** Where the server is; the page's own origin when empty. */
  base?: string
  fetch?: typeof fetch
  /** The server no longer accepts this tab's secret (a bookmark, or web mode was restarted). */
  onRejected?: () => void
  backoff?: (attempt: number) => number
  /** This tab's name for main (its own account on screen); the tab's kept one when not given. */
  clientId?: string
}

/**
 * HTTP to web mode's server. Every request carries the secret in a header and nothing else
 * does: no cookie, so no other server the browser visits ever receives a credential. Every
 * request also names this tab (the client), so two tabs on one server each keep their own
 * account on screen. Events come over a fetch stream and pictures or media are fetched by
 * `fetchOwn` into blob: URLs.
 */
export function createWebTransport(secret: string | null, options: WebTransportOptions = {}): Transport {
  const base = options.base ?? ''
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const clientId = options.clientId ?? takeClientId()
  const ownHeaders = { [WEB_SECRET_HEADER]: secret ?? '', [WEB_CLIENT_HEADER]: clientId }
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let closeStream: (() => void) | null = null
  let rejected = false

  const reject = () => {
    if (rejected) return
    rejected = true
    closeStream?.()
    options.onRejected?.()
  }

  // Credentials 'omit': the secret header is the only proof, so nothing ambient rides along.
  async function fetchOwn(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(ownHeaders)) headers.set(name, value)
    const response = await doFetch(base + path, { ...init, headers, credentials: 'omit' })
    if (response.status === 401) reject()
    return response
  }

  function dispatchEvent(name: string, data: string): void {
    const set = listeners.get(name)
    if (!set?.size) return
    let payload: unknown
    try {
      payload = JSON.parse(data)
    } catch {
      return
    }
    for (const listener of set) listener(payload)
  }

  return {
    kind: 'web',
    async invoke(channel, arg) {
      try {
        const response = await fetchOwn(WEB_INVOKE_PREFIX + encodeURIComponent(channel), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ arg }),
        })
        return (await response.json()) as Result<unknown>
      } catch {
        return LOST_CONTACT
      }
    },
    on(event: EventName, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      if (!closeStream && !rejected) {
        closeStream = openEventStream({
          url: base + WEB_EVENTS_PATH,
          headers: ownHeaders,
          fetch: (input, init) => doFetch(input, { ...init, credentials: 'omit' }),
          onEvent: dispatchEvent,
          onRejected: reject,
          ...(options.backoff ? { backoff: options.backoff } : {}),
        })
      }
      return () => set.delete(listener)
    },
    fetchOwn,
    async checkSession() {
      if (!secret) return false
      try {
        const response = await fetchOwn(WEB_SESSION_PATH)
        return response.ok
      } catch {
        // The server is not there at all: the app shows its own "lost contact" messages.
        return true
      }
    },
  }
}
