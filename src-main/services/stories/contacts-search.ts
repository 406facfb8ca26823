import type { ContactsPage, StoryContact } from '@shared/channels/stories'
import { normalizeContact } from '@shared/story/contacts'
import { foldForSearch, searchTerms, type DirectoryEntry } from '../groups-index'

interface Indexed {
  contact: StoryContact
  /** The id and group names, folded for search. */
  haystack: string
}

/**
 * The contact picker's source: the participants of the cached groups (already one entry
 * per person), in the form a story's audience takes, searchable by number or group name.
 * The folded index is rebuilt only when the directory itself changes.
 */
export class ContactsSearch {
  readonly #directory: () => Promise<readonly DirectoryEntry[]>
  #source: readonly DirectoryEntry[] | null = null
  #index: Indexed[] = []

  constructor(directory: () => Promise<readonly DirectoryEntry[]>) {
    this.#directory = directory
  }

  async search(query: string, limit: number): Promise<ContactsPage> {
    const index = await this.#current()
    // "+1 555-0100" finds 15550100...: digits are compared without their punctuation.
    const digits = query.replace(/[\s()+.-]/g, '')
    const terms = /^\d+$/.test(digits) ? [digits] : searchTerms(query)
    const matching = terms.length === 0 ? index : index.filter((entry) => terms.every((term) => entry.haystack.includes(term)))
    return { contacts: matching.slice(0, limit).map((entry) => entry.contact), matching: matching.length, total: index.length }
  }

  async #current(): Promise<Indexed[]> {
    const source = await this.#directory()
    if (source === this.#source) return this.#index
    const seen = new Set<string>()
    const index: Indexed[] = []
    for (const entry of source) {
      const id = entry.number ?? normalizeContact(entry.id)
      if (id === null || seen.has(id)) continue
      seen.add(id)
      index.push({
        contact: { id, groups: entry.sampleGroups, groupCount: entry.groups },
        haystack: foldForSearch(`${id} ${entry.sampleGroups.join(' ')}`),
      })
    }
    this.#source = source
    this.#index = index
    return index
  }
}
