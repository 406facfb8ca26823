import ipaddr from 'ipaddr.js'

/**
 * What kind of network an address is on, in ipaddr.js's words: `unicast` is the public
 * internet; everything else (`loopback`, `private`, `linkLocal`, `uniqueLocal`,
 * `carrierGradeNat`, `reserved`, the IPv6 forms that embed an IPv4 address...) is not.
 * An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is.
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid'
  return ipaddr.process(address).range()
}

export const PUBLIC_NETWORK = 'unicast'

/** `[::1]` in a URL is `::1` to a resolver. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(bareHost(host))
}
