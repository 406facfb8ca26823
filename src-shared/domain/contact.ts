import { z } from 'zod'
import { describeZodError, parseWith, type ParseOutcome } from './issue-path'
import { MAX_RECORD_DEPTH, nestedDeeperThan } from './nesting'

export const CONTACTS_PAGE_MAX_COUNT = 500

/** One of the account's contacts (components/schemas/Contact): `id` and `name` are required. */
export const ContactSchema = z.looseObject({
  id: z.string().min(1).max(200),
  /** The name in the phone's contact book. */
  name: z.string().max(1000),
  /** The name the person gave their own account. */
  pushname: z.string().max(1000).optional(),
  is_business: z.boolean().optional(),
  profile_pic: z.string().optional(),
  profile_pic_full: z.string().optional(),
  status: z.string().optional(),
  saved: z.boolean().optional(),
})
export type Contact = z.infer<typeof ContactSchema>

/** The envelope of `GET /contacts` (ContactsList: `contacts` plus the Iterator fields). */
export const ContactsPageEnvelopeSchema = z.looseObject({
  contacts: z.array(z.unknown()).optional(),
  count: z.int().nonnegative().optional(),
  total: z.int().nonnegative().optional(),
  offset: z.int().nonnegative().optional(),
})

export interface ParsedContactsPage {
  contacts: Contact[]
  rejected: { index: number; path: string; message: string }[]
}

/** A page of contacts; a malformed contact is set aside, a malformed envelope fails the page. */
export function parseContactsPage(raw: unknown): ParseOutcome<ParsedContactsPage> {
  const envelope = parseWith(ContactsPageEnvelopeSchema, raw)
  if (!envelope.success) return envelope
  const contacts: Contact[] = []
  const rejected: ParsedContactsPage['rejected'] = []
  ;(envelope.data.contacts ?? []).forEach((item, index) => {
    if (nestedDeeperThan(item, MAX_RECORD_DEPTH)) {
      rejected.push({ index, path: `contacts[${index}]`, message: 'nested too deep' })
      return
    }
    const result = ContactSchema.safeParse(item)
    if (result.success) contacts.push(result.data)
    else rejected.push({ index, ...describeZodError(result.error, ['contacts', index]) })
  })
  return { success: true, data: { contacts, rejected } }
}

/** What a viewer list shows for a contact: the contact book's name, else their own. */
export function contactDisplayName(contact: Contact): string | null {
  const name = contact.name.trim() || contact.pushname?.trim() || ''
  return name === '' ? null : name.slice(0, 100)
}
