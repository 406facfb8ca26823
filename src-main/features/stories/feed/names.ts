import type { Group, Message } from '@shared/domain'

export interface KnownPerson {
  name: string | null
  groups: string[]
}

/** What names are learned from: a group's name, its people and who sent its last message. */
export interface GroupSeen {
  name: Group['name']
  participants?: Group['participants']
  last_message?: Pick<Message, 'from' | 'from_name' | 'from_me'> | null
}

/** Someone in the cached groups (by id without its server part) and some of their groups' names. */
export interface ParticipantSeen {
  id: string
  sampleGroups: readonly string[]
}

const SAMPLE_GROUPS = 3
const bare = (id: string): string => id.replace(/@.*$/, '')

/**
 * Who the account knows, by number: the groups each participant is in (from `participants`, the
 * participants index's answer for the numbers wanted, when given, since the groups main
 * holds may list only their admins); and a name, from the account's contacts first (the name the user saved), else
 * from a group's last message that came from them with a sender name.
 */
export function nameBook(
  groups: readonly GroupSeen[],
  participants?: readonly ParticipantSeen[],
  contacts?: ReadonlyMap<string, string>,
): Map<string, KnownPerson> {
  const book = new Map<string, KnownPerson>()
  for (const entry of participants ?? []) {
    book.set(bare(entry.id), { name: null, groups: entry.sampleGroups.slice(0, SAMPLE_GROUPS) })
  }
  for (const group of groups) {
    if (participants === undefined)
      for (const participant of group.participants ?? []) {
        const number = bare(participant.id)
        let person = book.get(number)
        if (!person) {
          person = { name: null, groups: [] }
          book.set(number, person)
        }
        if (person.groups.length < SAMPLE_GROUPS) person.groups.push(group.name)
      }
    const last = group.last_message
    const from = typeof last?.from === 'string' ? bare(last.from) : ''
    const name = typeof last?.from_name === 'string' ? last.from_name.trim() : ''
    if (from && name && !last?.from_me) {
      const person = book.get(from) ?? { name: null, groups: [] }
      person.name ??= name.slice(0, 100)
      book.set(from, person)
    }
  }
  for (const [number, name] of contacts ?? []) {
    const person = book.get(number)
    if (person) person.name = name
    else book.set(number, { name, groups: [] })
  }
  return book
}
