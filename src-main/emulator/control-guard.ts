import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import { authenticate } from './auth'
import { HttpError } from './protocol/http'

/**
 * The /__emulator routes change what the emulator answers, and the demo account runs one
 * inside the app: they take the same token as the API, and a Host naming the emulator by
 * address or as localhost, on its own port. A web page cannot send the token, and one that
 * rebinds its own name to 127.0.0.1 still sends that name as the Host.
 */
export function guardControl(req: IncomingMessage, params: URLSearchParams, tokens: readonly string[], port: number): void {
  let host: URL | undefined
  try {
    host = new URL(`http://${req.headers.host ?? ''}`)
  } catch {
    host = undefined
  }
  const name = host?.hostname.replace(/^\[|\]$/g, '')
  if (host === undefined || name === undefined || (isIP(name) === 0 && name !== 'localhost') || Number(host.port || 80) !== port) {
    throw new HttpError(403, 'Forbidden', 'the Host header must name the emulator by address, on its port')
  }
  authenticate(req, params, tokens)
}
