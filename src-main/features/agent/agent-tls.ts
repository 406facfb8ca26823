import { isIP } from 'node:net'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici'

/**
 * An agent over TLS is trusted by the certificate the user accepted at pairing, not by a
 * certificate authority: its own is self-signed, and an operator's CA-signed one is pinned the
 * same way. Every connection compares the presented certificate's SHA-256 with the pin before a
 * byte of the request (or the device token) is written.
 */

/** A connection presented another certificate than the pinned one: it was closed unused. */
export class CertificateMismatch extends Error {
  readonly presented: string | null
  constructor(presented: string | null) {
    super('the agent presented another certificate than the pinned one')
    this.name = 'CertificateMismatch'
    this.presented = presented
  }
}

/** What a certificate read before pairing says: the user compares its fingerprint with the agent's `certificate` line. */
export interface PresentedCertificate {
  fingerprint: string
  subject: string
  validTo: string
}

/** The SHA-256 of the certificate a TLS socket was given, as `AB:CD:…`, or null without one. */
function fingerprintOf(socket: TLSSocket): string | null {
  const cert = socket.getPeerCertificate()
  return typeof cert.fingerprint256 === 'string' && cert.fingerprint256.length > 0 ? cert.fingerprint256.toUpperCase() : null
}

function hostOf(origin: string): { host: string; port: number; servername?: string } {
  const url = new URL(origin)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  return { host, port: Number(url.port || 443), ...(isIP(host) === 0 && { servername: host }) }
}

/** Reads the certificate the agent at `origin` presents, trusting nothing yet; the connection carries no request. */
export function readPresentedCertificate(origin: string, timeoutMs: number): Promise<PresentedCertificate> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ ...hostOf(origin), rejectUnauthorized: false, minVersion: 'TLSv1.2' })
    socket.setTimeout(timeoutMs, () => socket.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })))
    socket.once('error', reject)
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate()
      const fingerprint = fingerprintOf(socket)
      socket.end()
      if (fingerprint === null) return reject(new CertificateMismatch(null))
      const subject = typeof cert.subject?.CN === 'string' ? cert.subject.CN.slice(0, 200) : ''
      const validTo = Number.isNaN(Date.parse(cert.valid_to)) ? '' : new Date(cert.valid_to).toISOString()
      resolve({ fingerprint, subject, validTo })
    })
  })
}

export interface CertificatePinnedFetch {
  fetch: typeof fetch
  close(): Promise<void>
}

/** A fetch whose every TLS connection must present the certificate of SHA-256 `fingerprint` (`AB:CD:…`). */
export function certificatePinnedFetch(fingerprint: string): CertificatePinnedFetch {
  const pin = fingerprint.toUpperCase()
  // No CA is asked: the pin is the whole of the trust, checked below on every connection.
  const base = buildConnector({ rejectUnauthorized: false, minVersion: 'TLSv1.2' } as buildConnector.BuildOptions)
  const agent = new Agent({
    connect: (options, callback) => {
      if (options.protocol !== 'https:') return callback(new CertificateMismatch(null), null)
      base(options, (error, socket) => {
        if (error !== null) return callback(error, null)
        const presented = fingerprintOf(socket as TLSSocket)
        if (presented !== pin) {
          socket.destroy()
          return callback(new CertificateMismatch(presented), null)
        }
        callback(null, socket)
      })
    },
  })
  return {
    fetch: (async (url, init) =>
      (await undiciFetch(url as string, { ...(init as UndiciRequestInit), dispatcher: agent })) as unknown as Response) as typeof fetch,
    close: async () => {
      if (!agent.destroyed) await agent.destroy()
    },
  }
}

/** The mismatch a failed call was for, looked for through its causes (fetch wraps it as "fetch failed"). */
export function mismatchIn(error: unknown, depth = 0): CertificateMismatch | undefined {
  if (error instanceof CertificateMismatch) return error
  if (depth > 4 || !(error instanceof Error)) return undefined
  return mismatchIn(error.cause, depth + 1)
}
