import type { IncomingMessage, ServerResponse } from 'node:http'
import type { EventHub } from '../platform/events'

/** A comment line this often keeps proxies and idle timeouts from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000

/**
 * Sends every event of `events` down one server-sent-events response until its client goes:
 * web mode's page and the agent's paired devices follow the engine through this. `opened` runs
 * once the stream is written to, `closed` once when the client has gone, after the stream stopped.
 */
export function streamEvents(
  req: IncomingMessage,
  res: ServerResponse,
  events: EventHub,
  hooks: { opened: () => void; closed: () => void },
): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' })
  res.write(': connected\n\n')
  hooks.opened()
  const unsubscribe = events.subscribe((name, payload) => {
    res.write(`event: ${name}\ndata: ${JSON.stringify(payload ?? null)}\n\n`)
  })
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS)
  req.on('close', () => {
    clearInterval(heartbeat)
    unsubscribe()
    hooks.closed()
  })
}
