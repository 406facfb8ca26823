import type { Person } from './people'
import { hashSeed } from './prng'

export interface EmulatedContact {
  id: string
  name: string
  pushname: string
  is_business: boolean
  saved: boolean
  profile_pic: string
  profile_pic_full: string
  status?: string
}

/** About three in ten of the people the account shares groups with are in its contact book. */
const IN_BOOK_PER_TEN = 3
const SURNAME_INITIALS = 'ABCDEFGHIKLMNOPRSTVZ'
const STATUSES = ['Available', 'At work', 'Busy', 'Hey there! I am using WhatsApp.'] as const

/**
 * The account's contacts, derived from the seed: a share of the group members, each with
 * the name the account's owner saved (first name and an initial, as people do) and the
 * person's own push name; some are not saved and have only the push name. Viewers of a
 * story come from the same people, so a client can name some of them only through here.
 */
export function generateContacts(seed: number, people: readonly Person[], pictureBase: string): EmulatedContact[] {
  const contacts: EmulatedContact[] = []
  for (const person of people) {
    const roll = hashSeed(seed, 'contact', person.phone)
    if (roll % 10 >= IN_BOOK_PER_TEN) continue
    const saved = roll % 7 !== 0
    const initial = SURNAME_INITIALS[roll % SURNAME_INITIALS.length] as string
    const status = roll % 3 === 0 ? STATUSES[roll % STATUSES.length] : undefined
    contacts.push({
      id: `${person.phone}@s.whatsapp.net`,
      name: saved ? `${person.name} ${initial}.` : '',
      pushname: person.name,
      is_business: roll % 11 === 0,
      saved,
      profile_pic: `${pictureBase}/contact-${person.phone}.png`,
      profile_pic_full: `${pictureBase}/contact-${person.phone}-full.png`,
      ...(status !== undefined && { status }),
    })
  }
  return contacts
}
