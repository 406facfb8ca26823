import type { FileRecovery } from '@shared/channels/settings'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type UserText, userText } from '@shared/i18n/user-text'
import { FileTooLarge, NotAPlainFile, readPlainFileSync } from '../files/plain-file'
import type { Logger } from '../log/log'
import { type KeyValueStore, memoryStore, type OpenKeyValueStore, storeFileName } from './key-value-store'
import type { RecoveryLog } from './recovery-log'
import { moveAside } from './copy-aside'

export interface OpenStoreOptions {
  open: OpenKeyValueStore
  dir: string
  name: string
  file: FileRecovery['file']
  recoveries: RecoveryLog
  log: Logger
  now?: () => Date
}

/** Settings and the accounts list are a few kilobytes: a file past this was not written by the app. */
const MAX_STORE_BYTES = 16 * 1024 * 1024

/**
 * What is wrong with the file, as a text for the user, or null when it is absent or a JSON object.
 * Checked here rather than left to the store library, which reads a JSON array or string
 * as an empty store and would then write over it.
 */
export function inspectStoreFile(path: string): UserText | null {
  let text: string
  try {
    // A plain file, never followed through a link, sized before it is read.
    text = readPlainFileSync(path, MAX_STORE_BYTES).toString('utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null
    if (error instanceof NotAPlainFile) return userText('apiErrors.store.unreadable', { code: 'not-a-plain-file' })
    if (error instanceof FileTooLarge) return userText('apiErrors.store.unreadable', { code: 'too-large' })
    return userText('apiErrors.store.unreadable', { code: code ?? 'unknown' })
  }
  let value: unknown
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return userText('apiErrors.store.notJson')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return userText('apiErrors.store.notObject')
  return null
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown error'
}

/**
 * Opens `<dir>/<name>.json`. A file that cannot be read is renamed with a timestamp (never
 * deleted or written over) and the store starts empty; if even that fails the store lives
 * in memory for this run. Either way the recovery is recorded so the user is told.
 */
export function openStoreWithRecovery(options: OpenStoreOptions): KeyValueStore {
  const { open, dir, name, file, recoveries, log } = options
  const now = options.now ?? (() => new Date())
  const path = join(dir, storeFileName(name))

  const setAside = (reason: UserText): boolean => {
    const at = now()
    try {
      const movedTo = moveAside(path, 'unreadable', at)
      recoveries.add({ file, movedTo, at: at.toISOString(), reason })
      log.warn('store file set aside', { file, movedTo, reason: reason.key })
      return true
    } catch (error) {
      log.error('store file could not be set aside', { file, reason: reason.key, error: errorCode(error) })
      return false
    }
  }

  const problem = inspectStoreFile(path)
  if (problem !== null && !setAside(problem)) return inMemory(options, problem, now())
  try {
    return open({ dir, name })
  } catch (first) {
    // The check above passed, so the library refused something else about the file.
    const reason = userText('apiErrors.store.unopenable', { code: errorCode(first) })
    if (existsSync(path)) setAside(reason)
    try {
      return open({ dir, name })
    } catch (second) {
      return inMemory(options, userText('apiErrors.store.unopenable', { code: errorCode(second) }), now())
    }
  }
}

/** Without a copy (`movedTo` empty) the page says changes will not be kept after quitting. */
function inMemory(options: OpenStoreOptions, reason: UserText, at: Date): KeyValueStore {
  options.log.error('store kept in memory for this run', { file: options.file, reason: reason.key })
  options.recoveries.add({ file: options.file, movedTo: '', at: at.toISOString(), reason })
  return memoryStore()
}
