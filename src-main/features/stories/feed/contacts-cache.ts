import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { contactDisplayName, type Contact } from '@shared/domain'
import { z } from 'zod'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { readJsonFile, setAside, writeJsonAtomic } from '../../../platform/files/json-file'

const ContactsFileSchema = z.object({
  version: z.literal(1),
  fetchedAt: z.string(),
  /** The server has no `GET /contacts` (it answered 404 or 405). */
  unsupported: z.boolean(),
  truncated: z.boolean(),
  /** Number (digits) → the name to show. Only what naming viewers needs is kept. */
  names: z.record(z.string().regex(/^\d{1,20}$/), z.string().max(100)),
})
export type ContactsFile = z.infer<typeof ContactsFileSchema>

const bare = (id: string): string => id.replace(/@.*$/, '')

/**
 * The account's contact names as last read (`<account dir>/contacts.json`): what puts a
 * name to a viewer the groups cache does not know. Written atomically; a file that cannot
 * be read is set aside and the names are read again at the next sync.
 */
export class ContactsCache {
  readonly #dir: string
  readonly #file: string
  readonly #log: Logger
  #data: ContactsFile | null | undefined

  constructor(accountDir: string, log: Logger = silentLogger) {
    this.#dir = accountDir
    this.#file = join(accountDir, 'contacts.json')
    this.#log = log
  }

  async read(): Promise<ContactsFile | null> {
    if (this.#data !== undefined) return this.#data
    const read = await readJsonFile(this.#file, ContactsFileSchema)
    if (read.status === 'corrupt') {
      const kept = await setAside(this.#file)
      this.#log.warn('contacts file set aside', { reason: read.reason, kept })
    }
    this.#data = read.status === 'ok' ? read.value : null
    return this.#data
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
      if (name !== null && /^\d{1,20}$/.test(number) && !contact.id.endsWith('@g.us')) names[number] = name
    }
    return this.#write({ version: 1, fetchedAt: fetchedAt.toISOString(), unsupported: false, truncated, names })
  }

  saveUnsupported(fetchedAt: Date): Promise<void> {
    return this.#write({ version: 1, fetchedAt: fetchedAt.toISOString(), unsupported: true, truncated: false, names: {} })
  }

  async #write(next: ContactsFile): Promise<void> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 })
    await writeJsonAtomic(this.#file, next)
    this.#data = next
  }
}
