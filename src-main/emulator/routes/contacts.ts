import type { EmulatorContext } from '../state/context'
import { generateContacts, type EmulatedContact } from '../data/contacts'
import { parsePaging } from '../protocol/validation'

const generated = new WeakMap<EmulatorContext, EmulatedContact[]>()

/** GET /contacts?count=&offset= -> {contacts, count, total, offset}, paged like groups. */
export function listContacts(context: EmulatorContext, params: URLSearchParams): unknown {
  const { count, offset } = parsePaging(params)
  let all = generated.get(context)
  if (all === undefined) {
    all = generateContacts(context.options.seed, context.generator.people, context.generator.pictureBase())
    generated.set(context, all)
  }
  const contacts = all.slice(offset, offset + count)
  return { contacts, count: contacts.length, total: all.length, offset }
}
