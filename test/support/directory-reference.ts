/**
 * The participants directory and contact search as main used to hold them: an object per
 * person and a folded string per contact, built from every record on the main thread. The
 * app now searches the participants index (src-main/features/groups/participants); this stays as
 * the reference its results are compared with, and as the "old way" of the benchmark.
 */
import type { ContactsPage, StoryContact } from '@shared/channels/stories'
import { normalizeContact } from '@shared/story/contacts'
import { bareId, foldForSearch, searchTerms } from '../../src-main/features/groups/index'

/** Someone the account shares groups with, as a contact picker lists them. */
export interface DirectoryEntry {
  /** The participant id as the server sent it. */
  id: string
  /** The phone number (7 to 15 digits), or null for ids that are not numbers (@lid). */
  number: string | null
  /** How many of the account's groups they are in. */
  groups: number
  /** Names of up to three of those groups, to tell people apart. */
  sampleGroups: string[]
}

const PHONE = /^\d{7,15}$/
const SAMPLE_GROUPS = 3

/**
 * Everyone in the groups added except the account itself, most shared groups first, built
 * one group at a time (as records are read from disk).
 */
export class DirectoryBuilder {
  readonly #byId = new Map<string, DirectoryEntry>()

  constructor(readonly selfId: string | null) {}

  /** One record as the app read it from disk: skipped unless its name and participants are usable. */
  addRecord(record: unknown): void {
    const { name, participants } = record as { name?: unknown; participants?: unknown }
    if (typeof name !== 'string' || !Array.isArray(participants)) return
    this.add(
      name,
      participants.filter(
        (p): p is { id: string } => typeof p === 'object' && p !== null && typeof (p as { id?: unknown }).id === 'string',
      ),
    )
  }

  add(groupName: string, participants: readonly { id: string }[]): void {
    for (const participant of participants) {
      const bare = bareId(participant.id)
      if (bare === this.selfId) continue
      let entry = this.#byId.get(bare)
      if (!entry) {
        entry = {
          id: participant.id,
          number: PHONE.test(bare) ? bare : null,
          groups: 0,
          sampleGroups: [],
        }
        this.#byId.set(bare, entry)
      }
      entry.groups++
      if (entry.sampleGroups.length < SAMPLE_GROUPS) entry.sampleGroups.push(groupName)
    }
  }

  entries(): DirectoryEntry[] {
    return [...this.#byId.values()].sort((a, b) => b.groups - a.groups || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }
}

interface Indexed {
  contact: StoryContact
  haystack: string
}

/** The old ContactsSearch: a folded haystack string per contact, filtered per query. */
export class ReferenceContactsSearch {
  readonly #index: Indexed[] = []

  constructor(directory: readonly DirectoryEntry[]) {
    const seen = new Set<string>()
    for (const entry of directory) {
      const id = entry.number ?? normalizeContact(entry.id)
      if (id === null || seen.has(id)) continue
      seen.add(id)
      this.#index.push({
        contact: { id, groups: entry.sampleGroups, groupCount: entry.groups },
        haystack: foldForSearch(`${id} ${entry.sampleGroups.join(' ')}`),
      })
    }
  }

  get size(): number {
    return this.#index.length
  }

  search(query: string, limit: number): ContactsPage {
    const digits = query.replace(/[\s()+.-]/g, '')
    const terms = /^\d+$/.test(digits) ? [digits] : searchTerms(query)
    const matching = terms.length === 0 ? this.#index : this.#index.filter((entry) => terms.every((term) => entry.haystack.includes(term)))
    return {
      contacts: matching.slice(0, limit).map((entry) => entry.contact),
      matching: matching.length,
      total: this.#index.length,
    }
  }
}
