import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { MIME_OF_EXTENSION } from './download'
import type { PictureRef } from '../index'
import type { PictureStore } from './picture-store'
import { PICTURES_URL_PREFIX } from './picture-store'

/** The pictures of the account whose id is in the URL, while it is the active one. */
export type PictureSourceResolver = (accountId: string) => { store: PictureStore; group(id: string): PictureRef | null } | null

/** The bytes to serve: `size` of them from `start` of the file at `path`. */
type Found = { path: string; type: string; start: number; size: number } | 'not-found'

/** Content-hashed names never change content: the renderer may keep them as long as it likes. */
const IMMUTABLE = 'private, max-age=31536000, immutable'

const PICTURE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
}

async function locate(resolve: PictureSourceResolver, url: URL): Promise<Found | null> {
  if (!url.pathname.startsWith(PICTURES_URL_PREFIX)) return null
  const parts = url.pathname.slice(PICTURES_URL_PREFIX.length).split('/')
  let accountId: string
  let rest: string[]
  try {
    ;[accountId = '', ...rest] = parts.map((part) => decodeURIComponent(part))
  } catch {
    return 'not-found'
  }
  const source = resolve(accountId)
  if (!source) return 'not-found'
  let file: string | null = null
  if (rest.length === 1) file = rest[0] as string
  else if (rest.length === 2 && rest[0] === 'full') {
    const group = source.group(rest[1] as string)
    // Not tied to this request: others may be waiting for the same download.
    if (group) file = await source.store.fullFile(group)
  }
  const place = file === null ? null : await source.store.servable(file)
  if (place === null) return 'not-found'
  const type = MIME_OF_EXTENSION[place.extension]
  if (!type) return 'not-found'
  try {
    const info = await stat(place.path)
    if (!info.isFile() || info.size === 0) return 'not-found'
    // A record of a pack: its bytes only, and only while the pack holds them all.
    if (place.length === null) return { path: place.path, type, start: 0, size: info.size }
    return info.size >= place.start + place.length ? { path: place.path, type, start: place.start, size: place.length } : 'not-found'
  } catch {
    return 'not-found'
  }
}

/** The found bytes as a stream (an empty picture is no file anyone stores: not served as one). */
const bytesOf = (found: Exclude<Found, 'not-found'>) =>
  createReadStream(found.path, { start: found.start, end: found.start + found.size - 1 })

/** Serves `/pictures/<accountId>/<file>` (and `/full/<groupId>`) from statusdesk://app in Electron. */
export function pictureProtocolRoute(resolve: PictureSourceResolver) {
  return async (url: URL, request: Request): Promise<Response | null> => {
    const found = await locate(resolve, url)
    if (found === null) return null
    // developer-only: the body of a refused image request, which the page never shows
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 })
    if (found === 'not-found') return new Response('Not found', { status: 404, headers: PICTURE_HEADERS })
    const body = request.method === 'HEAD' ? null : (Readable.toWeb(bytesOf(found)) as ReadableStream)
    return new Response(body, {
      headers: {
        'Content-Type': found.type,
        'Content-Length': String(found.size),
        'Cache-Control': IMMUTABLE,
        ...PICTURE_HEADERS,
      },
    })
  }
}

/** The same for web mode; the web server only calls it for requests that carry the session secret. */
export function pictureWebRoute(resolve: PictureSourceResolver) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const found = await locate(resolve, url)
    if (found === null) return false
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return true
    }
    if (found === 'not-found') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...PICTURE_HEADERS }).end('Not found')
      return true
    }
    res.writeHead(200, {
      'Content-Type': found.type,
      'Content-Length': String(found.size),
      'Cache-Control': IMMUTABLE,
      ...PICTURE_HEADERS,
    })
    if (req.method === 'HEAD') res.end()
    else bytesOf(found).pipe(res)
    return true
  }
}
