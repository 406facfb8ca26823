import type { SetAsideKind } from '@shared/channels/outbox'
import { type TextKey, type UserText, userText } from '@shared/i18n/user-text'
import type { z } from 'zod'
import { parseTempName } from '../../platform/files/atomic-write'

/**
 * What a file is to the app:
 * - `atomic-json`: the user's own data as JSON (history, drafts, audiences), written whole and atomically;
 * - `cache`: what the server sent, kept for offline use and fetched again when lost;
 * - `binary-index`: built from a cache to answer fast, rebuilt when lost or stale;
 * - `archive`: the user's data in binary columns, written whole and atomically; what the server
 *   no longer has (insights of expired stories), so it cannot be fetched again;
 * - `folder-of-items`: a folder of like items (the outbox's stories, media files, pictures);
 * - `store`: a small settings-like store written by electron-store (conf in web mode);
 * - `log`: the app's logs, rotated by the logger.
 */
export type FileKind = 'atomic-json' | 'cache' | 'binary-index' | 'archive' | 'folder-of-items' | 'store' | 'log'

/** A damaged copy is kept beside the file as `<name>.<suffix>-<stamp>` (a folder item as `<item>.<suffix>-<stamp>/`). */
export interface SetAsideRule {
  /** What the Set-aside view calls it; null for copies the view does not list (the settings' own recovery says them). */
  kind: SetAsideKind | null
  suffixes: readonly string[]
  /** Whether what can still be read of it can be put back. */
  restorable: boolean
  /**
   * What the user is told when it is set aside: one whole sentence per file, since it names
   * the file and says what happens next (looked at in the Set-aside view, read again from the
   * server, or started empty). Null for the settings and accounts stores, whose recovery is
   * told by the start-up recovery notice instead.
   */
  notice: SetAsideNoticeKey | null
}

/** The set-aside notices: a sentence for each declared file, none with parameters. */
export type SetAsideNoticeKey = Extract<TextKey, `notices.setAside.${string}`>

interface Declared {
  /** Its path inside its root folder, with `/` between folders. */
  path: string
  kind: FileKind
  /** One line for people: what it holds. */
  what: string
  /** The module that writes it. */
  writtenBy: string
  /** Written through an atomic write: its temps are swept. */
  atomic: boolean
  setAside?: SetAsideRule
}

export interface JsonFileDecl<S extends z.ZodType = z.ZodType> extends Declared {
  format: 'json'
  /** The schema it is read back with; a file that fails it is set aside. */
  schema: S
}

export interface BinaryFileDecl extends Declared {
  format: 'binary'
}

/** One entry inside each item of a folder: `<folder>/<item>/<name>`, or `<folder>/<name>` when items are files. */
export interface ItemEntry {
  name: string | RegExp
  format: 'json' | 'binary'
  schema?: z.ZodType
  atomic: boolean
}

export interface FolderDecl extends Declared {
  format: 'folder'
  /** Items are folders whose names match this (the outbox), or files (pictures, media). */
  items: { folders: RegExp; entries: readonly ItemEntry[] } | { files: readonly ItemEntry[] }
}

export type FileDecl = JsonFileDecl | BinaryFileDecl | FolderDecl

export function jsonFile<S extends z.ZodType>(decl: Omit<JsonFileDecl<S>, 'format' | 'atomic'> & { atomic?: boolean }): JsonFileDecl<S> {
  return { atomic: true, ...decl, format: 'json' }
}

export function binaryFile(decl: Omit<BinaryFileDecl, 'format'>): BinaryFileDecl {
  return { ...decl, format: 'binary' }
}

export function folder(decl: Omit<FolderDecl, 'format'>): FolderDecl {
  return { ...decl, format: 'folder' }
}

/** What a path inside a root folder is, by the declarations: the file itself, its temp, a set-aside copy, or an item. */
export interface Classified {
  decl: FileDecl
  role: 'file' | 'temp' | 'set-aside' | 'item'
}

/** A set-aside stamp, and the `-<n>` a second copy in the same millisecond gets. */
const STAMP = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-\d{1,4})?$/

function nameMatches(pattern: string | RegExp, name: string): boolean {
  return typeof pattern === 'string' ? pattern === name : pattern.test(name)
}

/** Whether `name` is a set-aside copy of `base` under the rule: `<base>.<suffix>-<stamp>`. */
export function isSetAsideOf(base: string, name: string, rule: SetAsideRule | undefined): boolean {
  if (!rule || !name.startsWith(`${base}.`)) return false
  const rest = name.slice(base.length + 1)
  return rule.suffixes.some((suffix) => rest.startsWith(`${suffix}-`) && STAMP.test(rest))
}

function classifyInFolder(decl: FolderDecl, rest: string[]): Classified | null {
  const [item, entry, ...deeper] = rest
  if (item === undefined) return null
  const { items } = decl
  if ('files' in items) {
    if (entry !== undefined) return null
    const temp = parseTempName(item)
    const name = temp ? temp.target : item
    const match = items.files.find((candidate) => nameMatches(candidate.name, name))
    if (!match || (temp && !match.atomic)) return null
    return { decl, role: temp ? 'temp' : 'item' }
  }
  const base = item.replace(/\.[a-z]+-\d{4}-.*$/, '')
  const setAside = base !== item && isSetAsideOf(base, item, decl.setAside)
  if (!items.folders.test(base) || (base !== item && !setAside)) return null
  if (entry === undefined) return { decl, role: setAside ? 'set-aside' : 'item' }
  if (deeper.length > 0) return null
  const temp = parseTempName(entry)
  const match = items.entries.find((candidate) => nameMatches(candidate.name, temp ? temp.target : entry))
  if (!match || (temp && !match.atomic)) return null
  return { decl, role: setAside ? 'set-aside' : temp ? 'temp' : 'item' }
}

/**
 * Which declaration a path (relative to the root the declarations are for, `/`-separated)
 * belongs to; null for a file nothing declares.
 */
export function classify(decls: readonly FileDecl[], path: string): Classified | null {
  for (const decl of decls) {
    if (path === decl.path) return { decl, role: 'file' }
    if (decl.format === 'folder') {
      if (path.startsWith(`${decl.path}/`)) {
        const found = classifyInFolder(decl, path.slice(decl.path.length + 1).split('/'))
        if (found) return found
      }
      continue
    }
    const slash = decl.path.lastIndexOf('/')
    const dir = slash < 0 ? '' : decl.path.slice(0, slash + 1)
    const base = decl.path.slice(slash + 1)
    if (!path.startsWith(dir) || path.slice(dir.length).includes('/')) continue
    const name = path.slice(dir.length)
    if (decl.atomic && parseTempName(name)?.target === base) return { decl, role: 'temp' }
    if (isSetAsideOf(base, name, decl.setAside)) return { decl, role: 'set-aside' }
  }
  return null
}

/** The folders (relative to the root) whose entries the declarations name, the root as ''. */
export function foldersOf(decls: readonly FileDecl[]): string[] {
  const folders = new Set<string>([''])
  for (const decl of decls) {
    const parts = decl.path.split('/')
    for (let at = 1; at < parts.length; at++) folders.add(parts.slice(0, at).join('/'))
    if (decl.format === 'folder') folders.add(decl.path)
  }
  return [...folders]
}

/** What the user is told when a declared file could not be read and was set aside: the key its declaration names. */
export function setAsideNotice(decl: FileDecl): UserText {
  return userText(decl.setAside?.notice ?? 'notices.setAside.file')
}
