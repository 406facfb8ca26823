import type { Database } from '../../../../platform/db/database'
import { migrateSchema, type MigrationStep } from '../../../../platform/db/migrate'

/** The outbox's tables live in a schema of their own, so a shared server keeps them apart from anything else. */
export const STORE_SCHEMA = 'statusdesk'
/** pg-boss's tables, in a schema of their own too: another application's pg-boss on the same server is not ours. */
export const JOBS_SCHEMA = 'statusdesk_jobs'

/**
 * The first key of every advisory lock the store takes; the second is the account's hash (0: the
 * migration). Two-key locks live apart from pg-boss's one-key ones.
 */
export const LOCK_CLASS = 0x5d0b

/**
 * Each step takes the schema from the version before it to its own. Steps are only ever added:
 * a database already past a step never runs it again, and one written by a newer version (a
 * version this list does not reach) is refused rather than changed.
 */
// developer-only: SQL run against the database, never shown.
const MIGRATIONS: readonly MigrationStep[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE ${STORE_SCHEMA}.outbox_items (
        account_id text NOT NULL,
        id text COLLATE "C" NOT NULL,
        request_id text NOT NULL,
        rev integer NOT NULL CHECK (rev >= 1),
        state text NOT NULL,
        due_at timestamptz,
        created_at timestamptz NOT NULL,
        -- The instant a story joined the queue as sendOrder compares it: its due instant, else its creation.
        send_order text COLLATE "C" NOT NULL,
        claim_owner text,
        claim_expires_at timestamptz,
        claim_purpose text CHECK (claim_purpose IN ('send', 'edit')),
        -- The item as the outbox wrote it, its revision and claim left out: the columns above hold those.
        item jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, id),
        UNIQUE (account_id, request_id),
        CHECK ((claim_owner IS NULL) = (claim_expires_at IS NULL) AND (claim_owner IS NULL) = (claim_purpose IS NULL))
      )`,
      `CREATE INDEX outbox_items_queued ON ${STORE_SCHEMA}.outbox_items (account_id, send_order, id) WHERE state = 'queued'`,
      `CREATE INDEX outbox_items_due ON ${STORE_SCHEMA}.outbox_items (account_id, due_at) WHERE due_at IS NOT NULL`,
      `CREATE INDEX outbox_items_claimed ON ${STORE_SCHEMA}.outbox_items (account_id, claim_expires_at) WHERE claim_owner IS NOT NULL`,
      `CREATE TABLE ${STORE_SCHEMA}.outbox_media (
        account_id text NOT NULL,
        id text COLLATE "C" NOT NULL,
        bytes bytea NOT NULL,
        PRIMARY KEY (account_id, id),
        FOREIGN KEY (account_id, id) REFERENCES ${STORE_SCHEMA}.outbox_items (account_id, id) ON DELETE CASCADE
      )`,
      // Rows that could not be read back as an item, moved out of the way and kept for the user to recover.
      `CREATE TABLE ${STORE_SCHEMA}.outbox_set_aside (
        account_id text NOT NULL,
        name text NOT NULL,
        id text NOT NULL,
        set_aside_at timestamptz NOT NULL,
        row_data jsonb NOT NULL,
        media bytea,
        PRIMARY KEY (account_id, name)
      )`,
    ],
  },
]

/** Brings the store's schema to this version (platform/db/migrate.ts says how). */
export function migrate(db: Database): Promise<void> {
  return migrateSchema(db, { schema: STORE_SCHEMA, lock: [LOCK_CLASS, 0], steps: MIGRATIONS, name: 'outbox store' })
}
