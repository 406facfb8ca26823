import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import type { KeyringStatus, TokenStorage } from '@shared/channels/accounts'
import { AGENT_DEFAULT_URL, type AgentCertificate, type AgentStatus, agentOrigin } from '@shared/channels/agent'
import { WEB_EVENTS_PATH } from '@shared/web-transport'
import { AppError, type AppErrorData, codeText } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { chooseStorage } from '../../account/accounts/connect-rules'
import type { TokenVault } from '../../account/accounts/token-vault'
import type { AgentLinkFile } from '../../account/files/formats/agent-link'
import type { JsonStore } from '../../account/files/json-store'
import type { EventHub } from '../../platform/events'
import type { Logger } from '../../platform/log/log'
import {
  AGENT_CALL_TIMEOUT_MS,
  AGENT_MEDIA_UPLOAD_PATH,
  AgentUpload,
  callAgent,
  countedStream,
  invokePath,
  isDeviceRefused,
  pairWithAgent,
  unpairFromAgent,
} from './agent-client'
import { type CertificatePinnedFetch, certificatePinnedFetch, readPresentedCertificate } from './agent-tls'

export interface AgentLinkOptions {
  /** `agent.json`: the pairing, with the device token sealed. */
  file: JsonStore<AgentLinkFile>
  /** Seals and opens the device token as the accounts' provider tokens are. */
  vault: TokenVault
  keyring: () => KeyringStatus
  fetch: typeof fetch
  events: EventHub
  log: Logger
  now?: () => Date
  /** How long a call may wait for the agent (agent-client.ts's default otherwise). */
  callTimeoutMs?: number
  /** The fetch for an `https://` agent pinned to its certificate (agent-tls.ts's otherwise). */
  pinnedFetch?: (fingerprint: string) => CertificatePinnedFetch
}

export interface AgentPairRequest {
  url: string
  /** Over `https://`: the certificate's fingerprint the user accepted. */
  fingerprint?: string | undefined
  code: string
  deviceName: string
  /** Who pairs ("Ana"): the agent names them beside the device on what it plans or changes. */
  personName?: string | undefined
  storage?: TokenStorage | undefined
}

/** The longest a media upload to the agent may take. */
const UPLOAD_MAX_MS = 600_000
/** Forgetting waits this long for the agent at most: the user asked to forget it, not to wait for it. */
const REVOKE_TIMEOUT_MS = 5_000

function dataOf(error: unknown): AppErrorData {
  return error instanceof AppError ? error.toData() : { code: 'internal', text: codeText('internal') }
}

/**
 * This desktop's pairing with an agent: the device token the agent gave it, kept by main only
 * (sealed in `agent.json` as provider tokens are, or for this session), and what main last
 * heard from the agent. The renderer learns whether it is paired and reachable, never the token.
 */
export class AgentLink {
  readonly #opts: AgentLinkOptions
  /** The device token: undefined until read this run, null when there is none at hand. */
  #token: string | null | undefined
  /** Why the stored token could not be opened (another keyring, a damaged file). */
  #tokenError: AppErrorData | null = null
  #reachable: boolean | null = null
  #lastSeenAt: string | null = null
  #lastError: AppErrorData | null = null
  /** When the agent last refused the device token; cleared once it takes a token again. */
  #refusedAt: string | null = null
  /** The pinned fetch for the pin in use, made once per pin. */
  #pinned: { fingerprint: string; fetch: CertificatePinnedFetch } | null = null

  constructor(options: AgentLinkOptions) {
    this.#opts = options
  }

  async status(): Promise<AgentStatus> {
    const file = await this.#opts.file.read()
    const token = await this.#tokenOf(file)
    return {
      paired: file !== null,
      url: file?.url ?? null,
      deviceName: file?.deviceName ?? null,
      personName: file?.personName ?? null,
      pairedAt: file?.pairedAt ?? null,
      storage: file?.storage ?? null,
      hasToken: token !== null,
      reachable: this.#reachable,
      lastSeenAt: this.#lastSeenAt,
      lastError: this.#lastError ?? this.#tokenError,
      refusedAt: this.#refusedAt,
      fingerprint: file?.fingerprint ?? null,
      keyring: this.#opts.keyring(),
    }
  }

