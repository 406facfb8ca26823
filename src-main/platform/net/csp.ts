/**
 * The one Content-Security-Policy of the renderer, sent as a header by the app protocol and
 * by the web transport. Images and media come only from our own origin (group pictures and
 * granted media files are served there), plus blob:/data: for previews built in the page.
 */
export function contentSecurityPolicy(options: { dev?: boolean } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'blob:', 'data:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  }
  if (options.dev) {
    // Vite's dev server injects styles inline and talks to its HMR socket.
    directives['style-src']!.push("'unsafe-inline'")
    directives['connect-src']!.push('ws://localhost:*', 'http://localhost:*')
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** Headers every response of the renderer's origin carries. */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
}
