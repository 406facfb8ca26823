import { createReadStream } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { AppError, type Result } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { largestAllowed, type StoryLimits } from '@shared/story/limits'
import { GRANT_ID_PATTERN, MEDIA_ROUTE_PREFIX, MEDIA_UPLOAD_PATH } from '@shared/story/media-facts'
import { securityHeaders } from '../../../platform/net/csp'
import type { MediaStore } from './media-store'

interface MediaReply {
  status: number
  headers: Record<string, string>
  /** Byte range to stream, inclusive; null for no body. */
  range: { path: string; start: number; end: number } | null
}

/** `bytes=0-`, `bytes=100-199`, `bytes=-500`; several ranges are served whole, as RFC 9110 allows. */
function parseRange(header: string | null | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || (match[1] === '' && match[2] === '')) return null
  let start: number
  let end: number
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end }
}

/** A granted file, served back on our own origin so the renderer can show and measure it. */
export async function mediaReply(store: MediaStore, pathname: string, rangeHeader?: string | null): Promise<MediaReply | null> {
  if (!pathname.startsWith(MEDIA_ROUTE_PREFIX)) return null
  const id = pathname.slice(MEDIA_ROUTE_PREFIX.length)
  const base = { ...securityHeaders(), 'Cache-Control': 'private, no-cache', 'Accept-Ranges': 'bytes' }
  const grant = GRANT_ID_PATTERN.test(id) ? await store.get(id) : null
  const path = grant ? await store.pathOf(id) : null
  if (!grant || !path) return { status: 404, headers: { ...base, 'Content-Type': 'text/plain; charset=utf-8' }, range: null }
  const range = parseRange(rangeHeader, grant.size)
  if (range === 'unsatisfiable') return { status: 416, headers: { ...base, 'Content-Range': `bytes */${grant.size}` }, range: null }
  const { start, end } = range ?? { start: 0, end: grant.size - 1 }
  return {
    status: range ? 206 : 200,
    headers: {
      ...base,
      'Content-Type': grant.mimeType,
      'Content-Length': String(Math.max(0, end - start + 1)),
      ...(range && { 'Content-Range': `bytes ${start}-${end}/${grant.size}` }),
    },
    range: grant.size === 0 ? null : { path, start, end },
  }
}

function sendJson(res: ServerResponse, status: number, body: Result<unknown>): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}

/**
 * Web mode's routes (the server runs them only for requests carrying the session secret):
 * `GET /media/<id>` serves a grant; `POST /media-upload?name=` streams a chosen or dropped
 * file to disk and answers `{ok, value: grant}` like a channel would.
 */
export function mediaWebRoutes(store: MediaStore, limits: () => StoryLimits) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname === MEDIA_UPLOAD_PATH) {
      if (req.method !== 'POST') {
        sendJson(res, 405, { ok: false, error: { code: 'invalid-request', text: userText('errors.bridge.methodNotAllowed') } })
        return true
      }
      // Like the invoke endpoint: a browser always sends Origin on a POST, so its absence means not our page.
      if (req.headers.origin === undefined) {
        sendJson(res, 403, { ok: false, error: { code: 'forbidden', text: userText('errors.bridge.foreignOrigin') } })
        return true
      }
      const declared = Number(req.headers['content-length'] ?? NaN)
      const max = largestAllowed(limits())
      try {
        if (Number.isFinite(declared) && declared > max) {
          req.resume()
          throw new AppError('too-large', userText('mediaErrors.file.tooLarge', { limit: max }), { max })
        }
        const grant = await store.importStream(req, url.searchParams.get('name') ?? 'media')
        sendJson(res, 200, { ok: true, value: grant })
      } catch (error) {
        if (!req.complete) req.resume()
        const data =
          error instanceof AppError ? error.toData() : { code: 'internal' as const, text: userText('mediaErrors.file.notReceived') }
        sendJson(res, 200, { ok: false, error: data })
      }
      return true
    }
    if (!url.pathname.startsWith(MEDIA_ROUTE_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false
    const reply = await mediaReply(store, url.pathname, req.headers.range)
    if (!reply) return false
    res.writeHead(reply.status, reply.headers)
    if (reply.range && req.method === 'GET')
      createReadStream(reply.range.path, { start: reply.range.start, end: reply.range.end }).pipe(res)
    else res.end()
    return true
  }
}

/** The same files under statusdesk://app/media/<id> in the desktop app (a ProtocolRoute). */
export function mediaProtocolRoute(store: MediaStore) {
  return async (url: URL, request: Request): Promise<Response | null> => {
    if (!url.pathname.startsWith(MEDIA_ROUTE_PREFIX) || (request.method !== 'GET' && request.method !== 'HEAD')) return null
    const reply = await mediaReply(store, url.pathname, request.headers.get('range'))
    if (!reply) return null
    const body =
      reply.range && request.method === 'GET'
        ? (Readable.toWeb(createReadStream(reply.range.path, { start: reply.range.start, end: reply.range.end })) as ReadableStream)
        : null
    return new Response(body, { status: reply.status, headers: reply.headers })
  }
}
