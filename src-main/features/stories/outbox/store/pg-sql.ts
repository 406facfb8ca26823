import { LOCK_CLASS, STORE_SCHEMA } from './pg-schema'

const ITEMS = `${STORE_SCHEMA}.outbox_items`
const MEDIA = `${STORE_SCHEMA}.outbox_media`
const SET_ASIDE = `${STORE_SCHEMA}.outbox_set_aside`

/** Bounds what one read returns from a table someone filled with rows. */
export const MAX_ROWS = 10_000
/** Queued rows looked at for the next send: more than any that could fail to read before one that reads. */
export const NEXT_CANDIDATES = 20

/**
 * The store's statements. Every change to an account's items runs in a transaction that first
 * takes the account's advisory lock (`LOCK`): changes to one account follow one another, and
 * each statement after the lock sees every change committed before it (READ COMMITTED takes a
 * new snapshot per statement). Instants are passed as ISO text and compared as timestamptz.
 */
// developer-only: SQL run against the database, never shown.
export const SQL = {
  lock: `SELECT pg_advisory_xact_lock(${LOCK_CLASS}, hashtext($1))`,
  one: `SELECT * FROM ${ITEMS} WHERE account_id = $1 AND id = $2`,
  byRequest: `SELECT * FROM ${ITEMS} WHERE account_id = $1 AND request_id = $2`,
  list: `SELECT * FROM ${ITEMS} WHERE account_id = $1 ORDER BY created_at, id LIMIT ${MAX_ROWS}`,
  /** Another item not yet gone due at the same instant: $3 the item itself, $4 the live states. */
  slotTaken: `SELECT * FROM ${ITEMS} WHERE account_id = $1 AND due_at = $2::timestamptz AND id <> $3 AND state = ANY($4::text[]) LIMIT 1`,
  /** Another item of the account whose send claim is live at $2. */
  sendHeld: `SELECT * FROM ${ITEMS}
    WHERE account_id = $1 AND claim_purpose = 'send' AND claim_expires_at > $2::timestamptz AND id <> $3 LIMIT 1`,
  /** Queued items with no live claim at $2, in the order stories leave in. */
  nextQueued: `SELECT * FROM ${ITEMS}
    WHERE account_id = $1 AND state = 'queued' AND (claim_expires_at IS NULL OR claim_expires_at <= $2::timestamptz)
    ORDER BY send_order, id LIMIT ${NEXT_CANDIDATES}`,
  /** Accounts with a claim lapsed at $1, or a story queued or due by then that no live claim holds. */
  toLook: `SELECT DISTINCT account_id FROM ${ITEMS}
    WHERE claim_expires_at <= $1::timestamptz OR (claim_expires_at IS NULL AND state IN ('sending', 'sent'))
      OR (state IN ('queued', 'scheduled') AND (due_at IS NULL OR due_at <= $1::timestamptz) AND claim_expires_at IS NULL)
    LIMIT ${MAX_ROWS}`,
  expired: `SELECT * FROM ${ITEMS} WHERE account_id = $1
    AND (claim_expires_at <= $2::timestamptz OR (claim_expires_at IS NULL AND state IN ('sending', 'sent')))
    ORDER BY created_at, id LIMIT ${MAX_ROWS}`,
  insert: `INSERT INTO ${ITEMS}
    (account_id, id, request_id, rev, state, due_at, created_at, send_order, claim_owner, claim_expires_at, claim_purpose, item)
    VALUES ($1, $2, $3, 1, $4, $5::timestamptz, $6::timestamptz, $7, $8, $9::timestamptz, $10, $11::jsonb)
    RETURNING *`,
  update: `UPDATE ${ITEMS}
    SET request_id = $3, rev = rev + 1, state = $4, due_at = $5::timestamptz, created_at = $6::timestamptz, send_order = $7,
      claim_owner = $8, claim_expires_at = $9::timestamptz, claim_purpose = $10, item = $11::jsonb, updated_at = now()
    WHERE account_id = $1 AND id = $2
    RETURNING *`,
  setClaim: `UPDATE ${ITEMS} SET claim_owner = $3, claim_expires_at = $4::timestamptz, claim_purpose = $5
    WHERE account_id = $1 AND id = $2 RETURNING *`,
  remove: `DELETE FROM ${ITEMS} WHERE account_id = $1 AND id = $2`,
  insertMedia: `INSERT INTO ${MEDIA} (account_id, id, bytes) VALUES ($1, $2, $3)`,
  mediaSize: `SELECT octet_length(bytes) AS size FROM ${MEDIA} WHERE account_id = $1 AND id = $2`,
  mediaBytes: `SELECT bytes FROM ${MEDIA} WHERE account_id = $1 AND id = $2`,
  /**
   * Moves one row out of the items, its media with it, into the set-aside table under $3's name.
   * The media is read in the same statement as the delete, from the snapshot both share, before
   * the cascade takes it.
   */
  setAside: `WITH moved AS (DELETE FROM ${ITEMS} WHERE account_id = $1 AND id = $2 RETURNING *)
    INSERT INTO ${SET_ASIDE} (account_id, name, id, set_aside_at, row_data, media)
    SELECT moved.account_id, $3, moved.id, $4::timestamptz, to_jsonb(moved),
      (SELECT bytes FROM ${MEDIA} m WHERE m.account_id = moved.account_id AND m.id = moved.id)
    FROM moved`,
} as const
