/** The texts each group has in PackedRefs: its id and its thumbnail's URL. */
export const REF_FIELDS = 2

/**
 * Every group's id and thumbnail URL as UTF-8 in one buffer, and whether it has a full
 * picture, for the picture worker: moved to it rather than copied as tens of thousands of
 * strings. Field `f` of group `g` ends at `ends[REF_FIELDS * g + f]` and starts where the
 * field before it ended ('' for none). Made from the columns by packColumnRefs
 * (picture-ref.ts). A module of its own, importing nothing: the worker reads it without the
 * index's code.
 */
export interface PackedRefs {
  count: number
  bytes: Uint8Array
  ends: Uint32Array
  /** 1 where the group has a full picture. */
  full: Uint8Array
}
