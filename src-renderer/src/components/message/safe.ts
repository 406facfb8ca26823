/**
 * Guards for reading server records in templates. Records passed a schema in main, but
 * they are loose (unknown fields kept) and the provider's shapes drift: the view reads every
 * field through these so that an odd value shows as absent instead of breaking the panel.
 */
export type Rec = Record<string, unknown>

export function rec(value: unknown): Rec | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : null
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

export function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

export function recs(value: unknown): Rec[] {
  return list(value)
    .map(rec)
    .filter((item): item is Rec => item !== null)
}

export function strs(value: unknown): string[] {
  return list(value).filter((item): item is string => typeof item === 'string')
}

/**
 * A preview thumbnail as an image source. Records carry base64 JPEG bytes (or a data URI);
 * remote links are not loaded, since the page may only show images from its own origin.
 */
export function previewSrc(value: unknown): string | null {
  const text = str(value)
  if (!text) return null
  if (/^data:image\/(?:jpeg|png|webp|gif);base64,[A-Za-z0-9+/=\s]+$/.test(text)) return text
  if (/^[A-Za-z0-9+/=\s]+$/.test(text) && text.length >= 8) return `data:image/jpeg;base64,${text.replace(/\s+/g, '')}`
  return null
}
