/** One read of a body: a chunk, or the end (as a web stream's reader says them). */
export type BodyChunk = { done: false; value: Uint8Array } | { done: true; value?: Uint8Array | undefined }

/**
 * What a reader of a downloaded body needs of a response. A fetch `Response` is one; so is
 * the answer of `pinnedGet().get`, which is not made of web streams (see there).
 */
export interface BodyResponse {
  readonly status: number
  readonly ok: boolean
  readonly headers: { get(name: string): string | null }
  readonly body: {
    getReader(): { read(): Promise<BodyChunk>; cancel(): Promise<void> }
    cancel(): Promise<void>
  } | null
}

/** A GET for bytes: fetch's shape, with the answer narrowed to what BodyResponse holds. */
export type GetLike = (url: string, init: RequestInit) => Promise<BodyResponse>
