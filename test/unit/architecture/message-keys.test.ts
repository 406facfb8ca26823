import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '@shared/i18n/en/index'
import { keysUsedIn, type KeyUse } from '../../support/message-keys'

const ROOT = join(import.meta.dirname, '..', '..', '..')
/** Where the app asks for its texts: the page (components, views, stores, composables…) and main. */
const SOURCES = ['src-renderer/src', 'src-main', 'src-shared']

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'i18n' && dir === 'src-shared' ? [] : filesUnder(path)
    return /\.(ts|vue)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The English catalog's node at `key`: a message (a string), a group of them (an object), or undefined. */
function nodeAt(key: string): unknown {
  let node: unknown = en
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  return node
}

const namespaces = new Set(Object.keys(en))
const uses: KeyUse[] = SOURCES.flatMap(filesUnder).flatMap((file) =>
  keysUsedIn(relative(ROOT, join(ROOT, file)), readFileSync(join(ROOT, file), 'utf8'), namespaces),
)

describe('the message keys the code asks for', () => {
  it('are found in the sources: the page’s and main’s', () => {
    expect(uses.filter((use) => use.kind === 'call').length).toBeGreaterThan(500)
    expect(new Set(uses.map((use) => use.file.split('/')[0]))).toEqual(new Set(['src-renderer', 'src-main']))
  })

  it('are all in the English catalog: each whole key a message, each start of a built one a group of messages', () => {
    const missing = uses
      .filter((use) => {
        const node = nodeAt(use.kind === 'prefix' ? use.key.replace(/\.$/, '') : use.key)
        if (use.kind === 'call') return typeof node !== 'string'
        if (use.kind === 'prefix') return use.key.endsWith('.') ? typeof node !== 'object' || node === null : node === undefined
        // A string shaped like a key is one when the group it would be in is the catalog's.
        return node === undefined && typeof nodeAt(use.key.slice(0, use.key.lastIndexOf('.'))) === 'object'
      })
      .map((use) => `${use.file}:${use.line} ${use.key}`)
    expect(missing).toEqual([])
  })
})
