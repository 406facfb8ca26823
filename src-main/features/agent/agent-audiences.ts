import { z } from 'zod'
import type { AudienceView, CsvImportResult } from '@shared/channels/library'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { AudienceSchema, MAX_AUDIENCES, type Audience } from '@shared/story/library'
import { isAway } from './agent-answers'
import { AgentParts } from './agent-parts'
import { askAgent } from './agent-split'
import type { HostedAccount } from './hosted-accounts'

/** Where the agent's library is kept as last seen: under one hosted account, since the library is the agent's, not an account's. */
const VIEW_KEY = 'audiences:list'
/** The agent's library, read as a peer's. */
const LibrarySchema = z.array(AudienceSchema).max(MAX_AUDIENCES)

type Local = () => Promise<Audience[]>
/** This desktop's own list, and its own handling of the edit. */
interface Run {
  list: Local
  edit: Local
}

/**
 * The saved audiences while accounts run on the agent. The library is the whole engine's, so the
 * agent's holds the audiences every desktop handed over with its accounts: this desktop lists its
 * own and the agent's (one of the same id shown as the agent's, the copy its stories use), and an
 * edit of one only the agent holds goes there. While the agent is away, its library is shown as
 * last seen, and an edit of one of its audiences is refused in words: an audience has no revision
 * to keep an edit waiting against, and an edit made blind could overwrite a teammate's.
 */
export class AgentAudiences extends AgentParts {
  async list(local: Local): Promise<AudienceView[]> {
    const hosted = await this.opts.hosted.list()
    if (hosted.length === 0) return local()
    return this.#merged(await local(), await this.#theirs(hosted))
  }

  /**
   * An edit (`audiences:save`, `audiences:delete`) of the audience `id`: on the agent when only the
   * agent holds it or its copy is the one shown, else here (`edit`); the list after it either way.
   */
  async edit(channel: 'audiences:save' | 'audiences:delete', arg: unknown, id: string | undefined, run: Run): Promise<AudienceView[]> {
    const hosted = await this.opts.hosted.list()
    if (hosted.length === 0) return run.edit()
    const theirs = await this.#theirs(hosted)
    if (id === undefined || !theirs.value.some((item) => item.id === id)) return this.#merged(await run.edit(), theirs)
    if (theirs.asOf !== null) throw new AppError('offline', userText('errors.agentRouting.audienceAway'))
    const answer = await askAgent(this.opts.invoke, channel, arg, LibrarySchema)
    await this.#keep(hosted, answer)
    return this.#merged(await run.list(), { value: answer, asOf: null })
  }

  /**
   * A new audience made on this desktop (a CSV import: it is this desktop's until its stories
   * take it to the agent), answered with the list as `list` gives it. The agent's library is read
   * first, as for a new audience saved: an agent that answers wrongly stops the import before
   * anything is written, and one that is away is shown as last seen.
   */
  async added(add: () => Promise<CsvImportResult>): Promise<CsvImportResult> {
    const hosted = await this.opts.hosted.list()
    if (hosted.length === 0) return add()
    const theirs = await this.#theirs(hosted)
    const result = await add()
    return { ...result, audiences: this.#merged(result.audiences, theirs) }
  }

  /** The agent's library now (`asOf` null), or as last seen while it is away (empty when never seen). */
  async #theirs(hosted: readonly HostedAccount[]): Promise<{ value: Audience[]; asOf: string | null }> {
    try {
      const value = await askAgent(this.opts.invoke, 'audiences:list', undefined, LibrarySchema)
      await this.#keep(hosted, value)
      return { value, asOf: null }
    } catch (error) {
      if (!isAway(error)) throw error
      const kept = await this.#newestKept(hosted)
      const read = LibrarySchema.safeParse(kept?.value)
      return { value: read.success ? read.data : [], asOf: kept?.asOf ?? this.now().toISOString() }
    }
  }

  async #keep(hosted: readonly HostedAccount[], value: Audience[]): Promise<void> {
    await this.opts.views.put(hosted[0]!.accountId, VIEW_KEY, value, this.now().toISOString())
  }

  /** The newest copy kept under any hosted account (the first one may have changed since). */
  async #newestKept(hosted: readonly HostedAccount[]): Promise<{ asOf: string; value: unknown } | null> {
    let newest: { asOf: string; value: unknown } | null = null
    for (const account of hosted) {
      const kept = await this.opts.views.get(account.accountId, VIEW_KEY)
      if (kept && (newest === null || kept.asOf > newest.asOf)) newest = kept
    }
    return newest
  }

  #merged(mine: readonly Audience[], theirs: { value: Audience[]; asOf: string | null }): AudienceView[] {
    const tag = theirs.asOf === null ? { where: 'agent' as const } : { where: 'agent' as const, asOf: theirs.asOf, stale: true }
    const ids = new Set(theirs.value.map((item) => item.id))
    const all: AudienceView[] = [...mine.filter((item) => !ids.has(item.id)), ...theirs.value.map((item) => ({ ...item, ...tag }))]
    return all.sort((a, b) => a.name.localeCompare(b.name))
  }
}
