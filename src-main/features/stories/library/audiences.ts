import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { uniqueContacts } from '@shared/story/contacts'
import { MAX_AUDIENCES, type Audience } from '@shared/story/library'
import type { JsonStore } from '../../../account/files/json-store'
import { ListFile, type ListFileContent } from './list-file'
import { newId } from './new-id'

/**
 * Saved audiences, kept for the whole app in `audiences.json` (declared in app-files.ts) rather than per
 * account: a contact is a phone number whichever account posts, so "Customers" serves every
 * account a story is published to.
 */
export class AudienceStore {
  readonly #file: ListFile<Audience>
  readonly #now: () => Date

  constructor(store: JsonStore<ListFileContent<Audience>>, options: { now?: () => Date } = {}) {
    this.#file = new ListFile(store)
    this.#now = options.now ?? (() => new Date())
  }

  list(): Promise<Audience[]> {
    return this.#file.read().then(sortByName)
  }

  /** The audience whose contacts are exactly these (in any order), if one is. */
  async holding(contacts: readonly string[]): Promise<Audience | null> {
    const wanted = new Set(uniqueContacts(contacts))
    const items = await this.#file.read()
    return items.find((item) => item.contacts.length === wanted.size && item.contacts.every((contact) => wanted.has(contact))) ?? null
  }

  /** Creates an audience, or replaces the one with `id`; a name already used names the same audience. */
  async save(input: { id?: string | undefined; name: string; contacts: readonly string[] }): Promise<Audience[]> {
    const contacts = uniqueContacts(input.contacts)
    if (contacts.length === 0) throw new AppError('invalid-argument', userText('mediaErrors.library.noNumbers'))
    const saved = await this.#file.update((items) => {
      const name = input.name.trim()
      const same = items.find((item) => (input.id !== undefined ? item.id === input.id : item.name.toLowerCase() === name.toLowerCase()))
      if (input.id !== undefined && !same) throw new AppError('not-found', userText('mediaErrors.library.audienceGone'))
      if (!same && items.length >= MAX_AUDIENCES)
        throw new AppError('invalid-argument', userText('mediaErrors.library.tooManyAudiences', { count: MAX_AUDIENCES }))
      const audience: Audience = { id: same?.id ?? newId(), name, contacts, updatedAt: this.#now().toISOString() }
      return same ? items.map((item) => (item.id === same.id ? audience : item)) : [...items, audience]
    })
    return sortByName(saved)
  }

  /** Changes the whole list at once (a hand-over taking audiences in), saying what the change did. */
  async merge<T>(change: (items: readonly Audience[]) => { items: Audience[]; taken: T }): Promise<T> {
    let taken: T | undefined
    await this.#file.update((items) => {
      const next = change(items)
      taken = next.taken
      return next.items
    })
    return taken!
  }

  async delete(id: string): Promise<Audience[]> {
    return sortByName(await this.#file.update((items) => items.filter((item) => item.id !== id)))
  }
}

function sortByName(items: readonly Audience[]): Audience[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name))
}
