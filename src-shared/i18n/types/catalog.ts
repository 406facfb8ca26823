/**
 * A translation of an English catalog: the same keys, any text. English catalogs of main's
 * texts are written `as const` so that each text's placeholders are known to the type checker;
 * a translation satisfies `Catalog<typeof en>`, so a missing or extra key fails typecheck.
 */
export type Catalog<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> }
