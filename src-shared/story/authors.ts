/** Who did something on the agent, as the activity log names them. */
export interface AuthorNames {
  deviceName: string
  personName?: string | null
}

/** The person to name beside the device, or null: none was given at pairing (or an older agent does not say). */
export function personOf(author: AuthorNames): string | null {
  return author.personName ? author.personName : null
}

/**
 * How a teammate on the agent is named: the person given at pairing, then the device
 * ("Bia (Back office)", as the items' "Planned by {person} ({device})" says it), or the device
 * alone when no person was given. Main's texts name people with this; the page picks its texts
 * by `personOf`, so both follow one rule.
 */
export function authorName(author: AuthorNames): string {
  const person = personOf(author)
  return person === null ? author.deviceName : `${person} (${author.deviceName})`
}
