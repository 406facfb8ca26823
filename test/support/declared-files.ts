import type { z } from 'zod'
import { ACCOUNT_FILES } from '../../src-main/account/files/account-files'
import { APP_FILES } from '../../src-main/account/files/app-files'
import { FileRoot } from '../../src-main/account/files/file-root'
import type { JsonFileDecl } from '../../src-main/account/files/file-registry'
import type { JsonStore } from '../../src-main/account/files/json-store'
import { silentLogger } from '../../src-main/platform/log/log'

type JsonDecls<T> = { [K in keyof T as T[K] extends JsonFileDecl ? K : never]: T[K] }
type Output<D> = D extends JsonFileDecl<infer S> ? z.output<S> : never

/** A declared JSON file of an account folder, as its workspace opens it; `onSetAside` hears a damaged one set aside. */
export function accountFile<K extends keyof JsonDecls<typeof ACCOUNT_FILES>>(
  dir: string,
  name: K,
  onSetAside?: (path: string) => void,
): JsonStore<Output<(typeof ACCOUNT_FILES)[K]>> {
  const root = new FileRoot(dir, Object.values(ACCOUNT_FILES), { log: silentLogger, onSetAside: (_decl, path) => onSetAside?.(path) })
  return root.json(ACCOUNT_FILES[name] as JsonFileDecl) as JsonStore<Output<(typeof ACCOUNT_FILES)[K]>>
}

/** A declared JSON file of the data folder (saved audiences, styles). */
export function appFile<K extends keyof JsonDecls<typeof APP_FILES>>(
  dir: string,
  name: K,
  onSetAside?: (path: string) => void,
): JsonStore<Output<(typeof APP_FILES)[K]>> {
  const root = new FileRoot(dir, Object.values(APP_FILES), { log: silentLogger, onSetAside: (_decl, path) => onSetAside?.(path) })
  return root.json(APP_FILES[name] as JsonFileDecl) as JsonStore<Output<(typeof APP_FILES)[K]>>
}
