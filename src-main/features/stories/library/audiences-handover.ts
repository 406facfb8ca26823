import { z } from 'zod'
import { HANDOVER_AUDIENCE_NUMBERS, type AudiencesPage, type AudiencesTaken } from '@shared/channels/handover'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { uniqueContacts } from '@shared/story/contacts'
import { MAX_AUDIENCE } from '@shared/story/draft'
import { AudienceSchema, LIBRARY_NAME, MAX_AUDIENCES, type Audience } from '@shared/story/library'
import type { Logger } from '../../../platform/log/log'
import type { AudienceStore } from './audiences'

/** A peer's list, read whole before any of it is taken: a bad audience refuses them all. */
const GivenSchema = z
  .array(AudienceSchema)
  .max(MAX_AUDIENCES)
  .refine((items) => items.reduce((sum, item) => sum + item.contacts.length, 0) <= HANDOVER_AUDIENCE_NUMBERS)
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length)

export interface AudiencesHandoverOptions {
  audiences: AudienceStore
  /** The audience names the stories a hand-over holds of the account carry (outbox-handover.ts). */
  namesHeld: (accountId: string, handoverId: string) => Promise<string[]>
  /** Whether this engine holds the account: a hand-over names no account it does not. */
  isAccount: (accountId: string) => boolean
  log: Logger
}

/**
 * The saved audiences an account's moving stories name, moving with them. A story carries its
 * numbers itself and names the saved audience they were (its record's `audience.name`); the side
 * that gives hands out those audiences a page at a time, the side that takes adds each once by
 * its id (`mergeAudiences` says the rule for a name the taker uses already).
 */
export class AudiencesHandover {
  readonly #opts: AudiencesHandoverOptions

  constructor(options: AudiencesHandoverOptions) {
    this.#opts = options
  }

  /** The audiences the held stories name, in the order of their ids, from after `after`. */
  async give(accountId: string, handoverId: string, after: string | null): Promise<AudiencesPage> {
    this.#known(accountId)
    const names = new Set((await this.#opts.namesHeld(accountId, handoverId)).map((name) => name.toLowerCase()))
    const used = (await this.#opts.audiences.list())
      .filter((item) => names.has(item.name.toLowerCase()) && (after === null || item.id > after))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    const page: Audience[] = []
    let numbers = 0
    for (const item of used) {
      if (page.length > 0 && numbers + item.contacts.length > HANDOVER_AUDIENCE_NUMBERS) break
      page.push(item)
      numbers += item.contacts.length
    }
    return { audiences: page, next: page.length < used.length ? page.at(-1)!.id : null }
  }

  /** Takes a peer's audiences in, each once by its id; the whole list is refused in words when any of it is unreadable. */
  async take(accountId: string, given: unknown): Promise<AudiencesTaken> {
    this.#known(accountId)
    const read = GivenSchema.safeParse(given)
    if (!read.success) throw badAudiences()
    const taken = await this.#opts.audiences.merge((items) => mergeAudiences(items, read.data))
    this.#opts.log.info('saved audiences taken in a hand-over', { ...taken })
    return taken
  }

  #known(accountId: string): void {
    if (!this.#opts.isAccount(accountId)) throw new AppError('not-found', userText('errors.handover.noAccount'))
  }
}

export function badAudiences(): AppError {
  return new AppError('invalid-argument', userText('errors.handover.badAudiences', { max: MAX_AUDIENCES, members: MAX_AUDIENCE }))
}

/**
 * The taker's audiences with the given ones in. An audience is the same one by its id: taken
 * before, it is not added again, and the later of the two copies (by `updatedAt`) keeps its
 * numbers under the taker's name. One of the taker's own with the same name and numbers is the
 * same list. One with the same name and other numbers stays as it is, and the given one is added
 * beside it as "<name> (2)" (the first number free): neither list is overwritten. Past the
 * taker's cap, what does not fit is counted and left out.
 */
export function mergeAudiences(current: readonly Audience[], given: readonly Audience[]): { items: Audience[]; taken: AudiencesTaken } {
  const items = [...current]
  const taken: AudiencesTaken = { added: 0, renamed: 0, same: 0, full: 0 }
  for (const audience of given) {
    const contacts = uniqueContacts(audience.contacts)
    const byId = items.findIndex((item) => item.id === audience.id)
    if (byId >= 0) {
      const mine = items[byId]!
      if (audience.updatedAt > mine.updatedAt) items[byId] = { ...mine, contacts, updatedAt: audience.updatedAt }
      taken.same++
      continue
    }
    const named = items.find((item) => item.name.toLowerCase() === audience.name.toLowerCase())
    if (named && sameNumbers(named.contacts, contacts)) {
      taken.same++
      continue
    }
    if (contacts.length === 0) continue
    if (items.length >= MAX_AUDIENCES) {
      taken.full++
      continue
    }
    const name = named ? freeName(items, audience.name) : audience.name
    items.push({ ...audience, name, contacts })
    taken[named ? 'renamed' : 'added']++
  }
  return { items, taken }
}

function sameNumbers(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a)
  return a.length === b.length && b.every((contact) => set.has(contact))
}

/** "<name> (2)", "(3)"… the first no audience uses, cut to fit a name's length. */
function freeName(items: readonly Audience[], name: string): string {
  const used = new Set(items.map((item) => item.name.toLowerCase()))
  const max = LIBRARY_NAME.maxLength ?? 60
  // At most MAX_AUDIENCES names are taken: one of the first MAX_AUDIENCES + 1 numbers is free.
  for (let n = 2; n <= MAX_AUDIENCES + 2; n++) {
    const suffix = ` (${n})`
    const candidate = `${name.slice(0, max - suffix.length).trimEnd()}${suffix}`
    if (!used.has(candidate.toLowerCase())) return candidate
  }
  return name
}
