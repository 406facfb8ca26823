import type { ContactsPage, StoryContact } from '@shared/channels/stories'
import { searchTerms } from '../../groups/index'
import { contactAt, isListed, participantsMatching, type LoadedParticipants } from '../../groups/participants'

/**
 * The contact picker's source: the people of the cached groups (one entry per person,
 * most shared groups first), in the form a story's audience takes, searchable by number or
 * by the names of the groups shown with them. It searches the participants index's typed
 * arrays as they are; only the contacts returned become objects.
 */
export class ContactsSearch {
  readonly #participants: (accountId: string) => Promise<LoadedParticipants | null>

  constructor(participants: (accountId: string) => Promise<LoadedParticipants | null>) {
    this.#participants = participants
  }

  /** The people of the account's cached groups matching `query`. */
  async search(accountId: string, query: string, limit: number): Promise<ContactsPage> {
    const participants = await this.#participants(accountId)
    if (!participants) return { contacts: [], matching: 0, total: 0 }
    // "+1 555-0100" finds 15550100...: digits are compared without their punctuation.
    const digits = query.replace(/[\s()+.-]/g, '')
    const terms = /^\d+$/.test(digits) ? [digits] : searchTerms(query)
    const matched = terms.length > 0 ? participantsMatching(participants, terms) : null
    const contacts: StoryContact[] = []
    let matching = 0
    for (let i = 0; i < participants.table.count; i++) {
      if (!isListed(participants, i) || (matched && matched[i] !== terms.length)) continue
      if (contacts.length < limit) contacts.push(contactAt(participants, i))
      matching++
    }
    return { contacts, matching, total: participants.table.listed }
  }
}
