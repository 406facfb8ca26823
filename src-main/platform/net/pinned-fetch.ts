import type { RequestInit as UndiciRequestInit, fetch as UndiciFetch } from 'undici'
import { agentGet, closeAgent, pinnedAgent, refusalIn, type PinnedGet } from './pinned-get'
import type { AddressGuard, FetchLike } from './public-fetch'

/** A fetch, and pinnedGet's GET for many small downloads, over the same pinned connections. */
export interface PinnedFetch extends PinnedGet {
  fetch: FetchLike
}

/**
 * A fetch whose connections are opened only to addresses the guard allows, judged on the
 * very addresses the socket dials: the name is resolved once, at connect time, and the
 * answer that is checked is the answer that is used. Checking a URL first and letting
 * fetch resolve it again would leave a window in which a name with a short TTL changes
 * from a public address to one inside (DNS rebinding).
 *
 * undici's own fetch is used with its Agent (the global fetch is undici too, but takes a
 * dispatcher only from the same copy of undici).
 */
/**
 * undici's fetch, loaded at its first use rather than with this module: the build puts this
 * module beside pinnedGet, in the file the picture worker loads, and that thread never
 * fetches (see undici-agent.ts).
 */
let loading: Promise<typeof UndiciFetch> | null = null
const undiciFetch = (): Promise<typeof UndiciFetch> => (loading ??= import('undici').then((undici) => undici.fetch))

export function pinnedFetch(guard: AddressGuard): PinnedFetch {
  const agent = pinnedAgent(guard)
  return {
    fetch: async (url, init) => {
      try {
        const fetch = await undiciFetch()
        return (await fetch(url, { ...(init as UndiciRequestInit), dispatcher: agent })) as unknown as Response
      } catch (error) {
        // fetch wraps the refusal as "fetch failed"; callers know the refusal by its own class.
        throw refusalIn(error) ?? error
      }
    },
    get: agentGet(agent),
    close: () => closeAgent(agent),
  }
}
