import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { HttpError } from './protocol/http'

const CHALLENGE = { 'www-authenticate': 'Bearer' }

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The provider takes `Authorization: Bearer <token>` or `?token=`. When both are
 * present the header decides.
 */
export function authenticate(req: IncomingMessage, params: URLSearchParams, tokens: readonly string[]): void {
  const header = req.headers.authorization
  let token: string | undefined
  if (header !== undefined) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)
    if (match === null) throw new HttpError(401, 'Unauthorized', 'the Authorization header must be "Bearer <token>"', CHALLENGE)
    token = match[1]
  } else {
    token = params.get('token') ?? undefined
  }
  if (token === undefined || token === '')
    throw new HttpError(401, 'Unauthorized', 'no token: send Authorization: Bearer <token>', CHALLENGE)
  if (!tokens.some((t) => same(t, token))) throw new HttpError(401, 'Unauthorized', 'the token is not valid', CHALLENGE)
}
