import { z } from 'zod'
import { channel, event } from '../define'
import type { UserText } from '../i18n/user-text'

export const THEMES = ['system', 'light', 'dark'] as const

/** An https URL without embedded credentials. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && !url.username && !url.password && url.hostname !== ''
  } catch {
    return false
  }
}

/** The bounds of Settings › Insights › "Keep insights for N days". */
export const MIN_RETENTION_DAYS = 7
export const MAX_RETENTION_DAYS = 730

/**
 * User settings. Every field has a default so a missing or reset file yields a working app;
 * electron-store (conf in web mode) persists them with versioned migrations.
 */
export const SettingsSchema = z.object({
  theme: z.enum(THEMES).default('system'),
  /** null follows the system language. */
  locale: z.string().min(2).max(35).nullable().default(null),
  sync: z
    .object({
      /** Minutes between background refreshes; 0 turns them off. */
      intervalMinutes: z
        .number()
        .int()
        .min(0)
        .max(24 * 60)
        .default(15),
      concurrency: z.number().int().min(1).max(8).default(4),
      downloadPictures: z.boolean().default(true),
    })
    .prefault({}),
  stories: z
    .object({
      imageMaxBytes: z
        .number()
        .int()
        .positive()
        .default(5 * 1024 * 1024),
      videoMaxBytes: z
        .number()
        .int()
        .positive()
        .default(16 * 1024 * 1024),
      audioMaxBytes: z
        .number()
        .int()
        .positive()
        .default(16 * 1024 * 1024),
      videoMaxSeconds: z.number().positive().default(60),
      /** A scheduled story found up to this many minutes late is still sent by itself; 0 (the default) always asks. */
      lateSendMinutes: z
        .number()
        .int()
        .min(0)
        .max(24 * 60)
        .default(0),
    })
    .prefault({}),
  insights: z
    .object({
      /** Days an expired story's insights are kept; older ones are let go. */
      retentionDays: z.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS).default(90),
    })
    .prefault({}),
  updates: z
    .object({
      enabled: z.boolean().default(false),
      /** An https feed URL; updates stay off while it is null. Only https: the app downloads code from it. */
      feedUrl: z.string().trim().max(2048).refine(isHttpsUrl, 'must be an https:// address').nullable().default(null),
    })
    .prefault({}),
})
export type Settings = z.infer<typeof SettingsSchema>

type WithoutDefaults<S extends z.ZodRawShape> = { [K in keyof S]: S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K] }

/**
 * A nested section as a patch: every field optional and WITHOUT its default, so that
 * `{ updates: { enabled: true } }` leaves `updates.feedUrl` as it is instead of resetting it.
 */
function sectionPatch<S extends z.ZodRawShape>(section: z.ZodObject<S>) {
  const fields = Object.fromEntries(
    Object.entries(section.shape).map(([key, field]) => [key, field instanceof z.ZodDefault ? field.unwrap() : field]),
  ) as WithoutDefaults<S>
  return z.object(fields).partial().strict()
}

/** A partial update: any subset of the fields above, nested objects merged. */
export const SettingsPatchSchema = z
  .object({
    theme: z.enum(THEMES).optional(),
    locale: z.string().min(2).max(35).nullable().optional(),
    sync: sectionPatch(SettingsSchema.shape.sync.unwrap()).optional(),
    stories: sectionPatch(SettingsSchema.shape.stories.unwrap()).optional(),
    insights: sectionPatch(SettingsSchema.shape.insights.unwrap()).optional(),
    updates: sectionPatch(SettingsSchema.shape.updates.unwrap()).optional(),
  })
  .strict()
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>

/** A file of ours that could not be read at startup and was moved aside; the app runs on defaults. */
export interface FileRecovery {
  /** Which store it was: the settings, or the list of accounts. */
  file: 'settings' | 'accounts'
  /** File name the unreadable content was moved (or copied) to, beside the original. */
  movedTo: string
  /** ISO time it happened. */
  at: string
  /** Why, as a text of the catalogs (not valid JSON, unreadable, some values not understood...). */
  reason: UserText
}

export interface SettingsStatus {
  /** Empty on a normal start. */
  recovered: FileRecovery[]
}

export const settingsChannels = {
  'settings:get': channel<Settings>()(z.void()),
  /** Whether this run started from defaults because the file was set aside. */
  'settings:status': channel<SettingsStatus>()(z.void()),
  'settings:update': channel<Settings>()(SettingsPatchSchema),
}

export const settingsEvents = {
  'settings:changed': event<Settings>(),
}
