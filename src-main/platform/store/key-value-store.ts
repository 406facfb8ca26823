/**
 * A small JSON store: electron-store in the app, conf in web mode, memory when no file can
 * be used. Values are whole top-level keys; the settings and accounts services own the
 * shape of what they keep.
 */
export interface KeyValueStore {
  /** The file behind the store, or null when it lives in memory only. */
  readonly path: string | null
  /** Every key the store holds. */
  entries(): Record<string, unknown>
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

export interface StoreLocation {
  dir: string
  /** File name without `.json`. */
  name: string
}

/** Opens (creating if needed) `<dir>/<name>.json`; throws when the file cannot be used. */
export type OpenKeyValueStore = (location: StoreLocation) => KeyValueStore

export function storeFileName(name: string): string {
  return `${name}.json`
}

/** For a run where the file cannot be opened at all: the app works, nothing is kept after quitting. */
export function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore {
  const data = new Map<string, unknown>(Object.entries(structuredClone(initial)))
  return {
    path: null,
    entries: () => Object.fromEntries([...data].map(([key, value]) => [key, structuredClone(value)])),
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
  }
}
