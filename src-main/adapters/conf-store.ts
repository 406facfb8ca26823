import Conf from 'conf'
import type { KeyValueStore, OpenKeyValueStore } from '../platform/store/key-value-store'

/** Readable by the user's account only: the accounts file may hold weakly protected tokens. */
export const STORE_FILE_MODE = 0o600

/** The conf API (which electron-store inherits) seen as a KeyValueStore. */
export function wrapConf(store: {
  readonly path: string
  readonly store: Record<string, unknown>
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}): KeyValueStore {
  return {
    path: store.path,
    entries: () => ({ ...store.store }),
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  }
}

/**
 * Web mode's store: conf in plain Node, the same JSON files electron-store writes, owner
 * only. `clearInvalidConfig` stays off: a damaged file is set aside by the caller
 * (openStoreWithRecovery), never wiped here.
 */
export const openConfStore: OpenKeyValueStore = ({ dir, name }) =>
  wrapConf(
    new Conf<Record<string, unknown>>({
      cwd: dir,
      configName: name,
      clearInvalidConfig: false,
      configFileMode: STORE_FILE_MODE,
      accessPropertiesByDotNotation: false,
    }),
  )
