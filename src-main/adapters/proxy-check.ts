/** The part of Electron's Session that knows the system's proxy settings (PAC scripts included). */
export interface ProxyResolver {
  resolveProxy(url: string): Promise<string>
}

/**
 * Whether Chromium would send `url` through a proxy. Its answer is a PAC list such as
 * `PROXY proxy.corp:8080; DIRECT`; only a plain `DIRECT` means a direct connection. When the
 * answer cannot be had, the URL is treated as proxied, so it still goes the way the system
 * would send it.
 */
export function proxyCheck(session: ProxyResolver): (url: string) => Promise<boolean> {
  return async (url) => {
    try {
      return !/^\s*DIRECT\s*;?\s*$/i.test(await session.resolveProxy(url))
    } catch {
      return true
    }
  }
}
