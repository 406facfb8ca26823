import type { Database } from './database'

/** One step of a schema: the statements that take it from the version before to `version`. */
export interface MigrationStep {
  version: number
  statements: readonly string[]
}

/** A schema of the engine's database and the steps that build it, in order. */
export interface SchemaSteps {
  /** The PostgreSQL schema the tables live in; its `schema_version` table records how far it is. */
  schema: string
  /** The two keys of the advisory lock taken while migrating: engines starting together do not migrate twice. */
  lock: readonly [number, number]
  /** Steps are only ever added: a database already past a step never runs it again. */
  steps: readonly MigrationStep[]
  /** Names the schema in the developer's error when a newer version wrote it. */
  name: string
}

/** The version the last step reaches. */
export function latestVersion(steps: readonly MigrationStep[]): number {
  return steps[steps.length - 1]?.version ?? 0
}

/**
 * Brings a schema to its latest version, in one transaction under a lock: a step that fails
 * leaves the schema as it was, and one written by a newer version (a version the steps do not
 * reach) is refused rather than changed.
 */
export async function migrateSchema(db: Database, schema: SchemaSteps): Promise<void> {
  const latest = latestVersion(schema.steps)
  // developer-only: SQL run against the database, never shown.
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${schema.lock[0]}, ${schema.lock[1]})`)
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema.schema}`)
    await tx.query(
      `CREATE TABLE IF NOT EXISTS ${schema.schema}.schema_version (one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row), version integer NOT NULL)`,
    )
    const [row] = await tx.query<{ version: number }>(`SELECT version FROM ${schema.schema}.schema_version`)
    const current = row?.version ?? 0
    if (current > latest) {
      throw new Error(`${schema.name}: the database's schema is version ${current}, newer than this version knows (${latest})`)
    }
    for (const step of schema.steps) {
      if (step.version > current) for (const statement of step.statements) await tx.query(statement)
    }
    await tx.query(
      `INSERT INTO ${schema.schema}.schema_version (version) VALUES ($1) ON CONFLICT (one_row) DO UPDATE SET version = EXCLUDED.version`,
      [latest],
    )
  })
}
