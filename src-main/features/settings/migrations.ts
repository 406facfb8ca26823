/** The settings file's current layout. Bump it with a migration whenever a stored key changes meaning or place. */
export const SETTINGS_VERSION = 1

/** The key the layout version is stored under, beside the settings themselves. */
export const VERSION_KEY = 'schemaVersion'

type Raw = Record<string, unknown>

/** `MIGRATIONS[n]` turns a layout-n file into layout n+1. */
export type Migrations = Readonly<Record<number, (raw: Raw) => Raw>>

export const MIGRATIONS: Migrations = {
  // Files written before the layout was versioned already hold today's keys.
  0: (raw) => raw,
}

export interface Migrated {
  raw: Raw
  from: number
  /** True when the file was written by a newer app than this one. */
  newer: boolean
}

/** The stored version, 0 when absent; NaN when present but not a version number. */
export function storedVersion(raw: Raw): number {
  const value = raw[VERSION_KEY]
  if (value === undefined) return 0
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : Number.NaN
}

/**
 * Brings stored settings up to `target`. A file from a newer app is left as it is (the
 * values this app knows are still read); a missing step is a programming error.
 */
export function migrate(raw: Raw, migrations: Migrations = MIGRATIONS, target = SETTINGS_VERSION): Migrated {
  const from = storedVersion(raw)
  const start = Number.isNaN(from) ? 0 : from
  if (start > target) return { raw, from: start, newer: true }
  let current = { ...raw }
  for (let version = start; version < target; version++) {
    const step = migrations[version]
    if (!step) throw new Error(`no settings migration from version ${version}`)
    current = step(current)
  }
  return { raw: { ...current, [VERSION_KEY]: target }, from: start, newer: false }
}
