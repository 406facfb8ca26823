import { randomUUID } from 'node:crypto'
import {
  type AgentCommand,
  type AgentCommandsFile,
  type AgentViewsFile,
  MAX_VIEWS_PER_ACCOUNT,
  MAX_WAITING_COMMANDS,
} from '../../account/files/formats/agent-views'
import type { JsonStore } from '../../account/files/json-store'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'

export type { AgentCommand }

/** How long the same answer is not written again. */
const SAME_ANSWER_KEPT_MS = 60_000

function sameAnswer(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** The last answers the agent gave per hosted account, kept on disk to be shown while it is away. */
export class AgentViews {
  readonly #file: JsonStore<AgentViewsFile>

  constructor(file: JsonStore<AgentViewsFile>) {
    this.#file = file
  }

  async get(accountId: string, key: string): Promise<{ asOf: string; value: unknown } | null> {
    const views = (await this.#file.read())?.accounts[accountId] ?? []
    return views.find((view) => view.key === key) ?? null
  }

  /**
   * Keeps the answer as the newest; the oldest answers of that account go beyond the cap. The
   * same answer again within a minute is not written: the views ask every few seconds, and a
   * last state a minute old says enough while the agent is away.
   */
  async put(accountId: string, key: string, value: unknown, asOf: string): Promise<void> {
    await this.#file.update((current) => {
      const accounts = { ...(current?.accounts ?? {}) }
      const kept = (accounts[accountId] ?? []).find((view) => view.key === key)
      if (kept && Date.parse(asOf) - Date.parse(kept.asOf) < SAME_ANSWER_KEPT_MS && sameAnswer(kept.value, value)) return undefined
      const others = (accounts[accountId] ?? []).filter((view) => view.key !== key)
      accounts[accountId] = [{ key, asOf, value }, ...others].slice(0, MAX_VIEWS_PER_ACCOUNT)
      return { version: 1, accounts }
    })
  }
}

/** Edits made while the agent was away, in the order they were made, durable across restarts. */
export class AgentCommands {
  readonly #file: JsonStore<AgentCommandsFile>

  constructor(file: JsonStore<AgentCommandsFile>) {
    this.#file = file
  }

  async list(): Promise<readonly AgentCommand[]> {
    return (await this.#file.read())?.commands ?? []
  }

  async add(command: Omit<AgentCommand, 'id'>): Promise<AgentCommand> {
    const entry: AgentCommand = { ...command, id: randomUUID() }
    await this.#file.update((current) => {
      const commands = current?.commands ?? []
      if (commands.length >= MAX_WAITING_COMMANDS) throw new AppError('conflict', userText('errors.agentRouting.tooManyWaiting'))
      return { version: 1, commands: [...commands, entry] }
    })
    return entry
  }

  async remove(id: string): Promise<void> {
    await this.#file.update((current) => {
      if (!current?.commands.some((command) => command.id === id)) return undefined
      return { version: 1, commands: current.commands.filter((command) => command.id !== id) }
    })
  }
}