  /** This desktop's id among the agent's devices, as the agent gave it at pairing; null when not paired. */
  async deviceId(): Promise<string | null> {
    return (await this.#opts.file.read())?.deviceId ?? null
  }

  /** The certificate the agent at `url` presents, for the user to compare before pairing; nothing is trusted yet. */
  async certificate(url: string): Promise<AgentCertificate> {
    const origin = this.#originOf(url)
    if (!origin.startsWith('https:')) throw new AppError('invalid-argument', userText('errors.agentLink.notTls'))
    try {
      const presented = await readPresentedCertificate(origin, this.#opts.callTimeoutMs ?? AGENT_CALL_TIMEOUT_MS)
      return { url: origin, ...presented }
    } catch (error) {
      throw new AppError('offline', userText('errors.agentLink.unreachable', { url: origin }), {
        reason: error instanceof Error ? error.name : 'unknown',
      })
    }
  }

  /** Pairs with the agent at the address for the code it printed; a pairing before is replaced. */
  async pair(request: AgentPairRequest): Promise<AgentStatus> {
    const origin = this.#originOf(request.url)
    const tls = origin.startsWith('https:')
    if (tls && request.fingerprint === undefined) throw new AppError('invalid-argument', userText('errors.agentLink.noFingerprint'))
    const fingerprint = tls ? request.fingerprint : undefined
    // Chosen before the agent is asked: a code is not spent on a pairing that could not be kept.
    const storage = chooseStorage(request.storage, this.#opts.keyring().available)
    const paired = await pairWithAgent(
      { fetch: this.#fetchFor(fingerprint), origin },
      { code: request.code, deviceName: request.deviceName, ...(request.personName !== undefined && { personName: request.personName }) },
    )
    const sealed = await this.#opts.vault.seal(paired.token, storage)
    const now = this.#now()
    await this.#opts.file.write({
      version: 1,
      url: origin,
      deviceId: paired.deviceId,
      deviceName: request.deviceName,
      ...(request.personName !== undefined && { personName: request.personName }),
      pairedAt: now,
      storage,
      token: sealed,
      ...(fingerprint !== undefined && { fingerprint }),
    })
    this.#token = paired.token
    this.#tokenError = null
    this.#heard(now)
    this.#opts.log.info('paired with an agent', { deviceId: paired.deviceId, storage, tls })
    return this.#changed()
  }

  /** Ends the pinned connections to an agent over TLS (the app quits). */
  async close(): Promise<void> {
    const pinned = this.#pinned
    this.#pinned = null
    await pinned?.fetch.close()
  }

  #originOf(url: string): string {
    const address = agentOrigin(url)
    if ('problem' in address)
      throw new AppError('invalid-argument', userText('errors.agentLink.badAddress', { example: AGENT_DEFAULT_URL }), {
        problem: address.problem,
      })
    return address.origin
  }

  /** Plain fetch for a loopback agent; for one over TLS, a fetch that refuses any certificate but the pinned one. */
  #fetchFor(fingerprint: string | undefined): typeof fetch {
    if (fingerprint === undefined) return this.#opts.fetch
    if (this.#pinned?.fingerprint !== fingerprint) {
      void this.#pinned?.fetch.close()
      this.#pinned = { fingerprint, fetch: (this.#opts.pinnedFetch ?? certificatePinnedFetch)(fingerprint) }
    }
    return this.#pinned.fetch.fetch
  }

