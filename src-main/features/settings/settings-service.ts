import { type Settings, type SettingsPatch, SettingsSchema, type SettingsStatus } from '@shared/channels/settings'
import { AppError } from '@shared/errors'
import { type UserText, userText } from '@shared/i18n/user-text'
import type { EventHub } from '../../platform/events'
import type { Logger } from '../../platform/log/log'
import type { KeyValueStore } from '../../platform/store/key-value-store'
import { MIGRATIONS, migrate, type Migrations, SETTINGS_VERSION, VERSION_KEY } from './migrations'
import type { RecoveryLog } from '../../platform/store/recovery-log'
import { salvageSettings } from '../../platform/store/salvage'
import { copyAside } from '../../platform/store/copy-aside'

export interface SettingsServiceOptions {
  store: KeyValueStore
  recoveries: RecoveryLog
  log: Logger
  events?: EventHub
  now?: () => Date
  /** Tests pass their own chain; the app uses MIGRATIONS up to SETTINGS_VERSION. */
  migrations?: Migrations
  version?: number
}

type Listener = (settings: Settings) => void

/**
 * The user's settings: read once at startup (migrated, checked field by field), kept in
 * memory, written through on every change. Keys this version does not know are left in
 * the file untouched.
 */
export class SettingsService {
  readonly #store: KeyValueStore
  readonly #recoveries: RecoveryLog
  readonly #log: Logger
  readonly #events: EventHub | undefined
  readonly #listeners = new Set<Listener>()
  #settings: Settings

  constructor(options: SettingsServiceOptions) {
    this.#store = options.store
    this.#recoveries = options.recoveries
    this.#log = options.log
    this.#events = options.events
    this.#settings = this.#load(options.now ?? (() => new Date()), options.migrations ?? MIGRATIONS, options.version ?? SETTINGS_VERSION)
  }

  get(): Settings {
    return structuredClone(this.#settings)
  }

  /**
   * One value, read without copying every setting: for what is asked at each look of every
   * outbox. Only a plain value comes out, so nothing held can be changed through it.
   */
  read<T extends string | number | boolean | null>(select: (settings: Readonly<Settings>) => T): T {
    return select(this.#settings)
  }

  status(): SettingsStatus {
    return { recovered: this.#recoveries.list() }
  }

  /** Merges the patch (nested objects field by field), saves, and tells every listener. */
  update(patch: SettingsPatch): Settings {
    const merged: Record<string, unknown> = { ...this.#settings }
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue
      const current = merged[key]
      merged[key] = isRecord(value) && isRecord(current) ? { ...current, ...value } : value
    }
    const parsed = SettingsSchema.safeParse(merged)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.join('.') || 'settings'
      // The schema's own words are a developer's: they go with the details, not in the sentence.
      const details = { field, problem: issue?.message ?? 'invalid' }
      // The feed's only custom check is that it is an https address without credentials.
      const text =
        field === 'updates.feedUrl' && issue?.code === 'custom'
          ? userText('accountErrors.settings.feedNotHttps')
          : userText('accountErrors.settings.invalidValue', { field })
      throw new AppError('invalid-argument', text, details)
    }
    const next = parsed.data
    try {
      for (const key of Object.keys(patch) as (keyof Settings)[]) this.#store.set(key, withUnknownFields(this.#store.get(key), next[key]))
    } catch (error) {
      this.#log.error('settings not saved', { error: error instanceof Error ? error.message : String(error) })
      throw new AppError('storage', userText('accountErrors.settings.notSaved'))
    }
    this.#settings = next
    this.#emit()
    return this.get()
  }

  onChange(listener: Listener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #emit(): void {
    const settings = this.get()
    this.#events?.emit('settings:changed', settings)
    for (const listener of this.#listeners) listener(this.get())
  }

  #load(now: () => Date, migrations: Migrations, version: number): Settings {
    const stored = this.#store.entries()
    const migrated = migrate(stored, migrations, version)
    const { settings, rejected } = salvageSettings(migrated.raw)
    const path = this.#store.path

    if (migrated.newer || rejected.length > 0) {
      const reason = migrated.newer
        ? userText('notices.recoveryReasons.settingsNewer', { version: migrated.from })
        : userText('notices.recoveryReasons.settingsRejected', { fields: rejected.join(', ') })
      // Nothing this app writes may destroy what was stored: keep a copy first, or do not write.
      const copied = this.#keepCopy(path, migrated.newer ? 'newer' : 'invalid', now(), reason)
      // Stamping our older layout version on a newer file would make the newer app migrate it again.
      if (!copied || migrated.newer) return settings
    } else if (migrated.from === version && Object.keys(stored).length > 0) {
      return settings
    }
    if (migrated.from !== version) this.#log.info('settings migrated', { from: migrated.from, to: version })
    this.#write(settings, version, migrated.raw)
    return settings
  }

  #keepCopy(path: string | null, tag: string, at: Date, reason: UserText): boolean {
    if (path === null) return false
    try {
      const movedTo = copyAside(path, tag, at)
      this.#recoveries.add({ file: 'settings', movedTo, at: at.toISOString(), reason })
      this.#log.warn('settings file copied aside', { movedTo, reason: reason.key })
      return true
    } catch (error) {
      this.#log.error('settings file could not be copied aside', { error: error instanceof Error ? error.message : String(error) })
      return false
    }
  }

  #write(settings: Settings, version: number, raw: Record<string, unknown>): void {
    try {
      for (const [key, value] of Object.entries(settings)) this.#store.set(key, withUnknownFields(raw[key], value))
      this.#store.set(VERSION_KEY, version)
    } catch (error) {
      // The app still runs on these values; the next successful update saves them.
      this.#log.error('settings not saved at startup', { error: error instanceof Error ? error.message : String(error) })
    }
  }
}

/**
 * A section as it is written back: the schema drops fields it does not know (a newer
 * version's, a hand edit's), and those stay in the file as they were.
 */
function withUnknownFields(stored: unknown, value: unknown): unknown {
  return isRecord(value) && isRecord(stored) ? { ...stored, ...value } : value
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
