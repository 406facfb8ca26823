import { stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
}

export function mimeTypeOf(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * Maps a URL path onto a file inside the built renderer, refusing anything that would
 * escape the folder. Unknown paths fall back to index.html so the single-page app can
 * own its routes. Used by the app protocol and the web transport alike.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/')
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const base = resolve(root)
  const candidate = resolve(base, '.' + (decoded.endsWith('/') ? decoded + 'index.html' : decoded))
  if (candidate !== base && !candidate.startsWith(base + sep)) return null
  const found = await stat(candidate).catch(() => null)
  if (found?.isFile()) return candidate
  if (extname(decoded) === '') {
    const index = resolve(base, 'index.html')
    if ((await stat(index).catch(() => null))?.isFile()) return index
  }
  return null
}
