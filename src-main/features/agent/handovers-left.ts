import { MAX_AUDIENCES } from '@shared/story/library'
import { type UserText, userText } from '@shared/i18n/user-text'
import type { HandoverEntry, HandoverLeft, HandoversLeftFile } from '../../account/files/formats/hosted-accounts'
import type { JsonStore } from '../../account/files/json-store'
import type { Logger } from '../../platform/log/log'

/** Saved audiences of a hand-over that did not move: left for want of room, or for a failure. */
export interface AudiencesLeft {
  full: number
  failed: number
}

/**
 * Per account, what its last hand-over could not move of its saved audiences
 * (`handovers-left.json`), kept across restarts to be said with the account in Settings → Agent.
 * Only a message rides on it: a file that cannot be read or written is said in the log, and the
 * message is then absent; the hand-over and the list go on.
 */
export class HandoversLeft {
  readonly #file: JsonStore<HandoversLeftFile>
  readonly #log: Logger

  constructor(file: JsonStore<HandoversLeftFile>, log: Logger) {
    this.#file = file
    this.#log = log
  }

  /** Per account, the words for what was left, in the catalogs' keys (the user's language is chosen where they are shown). */
  async read(): Promise<ReadonlyMap<string, UserText>> {
    let entries: readonly HandoverLeft[]
    try {
      entries = (await this.#file.read())?.accounts ?? []
    } catch (error) {
      this.#log.warn('saved audiences left not read', { error: codeOf(error) })
      return new Map()
    }
    const said = new Map<string, UserText>()
    for (const entry of entries) if (!said.has(entry.accountId)) said.set(entry.accountId, textOf(entry))
    return said
  }

  /**
   * Keeps what the account's hand-over left (one entry per account), or drops it when everything
   * moved; entries of accounts no longer in `known` go at the same time, so the file holds no more
   * than this desktop's accounts.
   */
  async tell(accountId: string, direction: HandoverEntry['direction'], left: AudiencesLeft, known: readonly string[]): Promise<void> {
    const keep = new Set(known)
    // A count past any library is an agent's answer gone wrong: the message says at most a library's worth.
    const full = Math.min(left.full, MAX_AUDIENCES)
    const failed = Math.min(left.failed, MAX_AUDIENCES)
    try {
      await this.#file.update((current) => {
        const before = current?.accounts ?? []
        const others = before.filter((entry) => entry.accountId !== accountId && keep.has(entry.accountId))
        const mine: HandoverLeft[] = full + failed > 0 ? [{ accountId, direction, full, failed }] : []
        if (mine.length === 0 && others.length === before.length) return undefined
        return { version: 1, accounts: [...others, ...mine] }
      })
    } catch (error) {
      this.#log.warn('saved audiences left not kept', { accountId, error: codeOf(error) })
    }
  }
}

function textOf({ direction, full, failed }: HandoverLeft): UserText {
  const to = direction === 'to-agent'
  return failed
    ? userText(to ? 'errors.handover.audiencesToFailed' : 'errors.handover.audiencesBackFailed', { count: failed + full })
    : userText(to ? 'errors.handover.audiencesToFull' : 'errors.handover.audiencesBackFull', { count: full, max: MAX_AUDIENCES })
}

/** What the log says of a file that failed: the system's code (EACCES, ENOSPC), else the error's kind. */
function codeOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown'
  const { code } = error as NodeJS.ErrnoException
  return typeof code === 'string' ? code : error.name
}
