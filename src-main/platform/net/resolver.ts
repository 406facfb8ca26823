import { lookup } from 'node:dns/promises'
import { bareHost, isIpLiteral } from './address-policy'

/** Every address a host name stands for (an address literal stands for itself). */
export type ResolveHost = (hostname: string) => Promise<string[]>

/** The system's resolver (hosts file, DNS), as the fetch that follows will use it. */
export const systemResolver: ResolveHost = async (hostname) => {
  const host = bareHost(hostname)
  if (isIpLiteral(host)) return [host]
  const found = await lookup(host, { all: true, verbatim: true })
  return found.map((entry) => entry.address)
}
