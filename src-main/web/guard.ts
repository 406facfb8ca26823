import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { CLIENT_ID_PATTERN, WEB_CLIENT_HEADER, WEB_SECRET_HEADER } from '@shared/web-transport'

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
 * Browsers say which site a request comes from. A page of another loopback port counts as the
 * same site, so requests that use the secret must come from our own origin, or from outside a
 * browser (no header at all).
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

/**
 * The per-launch secret is accepted in one place only: a request header, which a browser
 * never adds by itself. Cookies are not accepted at all: they ignore ports, so any other
 * server on 127.0.0.1 the browser visits would receive them and could replay them.
 */
export function hasSecret(req: IncomingMessage, secret: string): boolean {
  const header = req.headers[WEB_SECRET_HEADER]
  return sameSecret(typeof header === 'string' ? header : undefined, secret)
}

/**
 * The page a request comes from, as the engine knows its clients: the name the page gave itself
 * (one per tab), or one name for every request that gave none (a script, an older page).
 */
export function webClient(req: IncomingMessage): string {
  const given = req.headers[WEB_CLIENT_HEADER]
  return typeof given === 'string' && CLIENT_ID_PATTERN.test(given) ? `web:${given}` : 'web'
}
