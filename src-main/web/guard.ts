import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { WEB_SECRET_HEADER, WEB_SESSION_COOKIE } from '@shared/web-transport'

/** The origins this server answers for: only itself on loopback. */
export function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`]
}

/** Rejects DNS-rebinding (foreign Host) and cross-site requests (foreign Origin). */
export function hostAndOriginAllowed(req: IncomingMessage, port: number): boolean {
  const origins = ownOrigins(port)
  const host = req.headers.host
  if (!host || !origins.includes(`http://${host}`)) return false
  const origin = req.headers.origin
  return origin === undefined || origins.includes(origin)
}

/**
 * Browsers say which site a request comes from. The session cookie is SameSite=Strict, but a
 * page on another loopback port counts as the same site and would still send it (an <img>
 * or <video> carries no Origin), so requests that use the secret must come from our own
 * origin, or from no page at all (an address typed into the browser).
 */
export function fromOwnPage(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site']
  return site === undefined || site === 'same-origin' || site === 'none'
}

function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

/**
 * The per-launch secret arrives in a header (fetch) or in the HttpOnly session cookie the
 * page obtains once, which lets <img> and EventSource requests carry it too.
 */
export function hasSecret(req: IncomingMessage, secret: string): boolean {
  const header = req.headers[WEB_SECRET_HEADER]
  return (
    sameSecret(typeof header === 'string' ? header : undefined, secret) ||
    sameSecret(cookieValue(req, WEB_SESSION_COOKIE), secret)
  )
}
