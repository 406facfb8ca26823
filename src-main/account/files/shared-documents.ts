import type { z } from 'zod'
import type { Logger } from '../../platform/log/log'
import type { JsonFileDecl } from './file-registry'

/** What the history and the insights need of a JSON document: the shape JsonStore has for a file. */
export interface AccountDocument<T> {
  read(): Promise<T | null>
  /** Applies a change to the current content and writes the result; `undefined` from the change writes nothing. */
  update(change: (current: T | null) => T | undefined): Promise<T | null>
}

/** One row of an account's documents as read back: its revision, and its bytes unless they are the ones already held. */
export interface DocumentRow {
  rev: string
  /** Null when the row's revision is the one the reader said it holds. */
  bytes: Buffer | null
  /** Past the reader's cap: its bytes were not read. */
  tooLarge: boolean
}

/**
 * Each account's documents (its history, its insights) where every engine on one database reads
 * and writes them: a row per account and document, with a revision that each write changes. A
 * write names the revision it was made on and is refused (null) when the row moved on since, so
 * two engines never overwrite each other blindly.
 */
export interface DocumentRows {
  /** The row, or null when there is none; its bytes are left out past `maxBytes` or when its revision is `knownRev`. */
  read(accountId: string, name: string, options: { maxBytes: number; knownRev: string | null }): Promise<DocumentRow | null>
  /** Writes the bytes over revision `expectedRev` (null: over no row); the new revision, or null when the row is no longer that. */
  write(accountId: string, name: string, bytes: Buffer, expectedRev: string | null): Promise<string | null>
  /** Moves the row at `rev` out of the way (kept for inspection); a row that moved on meanwhile stays. */
  setAside(accountId: string, name: string, rev: string, reason: string): Promise<void>
  /** Every row's account, name and revision (never its bytes), at most `limit` of them: what changed since a last look. */
  revisions(limit: number): Promise<Array<{ accountId: string; name: string; rev: string }>>
}

/**
 * Who samples an account's stories: one engine at a time, under a lease in the database that its
 * holder renews while it samples and that another engine takes once it lapsed (its holder killed).
 */
export interface SamplingClaims {
  /** Takes or renews this engine's claim on the account; false while another engine holds it. */
  hold(accountId: string): Promise<boolean>
  /** Lets go of this engine's claim, so another engine takes the account at its next round. */
  release(accountId: string): Promise<void>
}

/** The account data an engine shares with the others on its database (the agent on a PostgreSQL server). */
export interface SharedAccountData {
  rows: DocumentRows
  sampling: SamplingClaims
  /** Removes every document and claim of an account signed out with its data. */
  forget(accountId: string): Promise<void>
}

/** How many writes in a row may find the row changed before a change gives up: each one is another engine's write landing first. */
const MAX_CONFLICTS = 20
/** A JSON document larger than this is not one an engine wrote (the history is well under 1 MB, the live insights under 8 MB). */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024

export interface SharedJsonOptions {
  accountId: string
  rows: DocumentRows
  log: Logger
  /** The row could not be read back (not JSON, refused by its schema, too large) and was set aside. */
  onSetAside?: () => void
  maxBytes?: number
}

/**
 * One declared JSON document of an account kept in the shared rows instead of its file: read
 * with the file's schema (a row that fails it, or is past the cap, is set aside, said, and reads
 * as missing), held while its revision stays, and changed by compare-and-set on the revision: a
 * change that finds another engine's write first is applied again over that write.
 */
export class SharedJsonDocument<T> implements AccountDocument<T> {
  readonly #decl: JsonFileDecl<z.ZodType<T>>
  readonly #opts: SharedJsonOptions
  #held: { rev: string; value: T | null } | null = null
  #queue: Promise<unknown> = Promise.resolve()

  constructor(decl: JsonFileDecl<z.ZodType<T>>, options: SharedJsonOptions) {
    this.#decl = decl
    this.#opts = options
  }

  read(): Promise<T | null> {
    return this.#serial(async () => (await this.#read()).value)
  }

  update(change: (current: T | null) => T | undefined): Promise<T | null> {
    return this.#serial(async () => {
      for (let attempt = 0; attempt < MAX_CONFLICTS; attempt++) {
        const current = await this.#read()
        const next = change(current.value)
        if (next === undefined) return current.value
        const bytes = this.#encode(next)
        const rev = await this.#opts.rows.write(this.#opts.accountId, this.#decl.path, bytes, current.rev)
        if (rev !== null) {
          this.#held = { rev, value: next }
          return next
        }
      }
      // developer-only: engines writing one account's document faster than one change can land
      throw new Error(`${this.#decl.path}: changed by other engines ${MAX_CONFLICTS} times in a row; not written`)
    })
  }

  #encode(value: T): Buffer {
    const checked = this.#decl.schema.safeParse(value)
    if (!checked.success) {
      const issue = checked.error.issues[0]
      // developer-only: a value that escaped its checks; the row stays as it was
      throw new Error(`${this.#decl.path} not written, its schema refuses ${issue?.path.join('.') || 'it'}: ${issue?.message ?? 'invalid'}`)
    }
    const bytes = Buffer.from(JSON.stringify(value), 'utf8')
    // developer-only: a document that would not be read back
    if (bytes.length > this.#maxBytes) throw new Error(`${this.#decl.path} not written: ${bytes.length} bytes, past the cap`)
    return bytes
  }

  get #maxBytes(): number {
    return this.#opts.maxBytes ?? MAX_DOCUMENT_BYTES
  }

  /** The content and the revision it was read at (null: no row). */
  async #read(): Promise<{ rev: string | null; value: T | null }> {
    const { accountId, rows } = this.#opts
    const name = this.#decl.path
    const row = await rows.read(accountId, name, { maxBytes: this.#maxBytes, knownRev: this.#held?.rev ?? null })
    if (row === null) {
      this.#held = null
      return { rev: null, value: null }
    }
    if (row.bytes === null && !row.tooLarge && this.#held?.rev === row.rev) return this.#held
    const parsed = row.tooLarge ? { ok: false as const, reason: 'too large' } : this.#parse(row.bytes ?? Buffer.alloc(0))
    if (parsed.ok) {
      this.#held = { rev: row.rev, value: parsed.value }
      return this.#held
    }
    await rows.setAside(accountId, name, row.rev, parsed.reason)
    this.#opts.log.warn('shared document set aside', { accountId, document: name, reason: parsed.reason })
    this.#opts.onSetAside?.()
    this.#held = null
    return { rev: null, value: null }
  }

  #parse(bytes: Buffer): { ok: true; value: T } | { ok: false; reason: string } {
    let json: unknown
    try {
      json = JSON.parse(bytes.toString('utf8'))
    } catch {
      return { ok: false, reason: 'not JSON' }
    }
    const parsed = this.#decl.schema.safeParse(json)
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: parsed.error.issues[0]?.message ?? 'invalid' }
  }

  #serial<R>(task: () => Promise<R>): Promise<R> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => {})
    return run
  }
}
