import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { GroupSchema, type Group } from '@shared/domain'
import { AppError, codeText } from '@shared/errors'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ExportService,
  GROUP_COLUMNS,
  PARTICIPANT_COLUMNS,
  downloadsFolder,
  groupRow,
  participantRows,
  type Cell,
} from '../../../../../src-main/features/export'
import { GroupsIndex } from '../../../../../src-main/features/groups/index'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { emulatorGroups } from './emulator-groups'

const NOW = Date.parse('2026-11-22T10:00:00Z')
const QUERY = { search: '', filters: [], labels: [], sort: 'recent' as const }

/** Texts that break a CSV written without RFC 4180 quoting, and ones a spreadsheet would run. */
const HOSTILE = [
  'Rules:\nbe kind',
  'Mac line\rend',
  'Windows\r\nline',
  'trailing newline\n',
  '\nleading newline',
  'say "hi"',
  '"',
  'a, b, c',
  ',',
  ' padded ',
  '=HYPERLINK("http://evil", "x")',
  '+1 555 0100',
  '-minus',
  '@SUM(A1:A9)',
  '\tTabbed',
  '\rcarriage first',
  '家长群, "2025"\n第二行',
  'emoji 👨‍👩‍👧‍👦\n🎉',
  // Where the list separator is `;` (pt-BR, es, ru, id), what follows one starts a cell.
  'Vendas;=1+1;',
  'a;+1',
  'b;-2',
  'c;@SUM(A1:A9)',
  'd;\t=1',
  '＝HYPERLINK("x")',
]

let dir: string
let account: Group[]

beforeAll(async () => {
  account = await emulatorGroups(400, 11)
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-csv-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function hostileGroups(): Group[] {
  return HOSTILE.map((text, i) =>
    GroupSchema.parse({
      id: `1203630000000${String(i).padStart(5, '0')}@g.us`,
      type: 'group',
      name: `${text} name`,
      timestamp: 2_000_000 - i,
      participants_count: 2,
      participants: [
        { id: '447700900123', rank: 'admin' },
        { id: `${i}@lid`, rank: 'member' },
      ],
      description: text,
      description_owner: '447700900123',
      labels: [{ id: String(i), name: text, color: 'red' }],
    }),
  )
}

function service(groups: readonly Group[]): ExportService {
  const index = GroupsIndex.of(groups)
  return new ExportService({
    source: {
      query: async (_accountId, query) => index.query(query),
      get: async (_accountId, id) => {
        const detail = index.get(id)
        const group = groups.find((g) => g.id === id)
        if (!detail || !group) throw new AppError('not-found', codeText('not-found'))
        return { ...detail, group }
      },
    },
    dialogs: downloadsFolder(dir),
    log: silentLogger,
    now: () => NOW,
  })
}

/**
 * Reads a file the way spreadsheets and Python's csv module do: a bare CR or LF outside
 * quotes ends a record, whatever the file's first line ended with.
 */
function readStrictly(text: string): string[][] {
  return parse(text, { bom: true, record_delimiter: ['\r\n', '\n', '\r'], relax_quotes: false }) as string[][]
}

/** What a cell reads back as: formula-like text (full-width signs too) carries its defusing apostrophe by design. */
function asRead(cell: Cell): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'boolean') return cell ? 'true' : 'false'
  if (typeof cell === 'number') return String(cell)
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? `'${cell}` : cell
}

/**
 * Reads a file as a spreadsheet whose list separator is `;` does: cells split at `;` and rows
 * at line ends outside quotes, every quote mark turning quoting on or off. Every cell it finds
 * is one the spreadsheet would run as a formula if it started with one.
 */
function readAsSemicolonSheet(text: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (const char of text.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === ';' || char === '\n' || char === '\r')) {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  cells.push(cell)
  return cells
}

describe('CSV exports read back with a strict parser', () => {
  it('give back every groups record field for field, line breaks, quotes and commas included', async () => {
    const groups = [...hostileGroups(), ...account]
    const result = await service(groups).exportGroups({ ...QUERY, accountId: 'acc' })
    const records = readStrictly(await readFile(result.path!, 'utf8'))
    const expected = GroupsIndex.of(groups)
      .query({ ...QUERY, offset: 0, limit: 200 })
      .rows.map((row) =>
        groupRow(
          groups.find((g) => g.id === row.id)!,
          NOW / 1000,
        ).map(asRead),
      )
    expect(records[0]).toEqual([...GROUP_COLUMNS])
    expect(records).toHaveLength(groups.length + 1)
    expect(records.slice(1, expected.length + 1)).toEqual(expected)
    const byId = new Map(records.slice(1).map((r) => [r[0], r]))
    for (const group of groups) expect(byId.get(group.id)).toEqual(groupRow(group, NOW / 1000).map(asRead))
  })

  it('keep descriptions with line breaks in one record each', async () => {
    const multiLine = account.filter((g) => /[\r\n]/.test(g.description ?? ''))
    expect(multiLine.length).toBeGreaterThan(0)
    const result = await service(account).exportGroups({ ...QUERY, accountId: 'acc' })
    const records = readStrictly(await readFile(result.path!, 'utf8'))
    expect(records).toHaveLength(account.length + 1)
    const column = GROUP_COLUMNS.indexOf('description')
    const byId = new Map(records.slice(1).map((r) => [r[0], r[column]]))
    for (const group of multiLine) expect(byId.get(group.id)).toBe(group.description)
  })

  it('leave no cell a spreadsheet would run as a formula, read with `;` as its list separator', async () => {
    const groups = hostileGroups()
    const files = [
      (await service(groups).exportGroups({ ...QUERY, accountId: 'acc' })).path!,
      ...(await Promise.all(groups.map(async (group) => (await service([group]).exportParticipants('acc', group.id)).path!))),
    ]
    for (const file of files) {
      const text = await readFile(file, 'utf8')
      const formulas = readAsSemicolonSheet(text).filter((cell) => /^[=+\-@]/.test(cell))
      expect({ file, formulas }).toEqual({ file, formulas: [] })
    }
  })

  it('give back every participants record of a group with a hostile name', async () => {
    for (const group of hostileGroups()) {
      const result = await service([group]).exportParticipants('acc', group.id)
      const records = readStrictly(await readFile(result.path!, 'utf8'))
      expect(records[0]).toEqual([...PARTICIPANT_COLUMNS])
      expect(records.slice(1)).toEqual(participantRows(group).map((row) => row.map(asRead)))
    }
  })
})
