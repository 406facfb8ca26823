import { bareHost, isIpLiteral } from './address-policy'
import type { BodyResponse, GetLike } from './body-response'
import type { DialPlan } from './named-dial'
import { pinnedGet, type PinnedGet } from './pinned-get'
import { AddressGuard, publicFetch } from './public-fetch'

/**
 * A URL main did not plan for this thread: its origin goes through the proxy, or a redirect
 * led to a host main was not asked about. Main fetches it itself, from the start.
 */
export class DialNotPlanned extends Error {
  constructor() {
    super('not planned here')
    this.name = 'DialNotPlanned'
  }
}

/**
 * The GET main would make for URLs one account's server named (see ServerNamedFetch), on a
 * thread that cannot resolve names or ask the proxy settings itself: names resolve only to
 * the addresses main's resolver gave (DialBook), and only origins main found direct are
 * dialled. Everything else is as in main: the AddressGuard judges every address of every
 * hop before any connection and again as each socket dials it (pinnedGet), redirects are
 * followed one checked hop at a time (publicFetch). A URL outside the plan fails with
 * DialNotPlanned before any connection.
 */
export class PlannedDial {
  readonly get: GetLike
  readonly #direct = new Set<string>()
  readonly #hosts = new Map<string, string[] | null>()
  readonly #pinned: PinnedGet

  constructor(trustedBaseUrl: string | undefined) {
    const guard = new AddressGuard({
      resolve: async (hostname) => this.#resolve(hostname),
      ...(trustedBaseUrl !== undefined && { trustedBaseUrl: () => trustedBaseUrl }),
    })
    this.#pinned = pinnedGet(guard)
    const dial = this.#pinned.get
    const directOnly: GetLike = async (url, init) => {
      if (!this.#direct.has(new URL(url).origin)) throw new DialNotPlanned()
      return dial(url, init)
    }
    this.get = publicFetch<BodyResponse>({ guard, fetch: directOnly })
  }

  /** Takes main's decisions; a later decision about an origin or a host replaces an earlier one. */
  learn(plan: DialPlan): void {
    for (const [origin, direct] of plan.origins) {
      if (direct) this.#direct.add(origin)
      else this.#direct.delete(origin)
    }
    for (const [host, addresses] of plan.hosts) this.#hosts.set(host, addresses)
  }

  close(): Promise<void> {
    return this.#pinned.close()
  }

  #resolve(hostname: string): string[] {
    const host = bareHost(hostname)
    if (isIpLiteral(host)) return [host]
    const addresses = this.#hosts.get(host)
    if (addresses === undefined) throw new DialNotPlanned()
    // As the system's resolver says a name it cannot find: the network, not the picture.
    if (addresses === null) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return addresses
  }
}