  /**
   * Forgets the agent and the device token, telling the agent first so that it refuses the token
   * from then on. An agent that cannot be told is forgotten all the same, and the user told so.
   */
  async unpair(): Promise<AgentStatus> {
    const file = await this.#opts.file.read()
    const token = await this.#tokenOf(file)
    const told = file === null || token === null || (await this.#revoke(file.url, token, file.fingerprint))
    await this.#opts.file.remove()
    this.#token = null
    this.#tokenError = null
    this.#reachable = null
    this.#lastSeenAt = null
    this.#lastError = null
    this.#refusedAt = null
    this.#opts.log.info('agent forgotten', { told })
    if (!told && file !== null)
      this.#opts.events.emit('app:notice', { level: 'warning', text: userText('errors.agentLink.notRevoked', { url: file.url }) })
    return this.#changed()
  }

  /** Whether the agent now refuses the token: it said so, or it did not know the token any more. */
  async #revoke(origin: string, token: string, fingerprint: string | undefined): Promise<boolean> {
    try {
      await unpairFromAgent({ fetch: this.#fetchFor(fingerprint), origin, token, timeoutMs: REVOKE_TIMEOUT_MS })
      return true
    } catch (error) {
      const code = dataOf(error).code
      return code === 'forbidden' || code === 'unauthorized'
    }
  }

  /** Asks the agent now whether it answers to this device. */
  async check(): Promise<AgentStatus> {
    await this.invoke('app:info', undefined).catch(() => undefined)
    return this.#changed()
  }

  /**
   * A channel of the contract on the paired agent, answering its value or throwing its words.
   * Whether the agent answered is recorded for the status.
   */
  invoke(channel: string, arg: unknown, timeoutMs?: number): Promise<unknown> {
    return this.request(invokePath(channel), { arg }, 'POST', timeoutMs)
  }

  /**
   * A story's media file to the agent, read as it is sent: answers the agent's grant. It may take
   * as long as the file needs at 100 KB/s (at least a call's usual wait), never more than 10
   * minutes. `onProgress` hears how far it got; `signal` stops it (`cancelled`).
   */
  uploadMedia(
    file: { path: string; name: string; size: number },
    options: { signal?: AbortSignal; onProgress?: (progress: { sentBytes: number; totalBytes: number }) => void } = {},
  ): Promise<unknown> {
    const { onProgress } = options
    const open = () => Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>
    const upload = new AgentUpload(onProgress ? () => countedStream(open(), file.size, onProgress) : open, file.size)
    const timeoutMs = Math.min(UPLOAD_MAX_MS, Math.max(this.#opts.callTimeoutMs ?? AGENT_CALL_TIMEOUT_MS, file.size / 100))
    return this.request(`${AGENT_MEDIA_UPLOAD_PATH}?name=${encodeURIComponent(file.name)}`, upload, 'POST', timeoutMs, options.signal)
  }

  /** One of the agent's own paths (its devices, its activity), with this device's token, as `invoke` does. */
  async request(path: string, body: unknown, method: 'GET' | 'POST' = 'POST', wait?: number, signal?: AbortSignal): Promise<unknown> {
    const timeoutMs = wait ?? this.#opts.callTimeoutMs
    const file = await this.#opts.file.read()
    if (file === null) throw new AppError('conflict', userText('errors.agentLink.notPaired'))
    const token = await this.#tokenOf(file)
    if (token === null) throw new AppError('unauthorized', userText('errors.agentLink.noToken'))
    try {
      const value = await callAgent(
        {
          fetch: this.#fetchFor(file.fingerprint),
          origin: file.url,
          token,
          ...(timeoutMs !== undefined && { timeoutMs }),
          ...(signal && { signal }),
        },
        path,
        body,
        method,
      )
      this.#heard(this.#now())
      return value
    } catch (error) {
      const data = dataOf(error)
      // Only a failure to reach the agent, or an answer it should not give, says it is away.
      const away = data.code === 'offline' || data.code === 'timeout' || data.code === 'invalid-response'
      // A changed certificate is no agent this desktop knows: said as such, never pinned anew.
      const stranger = data.code === 'certificate-changed'
      if (away || stranger || data.code === 'unauthorized' || data.code === 'forbidden') {
        this.#reachable = !away && !stranger
        this.#lastError = data
      }
      if (isDeviceRefused(error)) this.#refused()
      throw error
    }
  }

  /**
   * Opens the agent's event stream for this device; the caller reads it as a hostile peer's.
   * Null when there is no pairing or token to open it with.
   */
  async openEvents(signal: AbortSignal): Promise<Response | null> {
    const file = await this.#opts.file.read()
    const token = await this.#tokenOf(file)
    if (file === null || token === null) return null
    // The stream carries the token too: over TLS, only to the pinned certificate.
    const response = await this.#fetchFor(file.fingerprint)(`${file.url}${WEB_EVENTS_PATH}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      redirect: 'error',
      signal,
    })
    if (response.ok) this.#heard(this.#now())
    // The stream's door refuses a token as the calls' does: its body is a peer's, only the status is read.
    else if (response.status === 401 || response.status === 403) {
      this.#reachable = true
      this.#lastError = { code: 'forbidden', text: userText('errors.agent.badToken') }
      this.#refused()
    }
    return response
  }

  #heard(at: string): void {
    this.#reachable = true
    this.#lastSeenAt = at
    this.#lastError = null
    this.#refusedAt = null
  }

  /** The agent refused the device token: said once to whoever shows the status, and kept until a token is taken again. */
  #refused(): void {
    const first = this.#refusedAt === null
    this.#refusedAt = this.#now()
    if (first) void this.#changed().catch(() => undefined)
  }

  async #tokenOf(file: AgentLinkFile | null): Promise<string | null> {
    if (file === null) return null
    if (this.#token !== undefined) return this.#token
    if (file.token === null) return (this.#token = null)
    try {
      const opened = await this.#opts.vault.open(file.token)
      this.#token = opened.token
    } catch (error) {
      this.#token = null
      this.#tokenError = dataOf(error)
    }
    return this.#token
  }

  async #changed(): Promise<AgentStatus> {
    const status = await this.status()
    this.#opts.events.emit('agent:changed', status)
    return status
  }

  #now(): string {
    return (this.#opts.now ?? (() => new Date()))().toISOString()
  }
}
