import type { MainTexts } from './main-texts'

/** The dotted keys of a catalog's texts: "errors.codes.offline". */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]

/** The English text a key names. */
type TextAt<T, K extends string> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? TextAt<T[Head], Rest>
    : never
  : K extends keyof T
    ? T[K]
    : never

/** The placeholders of a text: "{host} did not answer in {seconds}" → "host" | "seconds". Literals ({'@'}) are not placeholders. */
type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `'${string}` ? never : Name) | Placeholders<Rest>
  : never

/** Every text main can say to a user. */
export type TextKey = Leaves<MainTexts>

/**
 * A parameter's value. Its name says how it is shown (see text-params.ts): `seconds` as a
 * duration, `bytes`/`size`/`limit` as a size, `at` and `…At` as a date and time, `count` as a
 * number that also picks the plural form; any other number plainly, any string as it is.
 */
export type ParamValue = string | number

export type TextParams<K extends TextKey> = { [Name in Placeholders<TextAt<MainTexts, K>>]: ParamValue }

/** What main says to a user: a key of the catalogs and its parameters, never prose. It crosses the bridge and reaches disk like this. */
export interface UserText {
  key: TextKey
  params?: Record<string, ParamValue>
}

/** Longest parameter kept: a file name, a host, or a server's own words, which are cut rather than refused. */
export const MAX_PARAM_LENGTH = 500

type ParamsArgument<K extends TextKey> = [keyof TextParams<K>] extends [never] ? [] : [params: TextParams<K>]

/** Builds a UserText, typed against the English catalog: a wrong key or a missing parameter fails typecheck. */
export function userText<K extends TextKey>(key: K, ...[params]: ParamsArgument<K>): UserText {
  return params === undefined ? { key } : { key, params: params as Record<string, ParamValue> }
}
