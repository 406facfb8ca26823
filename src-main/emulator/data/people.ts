import { randomString } from './ids'
import { COUNTRY_CODES, FIRST_NAMES, SCRIPTS } from './names'
import { createRng, hashSeed } from './prng'

export interface Person {
  /** Digits only, as the provider's ContactID pattern wants. */
  phone: string
  name: string
}

/** Prime, so any stride below it walks the whole pool: group members are always distinct. */
export const POOL_SIZE = 5003

/**
 * Everyone the account shares groups with. A fixed pool (rather than fresh numbers per
 * group) means the same person turns up in several groups, as in a real account.
 */
export function createPeople(seed: number): readonly Person[] {
  const rng = createRng(hashSeed(seed, 'people'))
  const seen = new Set<string>()
  const people: Person[] = []
  while (people.length < POOL_SIZE) {
    const country = rng.chance(0.5) ? COUNTRY_CODES[0] : rng.pick(COUNTRY_CODES)
    const phone = `${country}${rng.int(2, 9)}${randomString(rng, 9, '0123456789')}`
    if (seen.has(phone)) continue
    seen.add(phone)
    const script = rng.pick(SCRIPTS)
    people.push({ phone, name: rng.pick(FIRST_NAMES[script]) })
  }
  return people
}
