import { lstat, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { SetAsideKind } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { z } from 'zod'
import { openPlainFile } from '../../platform/files/plain-file'
import { sweepTemps } from '../../platform/files/temp-sweep'
import type { Logger } from '../../platform/log/log'
import { classify, foldersOf, isSetAsideOf, type FileDecl, type JsonFileDecl } from './file-registry'
import { JsonStore } from './json-store'

/** A copy the app set aside, as the Set-aside view lists it. */
export interface SetAsideCopy {
  /** Its path inside the root, `/`-separated: the only name actions take. */
  id: string
  decl: FileDecl
  kind: SetAsideKind
  restorable: boolean
  at: string
  bytes: number
  preview: string
  /** The copy on disk: a file, or an outbox story's folder. */
  path: string
  /** Where its JSON is: the file, or the folder's `item.json`. */
  jsonPath: string
}

export interface FileUsage {
  decl: FileDecl
  bytes: number
  files: number
}

export interface FileRootOptions {
  log: Logger
  now?: () => Date
  /** A declared JSON file could not be read and was set aside. */
  onSetAside?: (decl: FileDecl, path: string) => void
}

const PREVIEW_BYTES = 2_000
/** Bounds a listing of a folder someone filled with entries. */
const MAX_LISTED = 200
const MAX_WALKED = 100_000

/** When it was set aside, from the stamp in its name (`...-2025-03-01T10-20-30-123Z`); the file's time otherwise. */
function stampOf(name: string, fallback: Date): string {
  const match = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(name)
  if (!match) return fallback.toISOString()
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`)
  return Number.isNaN(at.getTime()) ? fallback.toISOString() : at.toISOString()
}

/** The start of a plain file, for a preview; '' for anything else (a link is not followed). */
async function head(path: string): Promise<string> {
  const handle = await openPlainFile(path).then(
    (opened) => opened.handle,
    () => null,
  )
  if (!handle) return ''
  try {
    const buffer = Buffer.alloc(PREVIEW_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, PREVIEW_BYTES, 0)
    return buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/\uFFFD/g, '?')
  } finally {
    await handle.close()
  }
}

/**
 * A folder and the files declared for it (an account's folder, or the data folder): what
 * works on them as a whole follows from the declarations — opening JSON files, sweeping the
 * temps of writes a killed run never finished, listing what was set aside, measuring the
 * disk they take, and finding anything the app wrote that nothing declares.
 */
export class FileRoot {
  readonly dir: string
  readonly decls: readonly FileDecl[]
  readonly #opts: FileRootOptions
  readonly #stores = new Map<FileDecl, JsonStore<unknown>>()

  constructor(dir: string, decls: readonly FileDecl[], options: FileRootOptions) {
    this.dir = dir
    this.decls = decls
    this.#opts = options
  }

  path(decl: FileDecl): string {
    return join(this.dir, ...decl.path.split('/'))
  }

  /** The one store of a declared JSON file in this folder. */
  json<S extends z.ZodType>(decl: JsonFileDecl<S>): JsonStore<z.output<S>> {
    let store = this.#stores.get(decl)
    if (!store) {
      store = new JsonStore(this.path(decl), decl, {
        log: this.#opts.log,
        ...(this.#opts.now && { now: this.#opts.now }),
        onSetAside: (path) => this.#opts.onSetAside?.(decl, path),
      })
      this.#stores.set(decl, store)
    }
    return store as JsonStore<z.output<S>>
  }

  /** Removes the temps of declared files whose writes never finished; see sweepTemps for which. */
  async sweepTemps(): Promise<number> {
    let removed = 0
    const sweep = async (folder: string): Promise<void> => {
      // A temp is swept only when its name is one of a declared file or item in that folder.
      const owns = (target: string): boolean => classify(this.decls, folder ? `${folder}/${target}` : target) !== null
      removed += await sweepTemps(join(this.dir, ...folder.split('/').filter(Boolean)), owns, { log: this.#opts.log })
    }
    for (const folder of foldersOf(this.decls)) await sweep(folder)
    for (const decl of this.decls) {
      if (decl.format !== 'folder' || !('folders' in decl.items)) continue
      const items = await readdir(this.path(decl), { withFileTypes: true }).catch(() => [])
      for (const item of items.slice(0, MAX_WALKED)) if (item.isDirectory()) await sweep(`${decl.path}/${item.name}`)
    }
    if (removed > 0) this.#opts.log.info('stale temp files removed', { removed })
    return removed
  }

  /** The copies set aside here that the Set-aside view lists, newest first. */
  async setAsideCopies(): Promise<SetAsideCopy[]> {
    const found: SetAsideCopy[] = []
    for (const decl of this.decls) {
      const rule = decl.setAside
      if (!rule || rule.kind === null) continue
      const slash = decl.path.lastIndexOf('/')
      const folder = decl.format === 'folder' ? decl.path : decl.path.slice(0, Math.max(0, slash))
      const names = await readdir(join(this.dir, ...folder.split('/').filter(Boolean))).catch(() => [] as string[])
      const matches = names.filter((name) => {
        if (decl.format !== 'folder') return isSetAsideOf(decl.path.slice(slash + 1), name, rule)
        return classify([decl], `${decl.path}/${name}`)?.role === 'set-aside'
      })
      for (const name of matches.slice(0, MAX_LISTED)) {
        const id = folder ? `${folder}/${name}` : name
        try {
          found.push(await this.#describe(id, decl, rule.kind, rule.restorable))
        } catch {
          // Gone between the listing and the look: nothing to show.
        }
      }
    }
    return found.sort((a, b) => b.at.localeCompare(a.at))
  }

  /** A set-aside copy by its id, only if it is one the listing gives. */
  async setAsideCopy(id: string): Promise<SetAsideCopy> {
    const copy = (await this.setAsideCopies()).find((candidate) => candidate.id === id)
    if (!copy) throw new AppError('not-found', userText('accountErrors.workspace.setAsideGone'))
    return copy
  }

  async discard(copy: SetAsideCopy): Promise<void> {
    await rm(copy.path, { recursive: true, force: true })
  }

  /**
   * Bytes and files each declaration takes here (its temps and set-aside copies included), and
   * what nothing declares, in one walk; `skip` leaves out paths another root measures.
   */
  async usage(skip: (path: string) => boolean = () => false): Promise<{ declared: FileUsage[]; other: { bytes: number; files: number } }> {
    const totals = new Map<FileDecl, { bytes: number; files: number }>()
    const other = { bytes: 0, files: 0 }
    for (const path of await this.#walk(skip)) {
      const found = classify(this.decls, path)
      const info = await lstat(join(this.dir, ...path.split('/'))).catch(() => null)
      const sum = found ? (totals.get(found.decl) ?? { bytes: 0, files: 0 }) : other
      sum.bytes += info?.size ?? 0
      sum.files += 1
      if (found) totals.set(found.decl, sum)
    }
    return { declared: this.decls.map((decl) => ({ decl, ...(totals.get(decl) ?? { bytes: 0, files: 0 }) })), other }
  }

  /** Every file here that no declaration accounts for (`/`-separated, relative). */
  async undeclared(skip: (path: string) => boolean = () => false): Promise<string[]> {
    return (await this.#walk(skip)).filter((path) => classify(this.decls, path) === null)
  }

  /** Every file under the folder, relative, bounded. */
  async #walk(skip: (path: string) => boolean = () => false): Promise<string[]> {
    const files: string[] = []
    const visit = async (relative: string): Promise<void> => {
      const entries = await readdir(join(this.dir, ...relative.split('/').filter(Boolean)), { withFileTypes: true }).catch(() => [])
      for (const entry of entries) {
        if (files.length >= MAX_WALKED) return
        const path = relative ? `${relative}/${entry.name}` : entry.name
        if (skip(path)) continue
        if (entry.isDirectory()) await visit(path)
        else files.push(path)
      }
    }
    await visit('')
    return files
  }

  async #describe(id: string, decl: FileDecl, kind: SetAsideKind, restorable: boolean): Promise<SetAsideCopy> {
    const path = join(this.dir, ...id.split('/'))
    // What is there, never what a link there points to: a link is listed, empty, to discard.
    const info = await lstat(path)
    const jsonPath = info.isDirectory() ? join(path, 'item.json') : path
    const file = info.isDirectory() ? await lstat(jsonPath).catch(() => null) : info
    const [bytes, preview] = file?.isFile() ? [file.size, await head(jsonPath)] : [0, '']
    return { id, decl, kind, restorable, at: stampOf(id, info.mtime), bytes, preview, path, jsonPath }
  }
}
