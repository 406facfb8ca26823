import { STORY_CONTACT_PATTERN } from '../domain/story'

const PHONE_SUFFIX = '@s.whatsapp.net'

/**
 * What a person types or a group lists, in the form the provider takes: digits only for a
 * phone number (`+1 (555) 010-0001` and `15550100001@s.whatsapp.net` both give
 * `15550100001`), `<digits>@lid` for a hidden-number id. Returns null when it is neither.
 */
export function normalizeContact(input: string): string | null {
  const text = input.trim().toLowerCase()
  if (text === '') return null
  const at = text.indexOf('@')
  const local = (at === -1 ? text : text.slice(0, at)).replace(/^\+/, '').replace(/[\s().-]/g, '')
  const suffix = at === -1 ? '' : text.slice(at)
  const id = suffix === PHONE_SUFFIX ? local : local + suffix
  return id !== '' && STORY_CONTACT_PATTERN.test(id) ? id : null
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
