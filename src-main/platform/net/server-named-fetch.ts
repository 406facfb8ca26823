import type { BodyResponse, GetLike } from './body-response'
import type { NamedDial } from './named-dial'
import { pinnedFetch, type PinnedFetch } from './pinned-fetch'
import { AddressGuard, publicFetch, type FetchLike } from './public-fetch'
import type { ResolveHost } from './resolver'

export interface ServerNamedFetchOptions {
  resolve: ResolveHost
  /** The system's fetch, which knows the proxy. */
  fetch: FetchLike
  /** Whether the system sends this URL through a proxy; those URLs go through `fetch`. */
  viaProxy?: (url: string) => Promise<boolean>
}

/** The fetch and the light GET for URLs one account's server named, and how a worker reaches them as these do. */
export interface NamedFetch {
  fetch: FetchLike
  get: GetLike
  dial: NamedDial
}

/** Distinct servers kept at once; the one used longest ago lets go of its connections first. */
const MAX_SERVERS = 32

/**
 * Fetches of URLs a server or a user named (group pictures, story media by URL): only public
 * hosts, unless the account's own server is on the same kind of network (the demo, the emulator
 * and a LAN server serve their pictures from there). Each account's server is judged on its
 * own: an account on this computer never lets another account's server name a local address.
 * One set of pinned connections per distinct server; accounts of one provider share it.
 */
export class ServerNamedFetch {
  readonly #opts: ServerNamedFetchOptions
  readonly #byServer = new Map<string, { named: NamedFetch; pinned: PinnedFetch }>()

  constructor(options: ServerNamedFetchOptions) {
    this.#opts = options
  }

  /** For URLs the server at `baseUrl` named; public hosts only when there is none. */
  for(baseUrl: string | undefined): NamedFetch {
    const key = baseUrl ?? ''
    const known = this.#byServer.get(key)
    if (known) {
      // Used now: the last to go.
      this.#byServer.delete(key)
      this.#byServer.set(key, known)
      return known.named
    }
    const guard = new AddressGuard({ resolve: this.#opts.resolve, trustedBaseUrl: () => baseUrl })
    const pinned = pinnedFetch(guard)
    const named: NamedFetch = {
      fetch: publicFetch({ guard, fetch: this.#orProxy(pinned.fetch) }),
      // Group pictures, tens of thousands at a first sync: the same checks, over the pinned connections' lighter GET.
      get: publicFetch<BodyResponse>({ guard, fetch: this.#orProxy(pinned.get) }),
      dial: { trustedBaseUrl: baseUrl, resolve: this.#opts.resolve, ...(this.#opts.viaProxy && { viaProxy: this.#opts.viaProxy }) },
    }
    this.#byServer.set(key, { named, pinned })
    if (this.#byServer.size > MAX_SERVERS) {
      const [oldest, entry] = this.#byServer.entries().next().value!
      this.#byServer.delete(oldest)
      void entry.pinned.close()
    }
    return named
  }

  async close(): Promise<void> {
    const all = [...this.#byServer.values()]
    this.#byServer.clear()
    await Promise.all(all.map((entry) => entry.pinned.close()))
  }

  /** Through a proxy, the proxy resolves the name: only the check before connecting applies, and the system's fetch knows the proxy. */
  #orProxy<R extends BodyResponse>(dial: (url: string, init: RequestInit) => Promise<R>): (url: string, init: RequestInit) => Promise<R> {
    const { viaProxy, fetch } = this.#opts
    if (!viaProxy) return dial
    return async (url, init) => ((await viaProxy(url)) ? (fetch(url, init) as unknown as Promise<R>) : dial(url, init))
  }
}
