import { type Settings, SettingsSchema } from '@shared/channels/settings'
import { z } from 'zod'

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function objectInside(schema: z.ZodType): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema
  if (schema instanceof z.ZodPrefault || schema instanceof z.ZodDefault) return objectInside(schema.unwrap() as z.ZodType)
  return null
}

export interface Salvaged {
  settings: Settings
  /** Dotted names of the stored values that were not understood and are back to their defaults. */
  rejected: string[]
}

/**
 * Reads what it can: a stored value that does not fit its field (a hand edit, an older
 * bug) falls back to that field's default, one field at a time, and is reported.
 */
export function salvageSettings(raw: Record<string, unknown>): Salvaged {
  const rejected: string[] = []
  const out: Record<string, unknown> = {}
  for (const [key, schema] of Object.entries(SettingsSchema.shape) as [string, z.ZodType][]) {
    const value = raw[key]
    const parsed = schema.safeParse(value)
    if (parsed.success) {
      out[key] = parsed.data
      continue
    }
    const inner = objectInside(schema)
    if (inner && isRecord(value)) {
      const fields: Record<string, unknown> = {}
      for (const [field, fieldSchema] of Object.entries(inner.shape) as [string, z.ZodType][]) {
        const fieldParsed = fieldSchema.safeParse(value[field])
        if (fieldParsed.success) fields[field] = fieldParsed.data
        else rejected.push(`${key}.${field}`)
      }
      out[key] = fields
    } else {
      rejected.push(key)
    }
  }
  return { settings: SettingsSchema.parse(out), rejected }
}
