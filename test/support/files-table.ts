/**
 * The "Data on disk" tables of docs/REFERENCE.md, made from the file registry
 * (src-main/account/files): `npx tsx test/support/files-table.ts --write` writes them into the
 * document between their markers; test/unit/main/account/files/files-doc.test.ts fails when
 * the document and the registry disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ACCOUNT_FILE_LIST } from '../../src-main/account/files/account-files'
import { ACCOUNTS_DIR, APP_FILE_LIST } from '../../src-main/account/files/app-files'
import type { FileDecl } from '../../src-main/account/files/file-registry'

export const REFERENCE = join(import.meta.dirname, '..', '..', 'docs', 'REFERENCE.md')
const BEGIN = '<!-- files: made from src-main/account/files; do not edit by hand -->'
const END = '<!-- files: end -->'

const KIND_WORDS: Record<FileDecl['kind'], string> = {
  'atomic-json': 'the user’s data, JSON written whole and atomically',
  cache: 'cache: what the server sent, fetched again when lost',
  'binary-index': 'index: rebuilt from a cache when lost or stale',
  archive: 'the user’s data, binary columns written whole and atomically; not on the server any more',
  'folder-of-items': 'folder of items',
  store: 'small store',
  log: 'log',
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

function rows(decls: readonly FileDecl[], prefix: string): string[] {
  return decls.map((decl) => {
    const aside = decl.setAside ? decl.setAside.suffixes.map((suffix) => `\`.${suffix}-<time>\``).join(', ') : '—'
    const path = `\`${prefix}${decl.path}${decl.format === 'folder' ? '/' : ''}\``
    return `| ${path} | ${cell(decl.what)} | ${KIND_WORDS[decl.kind]}${decl.format === 'json' ? ', read back with its schema' : ''} | ${aside} | \`${decl.writtenBy}\` |`
  })
}

/** The two tables: the data folder's own files, then an account folder's. */
export function filesTables(): string {
  const head = ['| path | what | kind | set aside as | written by |', '| --- | --- | --- | --- | --- |']
  return [
    BEGIN,
    // Kept as made: prettier would pad the columns, and the test compares the text.
    '<!-- prettier-ignore-start -->',
    '',
    'The data folder:',
    '',
    ...head,
    ...rows(APP_FILE_LIST, ''),
    `| \`${ACCOUNTS_DIR}/<id>/\` | one folder per account, below | folder of items | — | \`account/accounts\` |`,
    '',
    `Each account's folder, \`${ACCOUNTS_DIR}/<id>/\`:`,
    '',
    ...head,
    ...rows(ACCOUNT_FILE_LIST, ''),
    '',
    '<!-- prettier-ignore-end -->',
    END,
  ].join('\n')
}

/** The document's tables as they stand, or null when the markers are missing. */
export function documentedTables(text: string): string | null {
  const begin = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  return begin < 0 || end < begin ? null : text.slice(begin, end + END.length)
}

if (process.argv.includes('--write')) {
  const text = readFileSync(REFERENCE, 'utf8')
  const current = documentedTables(text)
  if (current === null) throw new Error(`docs/REFERENCE.md has no "${BEGIN}" … "${END}" section`)
  writeFileSync(REFERENCE, text.replace(current, filesTables()))
  console.log('docs/REFERENCE.md: the data-on-disk tables are written from the registry')
}
