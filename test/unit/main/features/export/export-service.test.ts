import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { GroupFilter, GroupSort } from '@shared/channels/groups'
import { GroupSchema, type Group } from '@shared/domain'
import { AppError, codeText } from '@shared/errors'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ExportService,
  GROUP_COLUMNS,
  PARTICIPANT_COLUMNS,
  downloadsFolder,
  fileSafe,
  type DialogsPort,
  type ExportSource,
} from '../../../../../src-main/features/export'
import { GroupsIndex } from '../../../../../src-main/features/groups/index'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { emulatorGroups } from './emulator-groups'

const NOW = Date.parse('2026-11-22T10:00:00Z')
let dir: string
let account: Group[]

/** The account every export here names. */
const ACCOUNT = 'acc'

/** The list's index, and each group's full record as main reads it from disk; another account has nothing. */
function sourceOf(groups: readonly Group[]): ExportSource {
  const index = GroupsIndex.of(groups)
  const own = (accountId: string) => {
    if (accountId !== ACCOUNT) throw new AppError('not-found', codeText('not-found'))
  }
  return {
    query: async (accountId, query) => {
      own(accountId)
      return index.query(query)
    },
    get: async (accountId, id) => {
      own(accountId)
      const detail = index.get(id)
      const group = groups.find((g) => g.id === id)
      if (!detail || !group) throw new AppError('not-found', codeText('not-found'))
      return { ...detail, group }
    },
  }
}

function service(groups: readonly Group[], dialogs: DialogsPort = downloadsFolder(dir)) {
  return new ExportService({ source: sourceOf(groups), dialogs, log: silentLogger, now: () => NOW })
}

function readCsv(text: string): Record<string, string>[] {
  return parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[]
}

const QUERY: { accountId: string; search: string; filters: GroupFilter[]; labels: string[]; sort: GroupSort } = {
  accountId: ACCOUNT,
  search: '',
  filters: [],
  labels: [],
  sort: 'recent',
}

