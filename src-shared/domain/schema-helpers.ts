import { z } from 'zod'

/**
 * An optional field of a server record. The provider sends `null` for some absent values
 * (and may start doing so for others), so absent and null are both accepted everywhere.
 */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish()
}

/**
 * A string enum of a server record. The provider adds values over time (message types,
 * ranks, label colours); an unseen value must not set a whole group aside, so any string
 * is accepted while the known values stay visible to the type checker.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  // The cast only widens the output type with the known literals; the runtime check is z.string().
  return z.string() as unknown as z.ZodType<T[number] | (string & {}), string>
}
