import { STORY_CONTACT_PATTERN } from '../domain/story'

const PHONE_SUFFIX = '@s.whatsapp.net'

/**
 * What a person types or a group lists, in the only form the provider's contract takes:
 * the digits of a phone number (`+1 (555) 010-0001` and `15550100001@s.whatsapp.net` both
 * give `15550100001`). Anything else, a hidden-number `@lid` id included, gives null.
 */
export function normalizeContact(input: string): string | null {
  const text = input.trim().toLowerCase()
  if (text === '') return null
  const at = text.indexOf('@')
  if (at !== -1 && text.slice(at) !== PHONE_SUFFIX) return null
  const local = (at === -1 ? text : text.slice(0, at)).replace(/^\+/, '').replace(/[\s().-]/g, '')
  return local !== '' && STORY_CONTACT_PATTERN.test(local) ? local : null
}

/** Normalised, valid and de-duplicated, in first-seen order. */
export function uniqueContacts(inputs: Iterable<string>): string[] {
  const seen = new Set<string>()
  for (const input of inputs) {
    const id = normalizeContact(input)
    if (id !== null) seen.add(id)
  }
  return [...seen]
}
