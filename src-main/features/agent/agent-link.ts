import type { KeyringStatus, TokenStorage } from '@shared/channels/accounts'
import { AGENT_DEFAULT_URL, type AgentStatus, agentOrigin } from '@shared/channels/agent'
import { WEB_EVENTS_PATH } from '@shared/web-transport'
import { AppError, type AppErrorData, codeText } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { chooseStorage } from '../../account/accounts/connect-rules'
import type { TokenVault } from '../../account/accounts/token-vault'
import type { AgentLinkFile } from '../../account/files/formats/agent-link'
import type { JsonStore } from '../../account/files/json-store'
import type { EventHub } from '../../platform/events'
import type { Logger } from '../../platform/log/log'
import { invokeOnAgent, pairWithAgent, unpairFromAgent } from './agent-client'

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
}

export interface AgentPairRequest {
  url: string
  code: string
  deviceName: string
  storage?: TokenStorage | undefined
}

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
      pairedAt: file?.pairedAt ?? null,
      storage: file?.storage ?? null,
      hasToken: token !== null,
      reachable: this.#reachable,
      lastSeenAt: this.#lastSeenAt,
      lastError: this.#lastError ?? this.#tokenError,
      keyring: this.#opts.keyring(),
    }
  }

  /** Pairs with the agent at the address for the code it printed; a pairing before is replaced. */
  async pair(request: AgentPairRequest): Promise<AgentStatus> {
    const address = agentOrigin(request.url)
    if ('problem' in address)
      throw new AppError('invalid-argument', userText('errors.agentLink.badAddress', { example: AGENT_DEFAULT_URL, tunnel: 'SSH' }), {
        problem: address.problem,
      })
    // Chosen before the agent is asked: a code is not spent on a pairing that could not be kept.
    const storage = chooseStorage(request.storage, this.#opts.keyring().available)
    const paired = await pairWithAgent({ fetch: this.#opts.fetch, origin: address.origin }, request)
    const sealed = await this.#opts.vault.seal(paired.token, storage)
    const now = this.#now()
    await this.#opts.file.write({
      version: 1,
      url: address.origin,
      deviceId: paired.deviceId,
      deviceName: request.deviceName,
      pairedAt: now,
      storage,
      token: sealed,
    })
    this.#token = paired.token
    this.#tokenError = null
    this.#heard(now)
    this.#opts.log.info('paired with an agent', { deviceId: paired.deviceId, storage })
    return this.#changed()
  }

  /**
   * Forgets the agent and the device token, telling the agent first so that it refuses the token
   * from then on. An agent that cannot be told is forgotten all the same, and the user told so.
   */
  async unpair(): Promise<AgentStatus> {
    const file = await this.#opts.file.read()
    const token = await this.#tokenOf(file)
    const told = file === null || token === null || (await this.#revoke(file.url, token))
    await this.#opts.file.remove()
    this.#token = null
    this.#tokenError = null
    this.#reachable = null
    this.#lastSeenAt = null
    this.#lastError = null
    this.#opts.log.info('agent forgotten', { told })
    if (!told && file !== null)
      this.#opts.events.emit('app:notice', { level: 'warning', text: userText('errors.agentLink.notRevoked', { url: file.url }) })
    return this.#changed()
  }

  /** Whether the agent now refuses the token: it said so, or it did not know the token any more. */
  async #revoke(origin: string, token: string): Promise<boolean> {
    try {
      await unpairFromAgent({ fetch: this.#opts.fetch, origin, token, timeoutMs: REVOKE_TIMEOUT_MS })
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
  async invoke(channel: string, arg: unknown): Promise<unknown> {
    const file = await this.#opts.file.read()
    if (file === null) throw new AppError('conflict', userText('errors.agentLink.notPaired'))
    const token = await this.#tokenOf(file)
    if (token === null) throw new AppError('unauthorized', userText('errors.agentLink.noToken'))
    try {
      const value = await invokeOnAgent(
        {
          fetch: this.#opts.fetch,
          origin: file.url,
          token,
          ...(this.#opts.callTimeoutMs !== undefined && { timeoutMs: this.#opts.callTimeoutMs }),
        },
        channel,
        arg,
      )
      this.#heard(this.#now())
      return value
    } catch (error) {
      const data = dataOf(error)
      // Only a failure to reach the agent, or an answer it should not give, says it is away.
      const away = data.code === 'offline' || data.code === 'timeout' || data.code === 'invalid-response'
      if (away || data.code === 'unauthorized' || data.code === 'forbidden') {
        this.#reachable = !away
        this.#lastError = data
      }
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
    const response = await this.#opts.fetch(`${file.url}${WEB_EVENTS_PATH}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      redirect: 'error',
      signal,
    })
    if (response.ok) this.#heard(this.#now())
    return response
  }

  #heard(at: string): void {
    this.#reachable = true
    this.#lastSeenAt = at
    this.#lastError = null
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
