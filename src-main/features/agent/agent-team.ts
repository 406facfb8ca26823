import { z } from 'zod'
import {
  AGENT_ACTIONS,
  type AgentActivityEntry,
  type AgentActivityPage,
  type AgentActivityQuery,
  type AgentDevice,
  type AgentItemAuthors,
} from '@shared/channels/agent'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { writeAtomically } from '../../platform/files/atomic-write'
import { nodeFiles, type FilePort } from '../../platform/files/fs-port'
import type { DialogsPort } from '../export/dialogs'
import { toCsv } from '../export/csv'
import { AGENT_ACTIVITY_PATH, AGENT_AUTHORS_PATH, AGENT_DEVICES_PATH, AGENT_REVOKE_PATH } from './agent-client'
import { MAX_AUTHORS_ASKED } from './agent-authors'
import type { AgentLink } from './agent-link'

/** The agent's answers read as a hostile peer's: each shape checked, each string bounded. */
const Id = z.string().min(1).max(200)
const Instant = z.string().datetime()
const Name = z.string().max(200)
/** The person's name given at pairing: an older agent sends none. */
const PersonName = Name.nullable().default(null)
const Action = z.enum(AGENT_ACTIONS)

const DeviceSchema = z.object({
  id: Id,
  name: Name,
  personName: PersonName,
  pairedAt: Instant,
  lastSeenAt: Instant.nullable(),
  self: z.boolean(),
  lastAction: z.object({ action: Action, at: Instant, accountId: Id.nullable() }).nullable().default(null),
})
const EntrySchema = z.object({
  id: z.string().regex(/^\d{1,18}$/),
  at: Instant,
  deviceId: Id,
  deviceName: Name,
  personName: PersonName,
  action: Action,
  accountId: Id.nullable(),
  subject: Id.nullable(),
})
const PageSchema = z.object({ entries: z.array(EntrySchema).max(500), more: z.boolean() })
const Who = z.object({ deviceId: Id, deviceName: Name, personName: PersonName, at: Instant })
const AuthorsSchema = z
  .record(Id, z.object({ planned: Who.nullable(), changed: Who.extend({ action: Action }).nullable() }))
  .refine((authors) => Object.keys(authors).length <= MAX_AUTHORS_ASKED)
/** Who planned what is a label beside a list: a slow agent leaves it out sooner than a call it was asked to do. */
const AUTHORS_TIMEOUT_MS = 5_000

/**
 * The CSV's columns: ids, the device's name, the action and the person's name (last, so that a
 * sheet made for the earlier columns still reads them); nothing typed at a device but the two names.
 */
const CSV_COLUMNS = ['at', 'device_id', 'device_name', 'action', 'account_id', 'subject', 'person_name'] as const
/** Pages read for one export at most: 200 lines each, the agent keeps 100,000 at most. */
const MAX_EXPORT_PAGES = 600

function parsed<T>(schema: z.ZodType<T>, value: unknown, url: string): T {
  const read = schema.safeParse(value)
  if (!read.success) throw new AppError('invalid-response', userText('errors.agentLink.badAnswer', { url }), { reason: 'shape' })
  return read.data
}

export interface AgentTeamOptions {
  link: AgentLink
  dialogs: DialogsPort
  files?: FilePort
  /** The agent's id of this desktop's account when the account runs there (the agent knows it by its own id only). */
  agentIdOf?: (accountId: string) => Promise<string | null>
  now?: () => number
}

/** The team on the paired agent: its devices (and revoking one), its activity log, and who planned or changed an outbox item. */
export class AgentTeam {
  readonly #opts: AgentTeamOptions

  constructor(options: AgentTeamOptions) {
    this.#opts = options
  }

  async devices(): Promise<AgentDevice[]> {
    const value = await this.#opts.link.request(AGENT_DEVICES_PATH, undefined, 'GET')
    return parsed(z.array(DeviceSchema).max(1000), value, await this.#url())
  }

  async revoke(deviceId: string): Promise<AgentDevice[]> {
    await this.#opts.link.request(AGENT_REVOKE_PATH, { deviceId })
    return this.devices()
  }

  async activity(query: AgentActivityQuery): Promise<AgentActivityPage> {
    const value = await this.#opts.link.request(AGENT_ACTIVITY_PATH, query)
    return parsed(PageSchema, value, await this.#url())
  }

  /** Who planned and who last changed items of this desktop's account, asked of the agent in its own id. */
  async itemAuthors(accountId: string, itemIds: string[]): Promise<Record<string, AgentItemAuthors>> {
    return this.authorsOnAgent((await this.#opts.agentIdOf?.(accountId)) ?? accountId, itemIds)
  }

  /** The same, of an account named by the agent's id. */
  async authorsOnAgent(agentAccountId: string, itemIds: string[]): Promise<Record<string, AgentItemAuthors>> {
    const value = await this.#opts.link.request(AGENT_AUTHORS_PATH, { accountId: agentAccountId, itemIds }, 'POST', AUTHORS_TIMEOUT_MS)
    return parsed(AuthorsSchema, value, await this.#url())
  }

  /** The whole log (for one account or all), oldest first, to a CSV file the user picks. */
  async exportActivity(accountId: string | undefined): Promise<{ path: string | null; rows: number }> {
    const day = new Date((this.#opts.now ?? Date.now)()).toISOString().slice(0, 10)
    const path = await this.#opts.dialogs.chooseSavePath({
      title: userText('desktop.saveDialog.agentActivity'),
      defaultName: `agent-activity-${day}.csv`,
      filters: [{ name: userText('desktop.saveDialog.csvFiles'), extensions: ['csv'] }],
    })
    if (!path) return { path: null, rows: 0 }
    const pages: AgentActivityEntry[][] = []
    let before: string | undefined
    for (let read = 0; read < MAX_EXPORT_PAGES; read++) {
      const page = await this.activity({ ...(accountId && { accountId }), ...(before && { before }), limit: 200 })
      pages.push(page.entries)
      if (!page.more || page.entries.length === 0) break
      before = page.entries.at(-1)!.id
    }
    const entries = pages.reverse().flatMap((page) => [...page].reverse())
    const rows = entries.map((e) => [e.at, e.deviceId, e.deviceName, e.action, e.accountId, e.subject, e.personName] as const)
    await writeAtomically(this.#opts.files ?? nodeFiles, path, [Buffer.from(toCsv(CSV_COLUMNS, rows), 'utf8')])
    return { path, rows: entries.length }
  }

  async #url(): Promise<string> {
    return (await this.#opts.link.status()).url ?? ''
  }
}
