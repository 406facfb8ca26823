import { bareHost, isIpLiteral } from './address-policy'
import type { ResolveHost } from './resolver'

/**
 * How main reaches the URLs one account's server named: its resolver, its proxy decision,
 * and the server whose kinds of network those URLs may reach too (see AddressGuard). A
 * worker thread cannot ask the system's proxy settings (Electron's session lives in main)
 * nor take a resolver handed to main, so main decides both for it (DialBook) and the
 * worker dials only what it was told (PlannedDial).
 */
export interface NamedDial {
  trustedBaseUrl: string | undefined
  resolve: ResolveHost
  /** Whether the system sends a URL through a proxy; none: every URL connects directly. */
  viaProxy?: (url: string) => Promise<boolean>
}

/** What main decided about some origins, for a worker to dial them as main would. */
export interface DialPlan {
  /** Each origin, and whether it connects directly; any other (proxied, or never planned) is main's to fetch. */
  origins: [string, boolean][]
  /** Host names and every address main's resolver gave each; null when it gave none. */
  hosts: [string, string[] | null][]
}

/** The host a resolver is asked about for a URL's or an origin's name, or null for an address literal (judged as written). */
function hostToResolve(hostname: string): string | null {
  const host = bareHost(hostname)
  return isIpLiteral(host) ? null : host
}

/**
 * Main's decisions for one run of downloads: whether each origin goes through the proxy,
 * and each host's addresses, each asked once. An origin's proxy decision is asked with the
 * origin's root URL, as Chromium asks a PAC script about any https URL. Hosts
 * of proxied origins are not resolved here (the proxy resolves them); main fetches those
 * URLs itself, through the same checks as ever, and so those of plain-http origins when the
 * system has proxy settings (a PAC script sees their paths).
 */
export class DialBook {
  readonly #dial: NamedDial
  readonly #origins = new Set<string>()
  readonly #hosts = new Set<string>()

  constructor(dial: NamedDial) {
    this.#dial = dial
  }

  /** The plan for those of `origins` not planned yet (and the trusted server's host, the first time). */
  async plan(origins: Iterable<string>): Promise<DialPlan> {
    const fresh = [...new Set(origins)].filter((origin) => !this.#origins.has(origin))
    for (const origin of fresh) this.#origins.add(origin)
    const decided = await Promise.all(fresh.map(async (origin) => ({ origin, direct: await this.#direct(origin) })))
    const direct = decided.filter((d) => d.direct).map((d) => d.origin)
    const names = [...direct, this.#dial.trustedBaseUrl ?? ''].map(hostnameOf)
    const toResolve = [...new Set(names.map((name) => (name === null ? null : hostToResolve(name))))].filter(
      (host): host is string => host !== null && host !== '' && !this.#hosts.has(host),
    )
    for (const host of toResolve) this.#hosts.add(host)
    const hosts = await Promise.all(
      toResolve.map(async (host): Promise<[string, string[] | null]> => {
        try {
          return [host, await this.#dial.resolve(host)]
        } catch {
          return [host, null]
        }
      }),
    )
    return { origins: decided.map((d): [string, boolean] => [d.origin, d.direct]), hosts }
  }

  async #direct(origin: string): Promise<boolean> {
    const { viaProxy } = this.#dial
    // Only a web origin is dialled; anything else is left to main, which refuses it.
    if (!/^https?:\/\/[^/]+$/.test(origin) || hostnameOf(origin) === null) return false
    if (!viaProxy) return true
    // Chromium gives a PAC script an https URL without its path and query, so the origin's
    // answer is each of its URLs'. An http URL's answer is its own: those stay main's, asked
    // URL by URL as ever.
    if (!origin.startsWith('https:')) return false
    try {
      return !(await viaProxy(`${origin}/`))
    } catch {
      // As the per-URL check did: when the answer cannot be had, the system's way is taken.
      return false
    }
  }
}

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname
  } catch {
    return null
  }
}