beforeAll(async () => {
  account = await emulatorGroups(400)
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-export-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('ExportService.exportGroups', () => {
  it('writes the groups matching the list’s query, in its order, with a BOM and a header', async () => {
    const exports = service(account)
    const query = { ...QUERY, filters: ['unread' as const], sort: 'name' as const }
    const result = await exports.exportGroups(query)
    expect(result.path).toBe(join(dir, 'groups-2026-11-22.csv'))
    const text = await readFile(result.path!, 'utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    // Every cell quoted, the header's too (see toCsv).
    expect(text.split('\r\n')[0]).toBe('\uFEFF' + GROUP_COLUMNS.map((name) => `"${name}"`).join(','))

    const { accountId: _account, ...list } = query
    const expected = GroupsIndex.of(account).query({ ...list, filters: ['unread'], offset: 0, limit: 10_000 })
    const rows = readCsv(text)
    expect(result.rows).toBe(expected.matching)
    expect(rows).toHaveLength(expected.matching)
    expect(rows.map((r) => r['id'])).toEqual(expected.rows.map((r) => r.id))
    expect(rows.every((r) => Number(r['unread']) > 0)).toBe(true)
  })

  it('writes every group when nothing filters, each field in its column', async () => {
    const result = await service(account).exportGroups({ ...QUERY })
    const rows = readCsv(await readFile(result.path!, 'utf8'))
    expect(rows).toHaveLength(account.length)
    const byId = new Map(rows.map((r) => [r['id'], r]))
    for (const group of account.slice(0, 50)) {
      const row = byId.get(group.id)!
      expect(row['name']).toBe(group.name)
      expect(Number(row['participants'])).toBe(group.participants_count)
      expect(row['pinned']).toBe(String(group.pin === true))
      expect(row['description']).toBe(group.description ?? '')
      expect(row['invite_link']).toBe(group.invite_code ? `https://chat.whatsapp.com/${group.invite_code}` : '')
      expect(row['labels']).toBe((group.labels ?? []).map((l) => l.name).join('; '))
      expect(row['created_at']).toBe(group.created_at ? new Date(group.created_at * 1000).toISOString() : '')
    }
  })

  it('quotes text of every script, commas, quotes and line breaks so it reads back unchanged', async () => {
    const names = [
      'Hikers, "the best", club',
      'Line one\nline two\r\nline three',
      'كرة القدم — أولياء الأمور',
      '家长群 2025',
      'Родительский чат 5Б',
      'परिवार 👨‍👩‍👧‍👦 🎉',
      'Ζ; tab\there',
    ]
    const groups = names.map((name, i) =>
      GroupSchema.parse({
        id: `${i}@g.us`,
        type: 'group',
        name,
        timestamp: 1000 - i,
        participants_count: 1,
        participants: [],
        description: `${name} / desc`,
      }),
    )
    const result = await service(groups).exportGroups({ ...QUERY })
    const rows = readCsv(await readFile(result.path!, 'utf8'))
    expect(rows.map((r) => r['name'])).toEqual(names)
    expect(rows.map((r) => r['description'])).toEqual(names.map((n) => `${n} / desc`))
  })

  it('defuses text a spreadsheet would run as a formula', async () => {
    const groups = ['=HYPERLINK("http://evil")', '+1 555', '@SUM(A1)', '-2'].map((name, i) =>
      GroupSchema.parse({ id: `${i}@g.us`, type: 'group', name, timestamp: 100 - i, participants_count: 1, participants: [] }),
    )
    const rows = readCsv(await readFile((await service(groups).exportGroups({ ...QUERY })).path!, 'utf8'))
    expect(rows.map((r) => r['name'])).toEqual(['\'=HYPERLINK("http://evil")', "'+1 555", "'@SUM(A1)", "'-2"])
    expect(rows.map((r) => r['participants'])).toEqual(['1', '1', '1', '1'])
  })

  it('writes nothing when the user cancels the dialog', async () => {
    const result = await service(account, { chooseSavePath: async () => null }).exportGroups({ ...QUERY })
    expect(result).toEqual({ path: null, rows: 0 })
    expect(await readdir(dir)).toEqual([])
  })

  it('gives each export its own file name in the downloads folder', async () => {
    const exports = service(account.slice(0, 5))
    const first = await exports.exportGroups({ ...QUERY })
    const second = await exports.exportGroups({ ...QUERY })
    expect(first.path).toBe(join(dir, 'groups-2026-11-22.csv'))
    expect(second.path).toBe(join(dir, 'groups-2026-11-22 (2).csv'))
  })

  it('reports a folder it cannot write to in plain words', async () => {
    const missing = join(dir, 'no', 'such', 'folder', 'out.csv')
    const exports = service(account.slice(0, 5), { chooseSavePath: async () => missing })
    await expect(exports.exportGroups({ ...QUERY })).rejects.toMatchObject({
      code: 'storage',
      text: { key: 'groupErrors.export.notWritten' },
      details: { errno: 'ENOENT' },
    })
  })

  it('leaves an earlier file whole when an export fails half-way', async () => {
    const path = join(dir, 'groups.csv')
    await writeFile(path, 'the earlier export')
    const source = sourceOf(account)
    let reads = 0
    const failing = new ExportService({
      source: {
        query: source.query,
        get: async (accountId, id) => {
          if (++reads > 10) throw new AppError('storage', codeText('storage'))
          return source.get(accountId, id)
        },
      },
      dialogs: { chooseSavePath: async () => path },
      log: silentLogger,
    })
    await expect(failing.exportGroups({ ...QUERY })).rejects.toMatchObject({ code: 'storage' })
    expect(await readFile(path, 'utf8')).toBe('the earlier export')
    expect(await readdir(dir)).toEqual(['groups.csv'])
  })
})

describe('ExportService.exportParticipants', () => {
  it('writes one row per participant with their rank and number', async () => {
    const group = account.find((g) => g.participants.length > 50)!
    const result = await service(account).exportParticipants(ACCOUNT, group.id)
    expect(result.path).toBe(join(dir, `participants-${fileSafe(group.name)}-2026-11-22.csv`))
    const text = await readFile(result.path!, 'utf8')
    expect(text.split('\r\n')[0]).toBe('\uFEFF' + PARTICIPANT_COLUMNS.map((name) => `"${name}"`).join(','))
    const rows = readCsv(text)
    expect(result.rows).toBe(group.participants.length)
    expect(rows.map((r) => [r['participant_id'], r['rank']])).toEqual(group.participants.map((p) => [p.id, p.rank]))
    expect(rows.every((r) => r['group_name'] === group.name && /^\d+$/.test(r['phone']!))).toBe(true)
  })

  it('says so when the group is gone, before any dialog opens', async () => {
    let asked = false
    const exports = service(account, {
      chooseSavePath: async () => {
        asked = true
        return join(dir, 'x.csv')
      },
    })
    await expect(exports.exportParticipants(ACCOUNT, 'nope@g.us')).rejects.toMatchObject({ code: 'not-found' })
    expect(asked).toBe(false)
  })

  it('reads the group of the account it names, never another’s', async () => {
    const group = account[0]!
    const exports = service(account)
    await expect(exports.exportParticipants('another-account', group.id)).rejects.toMatchObject({ code: 'not-found' })
    await expect(exports.exportGroups({ ...QUERY, accountId: 'another-account' })).rejects.toMatchObject({ code: 'not-found' })
    expect(await readdir(dir)).toEqual([])
  })
})

describe('fileSafe', () => {
  it('keeps letters of any script and drops what file systems refuse', () => {
    expect(fileSafe('Weekend hikers / 2025: "best"')).toBe('Weekend-hikers-2025-best')
    expect(fileSafe('كرة القدم')).toBe('كرة-القدم')
    expect(fileSafe('...')).toBe('group')
  })
})
