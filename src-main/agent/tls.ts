import { X509Certificate, createPrivateKey } from 'node:crypto'
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { userText } from '@shared/i18n/user-text'
import { AgentRefusal, type AgentTlsChoice } from './options'

/** A certificate and key the agent serves, with the fingerprint a desktop pins. */
export interface AgentTls {
  cert: string
  key: string
  /** SHA-256 of the certificate, as `AB:CD:…` (what browsers and `openssl x509 -fingerprint -sha256` show). */
  fingerprint: string
  /** Whether the agent made it itself (kept in its data folder) rather than taking the operator's. */
  own: boolean
}

/** Where the agent keeps the certificate it made, in its data folder. */
export const OWN_TLS_FOLDER = 'tls'
const OWN_CERT = 'agent-cert.pem'
const OWN_KEY = 'agent-key.pem'
/** Bounds what is read as a certificate or key: a PEM chain is a few kilobytes. */
const MAX_PEM_BYTES = 256 * 1024
/** A certificate made here lasts ten years: a desktop pins it, so a new one means pairing again. */
const OWN_VALID_YEARS = 10

/** The certificate to serve, or null for plain HTTP; what cannot be read or does not match is refused in words. */
export async function agentTls(choice: AgentTlsChoice, dataDir: string): Promise<AgentTls | null> {
  if (choice.kind === 'none') return null
  if (choice.kind === 'operator') return checked(await readPem(choice.certFile), await readPem(choice.keyFile), choice.certFile, false)
  return ownCertificate(join(dataDir, OWN_TLS_FOLDER))
}

/**
 * The certificate this agent made, made once and kept: the fingerprint a desktop pinned stays
 * the same across restarts. The key is written readable by the agent's user only.
 */
async function ownCertificate(folder: string): Promise<AgentTls> {
  const certFile = join(folder, OWN_CERT)
  const keyFile = join(folder, OWN_KEY)
  const kept = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]).catch(() => null)
  if (kept) return checked(kept[0], kept[1], certFile, true)
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const made = await makeCertificate()
  // Key first, each written whole then renamed: a crash leaves no certificate without its key.
  await writeWhole(keyFile, made.private, 0o600)
  await writeWhole(certFile, made.cert, 0o644)
  return checked(made.cert, made.private, certFile, true)
}

/** Loaded only to make a certificate, once per data folder: its X.509 and ASN.1 libraries would otherwise take 3.5 MB of heap for the agent's life. */
const selfsigned = () => import('selfsigned')

async function makeCertificate(): Promise<{ cert: string; private: string }> {
  const { generate } = await selfsigned()
  const now = new Date()
  const until = new Date(now)
  until.setFullYear(now.getFullYear() + OWN_VALID_YEARS)
  const name = hostname().slice(0, 63) || 'statusdesk-agent'
  return generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: until,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: name },
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  })
}

async function writeWhole(file: string, text: string, mode: number): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`
  await writeFile(temp, text, { mode })
  await chmod(temp, mode)
  await rename(temp, file)
}

async function readPem(file: string): Promise<string> {
  try {
    const bytes = await readFile(file)
    if (bytes.byteLength > MAX_PEM_BYTES) throw new Error(`larger than ${MAX_PEM_BYTES} bytes`)
    return bytes.toString('utf8')
  } catch (error) {
    throw new AgentRefusal(userText('desktop.agent.tls.unreadable', { file }), error instanceof Error ? error.message : String(error))
  }
}

/** The pair as Node reads it: a certificate, a private key, and the key the certificate's. */
function checked(cert: string, key: string, certFile: string, own: boolean): AgentTls {
  try {
    const x509 = new X509Certificate(cert)
    if (!x509.checkPrivateKey(createPrivateKey(key))) throw new Error('the key is not the certificate’s')
    return { cert, key, fingerprint: x509.fingerprint256, own }
  } catch (error) {
    if (error instanceof AgentRefusal) throw error
    throw new AgentRefusal(
      userText('desktop.agent.tls.unreadable', { file: certFile }),
      error instanceof Error ? error.message : String(error),
    )
  }
}
