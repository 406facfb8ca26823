import { contactDisplayName, type Contact } from '@shared/domain'
import type { JsonStore } from '../../../account/files/json-store'
import type { ContactsFile } from '../../../account/files/formats/story-files'

export type { ContactsFile }

const bare = (id: string): string => id.replace(/@.*$/, '')

/**
 * The account's contact names as last read (`contacts.json`, declared in account-files.ts):
 * what puts a name to a viewer the groups cache does not know. A file that cannot be read is
 * set aside and the names are read again at the next sync.
 */
export class ContactsCache {
  readonly #file: JsonStore<ContactsFile>

  constructor(file: JsonStore<ContactsFile>) {
    this.#file = file
  }

  read(): Promise<ContactsFile | null> {
    return this.#file.read()
  }

  async names(): Promise<ReadonlyMap<string, string>> {
    return new Map(Object.entries((await this.read())?.names ?? {}))
  }

  save(contacts: readonly Contact[], fetchedAt: Date, truncated: boolean): Promise<void> {
    const names: Record<string, string> = {}
    for (const contact of contacts) {
      const number = bare(contact.id)
      const name = contactDisplayName(contact)
      // Groups (`…@g.us`) and other non-person ids have no place among viewers.
      // Cut to what the file keeps, so a long name never makes the file unreadable next time.
      if (name !== null && /^\d{1,20}$/.test(number) && !contact.id.endsWith('@g.us')) names[number] = name.slice(0, 100)
    }
    return this.#file.write({ version: 1, fetchedAt: fetchedAt.toISOString(), unsupported: false, truncated, names })
  }

  saveUnsupported(fetchedAt: Date): Promise<void> {
    return this.#file.write({ version: 1, fetchedAt: fetchedAt.toISOString(), unsupported: true, truncated: false, names: {} })
  }
}
