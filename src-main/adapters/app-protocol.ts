import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { protocol } from 'electron'
import { securityHeaders } from '../platform/net/csp'
import { mimeTypeOf, resolveStaticFile } from '../app/static-files'

export const APP_SCHEME = 'statusdesk'
export const APP_HOST = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/** A route under our origin served by main (group pictures, granted media) before static files. */
export type ProtocolRoute = (url: URL, request: Request) => Promise<Response | null>

/** Must run before app.whenReady(): makes our scheme behave like https for the renderer. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ])
}

/** Serves the built renderer (and any extra routes) from statusdesk://app/ instead of file://. */
export function serveAppProtocol(rendererDir: string, routes: readonly ProtocolRoute[] = []): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 })
    for (const route of routes) {
      const response = await route(url, request)
      if (response) return response
    }
    const file = await resolveStaticFile(rendererDir, url.pathname)
    if (!file) return new Response('Not found', { status: 404 })
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream
    return new Response(body, { headers: { 'Content-Type': mimeTypeOf(file), ...securityHeaders() } })
  })
}
