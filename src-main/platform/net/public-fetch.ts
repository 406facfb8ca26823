import { userText, type UserText } from '@shared/i18n/user-text'
import { PUBLIC_NETWORK, bareHost, isIpLiteral, networkOf } from './address-policy'
import type { BodyResponse } from './body-response'
import type { ResolveHost } from './resolver'

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/**
 * A fetch was refused because it would reach a machine that is not on the public internet
 * (this computer, the local network, a cloud's metadata address), directly or through a
 * redirect. The text is the same whatever the address, so a caller learns nothing about
 * which internal hosts exist or answer.
 */
export class NotPublicError extends Error {
  /** What the user reads. */
  readonly text: UserText = userText('apiErrors.address.notPublic')

  constructor() {
    super('address not on the public internet')
    this.name = 'NotPublicError'
  }
}

/** More redirects than a media host needs: the chain is not followed to its end. */
export class TooManyRedirectsError extends Error {
  /** What the user reads. */
  readonly text: UserText

  constructor(readonly limit: number) {
    super(`more than ${limit} redirects`)
    this.name = 'TooManyRedirectsError'
    this.text = userText('apiErrors.address.tooManyRedirects', { count: limit })
  }
}

export interface AddressGuardOptions {
  resolve: ResolveHost
  /**
   * The account's own server. Its kinds of network are allowed too: the emulator and the
   * demo run on this computer and serve their pictures from there.
   */
  trustedBaseUrl?: () => string | null | undefined
}

/**
 * Which addresses a server-named URL may reach: the public internet, plus the kinds of
 * network the account's own server is on. Used twice per request: on the URL before any
 * connection (a clear refusal, redirects included), and on the address the connection is
 * actually opened to (`pinnedFetch`), so a name that resolves differently the second time
 * cannot lead inside.
 */
export class AddressGuard {
  readonly resolve: ResolveHost
  readonly #trustedBaseUrl: (() => string | null | undefined) | undefined

  constructor(options: AddressGuardOptions) {
    this.resolve = options.resolve
    this.#trustedBaseUrl = options.trustedBaseUrl
  }

  /** The kinds of network of the account's server, resolved now (the base URL can change). */
  async trustedNetworks(): Promise<Set<string>> {
    const base = this.#trustedBaseUrl?.()
    if (!base) return new Set()
    try {
      return new Set((await this.resolve(new URL(base).hostname)).map(networkOf))
    } catch {
      return new Set()
    }
  }

  /** True when every one of `addresses` may be reached; `trusted` is computed at most once. */
  async allowsAll(addresses: readonly string[], trusted: () => Promise<Set<string>>): Promise<boolean> {
    if (addresses.length === 0) return false
    const found = addresses.map(networkOf)
    if (found.every((network) => network === PUBLIC_NETWORK)) return true
    const allowed = await trusted()
    return found.every((network) => network === PUBLIC_NETWORK || allowed.has(network))
  }

  /** Refuses a URL whose scheme, credentials or resolved addresses are not allowed. */
  async checkUrl(url: URL, trusted: () => Promise<Set<string>>): Promise<void> {
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw new NotPublicError()
    const host = bareHost(url.hostname)
    // A literal address is judged as written; a name only once it is resolved.
    const addresses = isIpLiteral(host) ? [host] : await this.resolve(host)
    if (!(await this.allowsAll(addresses, trusted))) throw new NotPublicError()
  }
}

export interface PublicFetchOptions<R extends BodyResponse = Response> {
  /**
   * Connects; `pinnedFetch(guard)` in the app (its `fetch`, or its `get` for downloads), so
   * the address is checked again as it is dialled.
   */
  fetch: (url: string, init: RequestInit) => Promise<R>
  guard: AddressGuard
  /** Redirects followed at most; default 5. */
  maxRedirects?: number
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const DEFAULT_MAX_REDIRECTS = 5

/**
 * A fetch for URLs a server named (group pictures, story media by URL): each address a host
 * name resolves to is checked before any connection, and redirects are followed here, one
 * checked hop at a time, up to a bound.
 */
export function publicFetch<R extends BodyResponse = Response>(
  options: PublicFetchOptions<R>,
): (url: string, init: RequestInit) => Promise<R> {
  const { guard } = options
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS

  return async (input, init) => {
    let trustedOnce: Promise<Set<string>> | undefined
    const trusted = () => (trustedOnce ??= guard.trustedNetworks())
    const { body: firstBody, ...rest } = init
    let url = new URL(input)
    let method = init.method ?? 'GET'
    let body = firstBody
    for (let hop = 0; ; hop++) {
      await guard.checkUrl(url, trusted)
      const response = await options.fetch(url.href, {
        ...rest,
        method,
        ...(body === undefined || body === null ? {} : { body }),
        redirect: 'manual',
      })
      const location = response.headers.get('location')
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response
      await response.body?.cancel().catch(() => undefined)
      if (hop >= maxRedirects) throw new TooManyRedirectsError(maxRedirects)
      url = new URL(location, url)
      // As browsers do: a 303, or a 301/302 after a POST, continues as a GET without the body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET'
        body = undefined
      }
    }
  }
}
